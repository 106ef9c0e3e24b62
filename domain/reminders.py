"""When to remind a channel of a petition deadline: on days its offices are open.

Two reminders: the last open day before the day to act, and the day to act itself (the last
open day on or before the safe deadline, `Deadline.act_by`). An open day is a weekday that is
not a 1-1-216 legal holiday (domain.deadline.office_open): a reminder on a closed day helps
nobody.
"""

from __future__ import annotations

from datetime import date

from domain.deadline import ONE_DAY, last_open_day


def reminder_days(deadline_safe: date) -> tuple[date, date]:
    """(the day before, the day itself): both open days, neither after the safe deadline."""
    final = last_open_day(deadline_safe)
    return last_open_day(final - ONE_DAY), final
