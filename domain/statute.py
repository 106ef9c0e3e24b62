"""The text of 13-16-201 as the bot quotes it, read from the one copy shipped in the package.

The file is the 1987 edition (as amended through Ch. 19, L. 1987). Replies quote from here
and nowhere else; other sections are described in our own words in `domain.related`.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Final

from domain.subsections import RULES, Subsection

STATUTE_FILE: Final = "13-16-201.txt"

_SUBSECTION_START: Final = re.compile(r"^\((\d)\)\s+")


def statute_text() -> str:
    """The whole shipped text of 13-16-201."""
    return _read()


@cache
def _read() -> str:
    return resources.files("domain").joinpath("data", STATUTE_FILE).read_text(encoding="utf-8")


@cache
def _subsections() -> MappingProxyType[Subsection, str]:
    found: dict[Subsection, str] = {}
    for line in _read().splitlines():
        match = _SUBSECTION_START.match(line)
        if match:
            found[Subsection(int(match.group(1)))] = line.strip()
    missing = set(Subsection) - set(found)
    if missing:  # a damaged data file must never produce a reply without its quote
        raise RuntimeError(f"statute text lacks subsections {sorted(missing)}")
    return MappingProxyType(found)


def subsection_text(subsection: Subsection) -> str:
    """The words of one subsection, starting with its number, e.g. "(1) If a candidate ..."."""
    return _subsections()[subsection]


def edition_note(subsection: Subsection) -> str:
    """Which edition we quote, and where the subsection stands in the current code."""
    rule = RULES[subsection]
    return (
        f"Text as amended through 1987; ({subsection.value}) is {rule.current_number} in the "
        f"current code [numbering {rule.current_number_confidence}]."
    )
