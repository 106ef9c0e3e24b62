"""The last day to file: "within 5 days after the official canvass" (13-16-201(1)-(5)).

1-1-306: exclude the first day, include the last; a last day that is a holiday is excluded
too, so the time runs to the next day. 1-1-307 (title seen, text not) postpones an act due on a
holiday or a Saturday to the next business day. 1-1-216(2)(c) calls Saturday a business day,
so 1-1-306 read alone would leave a Saturday last day where it is. We compute both readings:
`deadline` postpones Saturdays (1-1-307's title); `deadline_safe` does not, and is never later.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum
from functools import cache
from typing import Final

from domain.citations import STATUTE, Cited
from domain.legal_holidays import SATURDAY, legal_holiday

ONE_DAY: Final = timedelta(days=1)


def office_open(day: date) -> bool:
    """A day a filing office is open: a weekday that is not a 1-1-216 legal holiday.
    1-1-216(2)(c) counts Saturday as a business day, but no county, school district or
    Secretary of State's office takes a petition over the counter on one."""
    return day.weekday() < SATURDAY and legal_holiday(day) is None


def commonly_closed(day: date) -> str | None:
    """A day many county offices close by local policy though 1-1-216 makes it no legal
    holiday (recount-rules.md section 6): the day after Thanksgiving, Dec 24, Dec 31. The
    legal last day does not move; the reply names the open day before as well."""
    if day.month == 12 and day.day in (24, 31):
        return "Christmas Eve" if day.day == 24 else "New Year's Eve"
    thanksgiving = legal_holiday(day - ONE_DAY)
    if day.month == 11 and thanksgiving is not None and thanksgiving.name == "Thanksgiving Day":
        return "the day after Thanksgiving"
    return None


def last_open_day(on_or_before: date) -> date:
    day = on_or_before
    while not office_open(day):
        day -= ONE_DAY
    return day


def next_open_day(on_or_after: date) -> date:
    day = on_or_after
    while not office_open(day):
        day += ONE_DAY
    return day


class Phase(StrEnum):
    """Where today stands in the filing window, for the one instruction a reply gives."""

    NO_DEADLINE = "no_deadline"  # no canvass date: the window is not known yet
    BEFORE_ACT_BY = "before_act_by"
    ON_ACT_BY = "on_act_by"  # today is the last open day on or before the safe date
    # The office is closed from the day after `act_by` through the safe date (a Saturday, or a
    # Saturday after a Friday holiday): the next open day is `deadline`, timely only under 1-1-307.
    OFFICE_CLOSED = "office_closed"
    ONLY_1_1_307 = "only_1_1_307"  # after the safe date, on or before `deadline`
    PASSED = "passed"

    @property
    def only_if_1_1_307(self) -> bool:
        return self in (Phase.OFFICE_CLOSED, Phase.ONLY_1_1_307)


@dataclass(frozen=True, slots=True)
class DeadlineStep:
    """One step of the count: the date reached, why, and the law that says so."""

    day: date
    reason: str
    citation: str


@dataclass(frozen=True, slots=True)
class Deadline:
    canvass: date
    window_days: int  # 5: "within 5 days after the official canvass"
    last_day_of_window: date  # canvass + 5, before any postponement
    deadline: date  # Saturdays postponed (1-1-307)
    deadline_safe: date  # only Sundays and legal holidays postponed (1-1-306)
    steps: tuple[DeadlineStep, ...]  # the path to `deadline`
    steps_safe: tuple[DeadlineStep, ...]  # the path to `deadline_safe`
    counted_from: str = "canvass"  # how the trace names the canvass: "state canvass"

    @property
    def readings_differ(self) -> bool:
        return self.deadline != self.deadline_safe

    @property
    def act_by(self) -> date:
        """The day to act: the last day the filing office is open on or before the safe date.
        Where the readings differ the safe date is a Saturday, so this is a day before it."""
        return last_open_day(self.deadline_safe)

    def phase(self, today: date) -> Phase:
        act_by = self.act_by
        if today < act_by:
            return Phase.BEFORE_ACT_BY
        if today == act_by:
            return Phase.ON_ACT_BY
        if today <= self.deadline_safe:
            return Phase.OFFICE_CLOSED
        if today <= self.deadline:
            return Phase.ONLY_1_1_307
        return Phase.PASSED

    def days_until(self, today: date) -> tuple[int, int]:
        """Days from `today` to `deadline` and to `deadline_safe` (negative once passed)."""
        return (self.deadline - today).days, (self.deadline_safe - today).days

    def passed(self, today: date) -> bool:
        # On the deadline day itself the petition is still timely.
        return today > self.deadline

    def trace(self, *, safe: bool = False) -> str:
        """The path as one line, every date with its year: "canvass Mon Nov 16, 2026 + 5 days
        = Sat Nov 21, 2026 -> Saturday (1-1-307) -> ..."."""
        return trace_line(
            self.steps_safe if safe else self.steps, self.window_days, self.counted_from
        )


@cache  # a verdict names its few dates again and again
def long_date(day: date) -> str:
    """ "Mon Nov 16, 2026", the form every reply uses for a deadline."""
    return f"{day:%a %b} {day.day}, {day.year}"


def trace_line(
    steps: tuple[DeadlineStep, ...], window_days: int, counted_from: str = "canvass"
) -> str:
    canvass, window_end, *moves = steps
    parts = [
        f"{counted_from} {long_date(canvass.day)} + {window_days} days = "
        f"{long_date(window_end.day)}"
    ]
    for step in moves[:-1]:
        # The window's end was just named, so its own reason needs no date again.
        named = "" if step.day == window_end.day else f"{long_date(step.day)} "
        parts.append(f"{named}{step.reason} ({step.citation})")
    if moves[:-1]:
        parts.append(long_date(moves[-1].day))
    return " -> ".join(parts)


def _postpone(start: date, *, saturdays: bool) -> tuple[date, list[DeadlineStep]]:
    day = start
    steps: list[DeadlineStep] = []
    while True:
        holiday = legal_holiday(day)
        is_saturday = saturdays and day.weekday() == SATURDAY
        if holiday is None and not is_saturday:
            steps.append(DeadlineStep(day, "last day to file", STATUTE))
            return day, steps
        if holiday is not None and holiday.name == "Sunday":
            steps.append(DeadlineStep(day, "Sunday, a legal holiday", holiday.citation))
        elif holiday is not None:
            steps.append(DeadlineStep(day, f"{holiday.name}, a legal holiday", holiday.citation))
        else:
            steps.append(DeadlineStep(day, "Saturday", "1-1-307"))
        day += ONE_DAY


@cache  # pure: a scan asks the same canvass date for every contest
def petition_deadline(canvass: date, window: Cited[int], counted_from: str = "canvass") -> Deadline:
    """Both readings of the last day to file, each with the path that reaches it."""
    window_end = canvass + timedelta(days=window.value)
    start = (
        DeadlineStep(canvass, "official canvass", STATUTE),
        DeadlineStep(
            window_end,
            f"+ {window.value} days (first day excluded, last included)",
            "1-1-306",
        ),
    )
    deadline, moves = _postpone(window_end, saturdays=True)
    deadline_safe, moves_safe = _postpone(window_end, saturdays=False)
    return Deadline(
        canvass=canvass,
        window_days=window.value,
        last_day_of_window=window_end,
        deadline=deadline,
        deadline_safe=deadline_safe,
        steps=(*start, *moves),
        steps_safe=(*start, *moves_safe),
        counted_from=counted_from,
    )
