"""Dates as clerks type them: 2026-11-16, 11/16/2026, 11/16, Nov 16, "Nov 16, 2026"."""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from domain import InputError
from domain.citations import FIRST_YEAR, LAST_YEAR

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
DATE_HINT: Final = "write it like 2026-11-16, 11/16/2026, 11/16 or Nov 16"
_LEAP_CYCLE: Final = 8  # Feb 29 comes back within 8 years, even across 1900 and 2100


def _make_date(year: int, month: int, day: int, shown: str) -> date:
    if not FIRST_YEAR.value <= year <= LAST_YEAR.value:
        raise InputError.about(
            "canvass",
            f'"{shown}": the year {year} is out of range; give a year from {FIRST_YEAR.value} '
            f"to {LAST_YEAR.value}",
        )
    try:
        return date(year, month, day)
    except ValueError:
        raise InputError.about("canvass", f'"{shown}" is not a real date') from None


def _nearest(month: int, day: int, today: date, shown: str) -> date:
    """A date written without a year: the such date nearest to today, past or future; one
    exactly as far back as ahead is the past one (quick-syntax.md). So in January "Dec 30" is
    last December 30, and on Nov 17 "Nov 21" is four days ahead, not last year's."""
    found = []
    for year in range(today.year - _LEAP_CYCLE, today.year + _LEAP_CYCLE + 1):
        try:
            found.append(date(year, month, day))
        except ValueError:
            continue
    if not found:
        raise InputError.about("canvass", f'"{shown}" is not a real date')
    # nearest first; on a tie the past one (the earlier date)
    best = min(found, key=lambda d: (abs((d - today).days), d))
    return _make_date(best.year, month, day, shown)


def single_word_date(word: str, today: date) -> date | None:
    """`2026-11-16`, `11/16/2026` or `11/16`; None if the word is no such date."""
    if m := _ISO_DATE.fullmatch(word):
        return _make_date(int(m[1]), int(m[2]), int(m[3]), word)
    if m := _US_DATE.fullmatch(word):
        if m[3] is None:
            return _nearest(int(m[1]), int(m[2]), today, word)
        if len(m[3]) not in (2, 4):
            raise InputError.about(
                "canvass", f'"{word}": write the year with four digits (or two), like 11/16/2026'
            )
        year = int(m[3]) + (2000 if len(m[3]) == 2 else 0)  # M/D/YY is 20YY
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
    # A four-digit word after "Nov 16" is its year only if it could be one: "canvass Nov 16
    # 1204 1199" reads 1204 as votes (and "Read as" shows it so).
    if (
        len(words) > 2
        and _YEAR.fullmatch(words[2])
        and FIRST_YEAR.value <= int(words[2]) <= LAST_YEAR.value
    ):
        return _make_date(int(words[2]), month, int(day[1]), " ".join(words[:3])), 3
    return _nearest(month, int(day[1]), today, " ".join(words[:2])), 2


def is_month(word: str) -> bool:
    return word.lower().rstrip(".") in MONTHS


def parse_date(text: str, today: date) -> date:
    """A whole date string as the form or a quoted canvass item gives it."""
    words = text.replace(",", " ").split()
    single = single_word_date(words[0], today) if len(words) == 1 else None
    if single is not None:
        return single
    if len(words) == 3 and _YEAR.fullmatch(words[2]):  # "Nov 16, 1850": a year, out of range
        month = MONTHS.get(words[0].lower().rstrip("."))
        day = _DAY.fullmatch(words[1])
        if month is not None and day is not None:
            return _make_date(int(words[2]), month, int(day[1]), text)
    found = month_date(words, today)
    if found is None or found[1] != len(words):
        raise InputError.about("canvass", f'"{text}" is not a date; {DATE_HINT}')
    return found[0]
