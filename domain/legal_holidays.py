"""Montana legal holidays, written from MCA 1-1-216 with python-dateutil.

1-1-216(1) names the holidays: (a) each Sunday; (b) New Year's Day; (c) Martin Luther King
Jr. Day; (d) Presidents' Day; (e) Memorial Day; (f) Independence Day; (g) Labor Day;
(h) Indigenous Peoples' Day and Columbus Day; (i) Veterans' Day; (j) Thanksgiving;
(k) Christmas; (l) the day of the state general election. 1-1-216(2) moves a holiday of
(b)-(l) that falls on a Sunday to the Monday after, and (since 2013) one that falls on a
Saturday to the Friday before.

2025 SB 224 renamed (d) (before: Lincoln's and Washington's Birthdays) and (h) (before:
Columbus Day) without moving a date: a date before 2025 carries the name it had then.

Not here on purpose: Juneteenth (a federal holiday, not in 1-1-216) and the day after
Thanksgiving. The general election (13-1-104) is in even-numbered years only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from types import MappingProxyType
from typing import Final

from dateutil.relativedelta import MO, TH, relativedelta

from domain.editions import HOLIDAY_NAMES, SATURDAY_OBSERVANCE, InForce

SATURDAY: Final = 5
SUNDAY: Final = 6


@dataclass(frozen=True, slots=True)
class Holiday:
    day: date
    name: str
    citation: str  # e.g. "1-1-216(1)(i)", or "1-1-216(2)" for an observed day
    observed_for: date | None = None  # the real date, when this is the observed Friday/Monday


def _fixed(month: int, day: int) -> Callable[[int], date | None]:
    return lambda year: date(year, month, day)


def _nth_weekday(month: int, rule: relativedelta) -> Callable[[int], date | None]:
    return lambda year: date(year, month, 1) + rule


def _general_election(year: int) -> date | None:
    # 13-1-104: the first Tuesday after the first Monday in November of even-numbered years.
    if year % 2:
        return None
    first_monday = date(year, 11, 1) + relativedelta(weekday=MO(+1))
    return first_monday + timedelta(days=1)


# (letter of 1-1-216(1), name, rule giving the date in a year)
_NAMED_HOLIDAYS: Final[tuple[tuple[str, str, Callable[[int], date | None]], ...]] = (
    ("b", "New Year's Day", _fixed(1, 1)),
    ("c", "Martin Luther King Jr. Day", _nth_weekday(1, relativedelta(weekday=MO(+3)))),
    ("d", "Presidents' Day", _nth_weekday(2, relativedelta(weekday=MO(+3)))),
    ("e", "Memorial Day", _nth_weekday(5, relativedelta(day=31, weekday=MO(-1)))),
    ("f", "Independence Day", _fixed(7, 4)),
    ("g", "Labor Day", _nth_weekday(9, relativedelta(weekday=MO(+1)))),
    (
        "h",
        "Indigenous Peoples' Day and Columbus Day",
        _nth_weekday(10, relativedelta(weekday=MO(+2))),
    ),
    ("i", "Veterans' Day", _fixed(11, 11)),
    ("j", "Thanksgiving Day", _nth_weekday(11, relativedelta(weekday=TH(+4)))),
    ("k", "Christmas Day", _fixed(12, 25)),
    ("l", "state general election day", _general_election),
)


# 1-1-216(1)(d) and (h) as named before 2025 SB 224.
_NAMES_BEFORE_RENAMING: Final = MappingProxyType(
    {"d": "Lincoln's and Washington's Birthdays", "h": "Columbus Day"}
)


def holiday_name(letter: str, today_name: str, day: date) -> str:
    """The name 1-1-216(1) gave the holiday of `letter` on `day`: 2025 SB 224 renamed two,
    its approval day not seen (domain.editions.HOLIDAY_NAMES): the earlier name before it was
    introduced, both names after (recount-rules.md section 7a)."""
    earlier = _NAMES_BEFORE_RENAMING.get(letter)
    if earlier is None:
        return today_name
    match HOLIDAY_NAMES.on(day):
        case InForce.NO:
            return earlier
        case InForce.UNSETTLED:
            return f"{today_name} ({earlier} before 2025 SB 224)"
        case InForce.YES:
            return today_name


def _holidays_of_rules(year: int) -> list[Holiday]:
    """The (1)(b)-(l) holidays of `year` with their observed days, wherever those fall."""
    found: list[Holiday] = []
    for letter, today_name, rule in _NAMED_HOLIDAYS:
        day = rule(year)
        if day is None:
            continue
        name = holiday_name(letter, today_name, day)
        found.append(Holiday(day, name, f"1-1-216(1)({letter})"))
        if day.weekday() == SUNDAY:
            found.append(Holiday(day + timedelta(days=1), f"{name} (observed)", "1-1-216(2)", day))
        elif day.weekday() == SATURDAY and SATURDAY_OBSERVANCE.on(day) is InForce.YES:
            # may land in the previous year: New Year's Day on a Saturday makes Dec 31 a holiday
            found.append(Holiday(day - timedelta(days=1), f"{name} (observed)", "1-1-216(2)", day))
    return found


@cache
def legal_holidays(year: int) -> MappingProxyType[date, Holiday]:
    """Every 1-1-216(1)(b)-(l) holiday and observed day falling within `year` (no Sundays)."""
    days: dict[date, Holiday] = {}
    for rule_year in (year - 1, year, year + 1):
        for holiday in _holidays_of_rules(rule_year):
            if holiday.day.year == year:
                # A real holiday outranks an observed one on the same day.
                days.setdefault(holiday.day, holiday)
                if holiday.observed_for is None:
                    days[holiday.day] = holiday
    return MappingProxyType(dict(sorted(days.items())))


def legal_holiday(day: date) -> Holiday | None:
    """The legal holiday on `day`, Sundays included (1-1-216(1)(a)); None on a business day."""
    named = legal_holidays(day.year).get(day)
    if named is not None:
        return named
    if day.weekday() == SUNDAY:
        return Holiday(day, "Sunday", "1-1-216(1)(a)")
    return None
