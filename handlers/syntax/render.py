"""A check's inputs written back as quick syntax: the line that reproduces a verdict.

The scan prints it beside every listed contest, so a clerk can paste it into `recount check`
or `/recount`, change a number and ask "what if". Every field is written with its declared
keyword (domain.fields), so the line reads back to the same inputs.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from domain import FAMILY_FIELDS, KINDS, CheckInput, ValueType

# The grammar has no escape for a double quote inside a quoted name ('ANDREW "ANDY"
# BREUNER'): such a quote is written as a single one, which changes no figure.
_INNER_QUOTE: Final = str.maketrans({'"': "'", "“": "'", "”": "'"})


def _quoted(text: str) -> str:
    return f'"{text.translate(_INNER_QUOTE)}"'


def quick_syntax(inputs: CheckInput) -> str:
    """`county "Smith" 1204 "Jones" 1199 canvass 2026-11-16`, from the validated inputs."""
    data = inputs.model_dump()
    words = [inputs.kind.value]
    for field in FAMILY_FIELDS[KINDS[inputs.kind].family]:
        value = data.get(field.key)
        if value is None or field.value_type is ValueType.KIND:
            continue
        if field.value_type is ValueType.CANDIDATES:
            words += [f"{_quoted(c['name'])} {c['votes']}" for c in value]
            continue
        if field.key == "seats" and value == 1:
            continue  # the default, as a clerk would leave it out
        keyword = field.term.keywords[0]
        if field.value_type is ValueType.FLAG:
            if value is True:
                words.append(keyword)  # `no state canvass`: the keyword alone
            continue
        if isinstance(value, date):
            words.append(f"{keyword} {value.isoformat()}")
        elif isinstance(value, str):
            words.append(f"{keyword} {_quoted(value)}")
        else:
            words.append(f"{keyword} {value}")
    return " ".join(words)
