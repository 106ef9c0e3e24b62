"""What the checker read, in one line, so a misreading shows at once (quick-syntax.md):

    county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026
    legislative seat; ...; county canvass Mon Nov 21, 2022; state canvass Tue Nov 29, 2022

Every field of the input is written with the quick-syntax word that sets it (its Term's first
keyword), in the order the shape declares them; the text, the Slack message and the JSON
all carry this same line.
"""

from __future__ import annotations

from datetime import date

from domain.deadline import long_date
from domain.fields import InputField, ValueType
from domain.input_fields import fields_for
from domain.inputs import ABOUT_FIELDS, Candidate, CheckInput
from domain.kinds import KINDS


def _piece(field: InputField, value: object, given: bool, two_canvasses: bool) -> str | None:
    if field.key in ABOUT_FIELDS and field.key != "race":
        return None  # the county, election and party: the about line says them (domain.about)
    word = field.term.keywords[0] if field.term.keywords else field.term.name
    if field.key == "canvass" and two_canvasses:
        word = "county canvass"  # which canvass each date is, where a kind has two
    match field.value_type:
        case ValueType.CANDIDATES:
            assert isinstance(value, tuple)
            return ", ".join(f"{c.name} {c.votes:,}" for c in value if isinstance(c, Candidate))
        case ValueType.DATE:
            return f"{word} {long_date(value)}" if isinstance(value, date) else f"no {word} date"
        case ValueType.FLAG:
            return word if value is True else None
        case ValueType.NUMBER:
            # A default (seats 1) is shown only when it was given.
            if value is None or (not given and value == field.default):
                return None
            assert isinstance(value, int)
            return f"{word} {value:,}"
        case _:
            return None if value is None else f'{word} "{value}"'


def read_as(inputs: CheckInput, *, label: bool = True) -> str:
    """`label=False`: without the race label, where the headline beside it names the race."""
    given = inputs.model_fields_set
    info = KINDS[inputs.kind]
    pieces = [info.label]
    for field in fields_for(inputs.kind):
        if field.key == "state_canvass" and inputs.no_state_canvass:
            continue  # "no state canvass" says it
        if field.key == "race" and not label:
            continue
        value = getattr(inputs, field.key)
        piece = _piece(field, value, field.key in given, info.counts_from_state_canvass)
        if piece is not None:
            pieces.append(piece)
    return "; ".join(pieces)
