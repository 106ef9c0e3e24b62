"""Dates as clerks type them: 2026-11-16, 11/16/2026, 11/16, Nov 16, "Nov 16, 2026"."""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from domain import InputError

MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}

_ISO_DATE: Final = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_US_DATE: Final = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d+))?")
_DAY: Final = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?,?", re.IGNORECASE)
_YEAR: Final = re.compile(r"\d{4}")
_FIRST_YEAR, _LAST_YEAR = 1900, 2100  # a four-digit word after "canvass Nov 16" is its year
DATE_HINT: Final = "write it like 2026-11-16, 11/16/2026, 11/16 or Nov 16"


def _make_date(year: int, month: int, day: int, shown: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise InputError.about("canvass", f'"{shown}" is not a real date') from None


def single_word_date(word: str, today: date) -> date | None:
    """`2026-11-16`, `11/16/2026` or `11/16`; None if the word is no such date."""
    if m := _ISO_DATE.fullmatch(word):
        return _make_date(int(m[1]), int(m[2]), int(m[3]), word)
    if m := _US_DATE.fullmatch(word):
        year = today.year if m[3] is None else int(m[3])
        if m[3] is not None and len(m[3]) != 4:
            raise InputError.about(
                "canvass", f'"{word}": write the year with four digits, like 11/16/2026'
            )
        return _make_date(year, int(m[1]), int(m[2]), word)
    return None


def month_date(words: list[str], today: date) -> tuple[date, int] | None:
    """`Nov 16`, `November 16, 2026`, `Nov. 16th 2026`: the date and how many words it took."""
    if not words:
        return None
    month = MONTHS.get(words[0].lower().rstrip("."))
    if month is None:
        return None
    if len(words) < 2 or not (day := _DAY.fullmatch(words[1])):
        shown = " ".join(words[:2])
        raise InputError.about("canvass", f'"{shown}" needs a day after the month, like Nov 16')
    year, used = today.year, 2
    if len(words) > 2 and _YEAR.fullmatch(words[2]) and _FIRST_YEAR <= int(words[2]) <= _LAST_YEAR:
        year, used = int(words[2]), 3
    return _make_date(year, month, int(day[1]), " ".join(words[:used])), used


def parse_date(text: str, today: date) -> date:
    """A whole date string as the form or a quoted canvass item gives it."""
    words = text.replace(",", " ").split()
    single = single_word_date(words[0], today) if len(words) == 1 else None
    if single is not None:
        return single
    found = month_date(words, today)
    if found is None or found[1] != len(words):
        raise InputError.about("canvass", f'"{text}" is not a date; {DATE_HINT}')
    return found[0]
