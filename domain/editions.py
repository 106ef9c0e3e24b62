"""The law in force on a day: each difference between the 1987 text and later law, as a dated
row (recount-rules.md section 7a), the way OpenFisca and PolicyEngine date their parameters:
what changed, from when, what held before, the source and how sure we are.

A verdict applies the rows in force on the day that opens its window (the official canvass;
domain.verdict.law_day). Where the day a change took effect is known only to lie between two
days (2025 SB 57: passed May 8, 2025, its chapter assigned May 13, the approval itself not
seen), a day between them is `UNSETTLED`: the reply gives both readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Final

from domain.confidence import Confidence


class TakenOn(Enum):
    """Which day a row is read on (recount-rules.md section 7a): procedure follows the law in
    force when the act is done."""

    CANVASS = "canvass"  # the canvass board's act: the canvass day
    FILING = "filing"  # who files, where and how: the day to act, or today where later
    DAY_COUNTED = "day_counted"  # the calendar: each day of the count, by its year


class InForce(Enum):
    YES = "in_force"
    NO = "not_yet"
    UNSETTLED = "unsettled"  # it took effect on or before this day, or after: not known


# A row's `settled_from` where the day it took effect is not known yet (a bill whose
# approval was not seen): unsettled from `in_force_from` on.
NOT_YET_KNOWN: Final = date.max


@dataclass(frozen=True, slots=True, kw_only=True)
class DatedRow:
    key: str  # stable: the JSON names a row by it
    what: str  # what the row changed, in our words
    in_force_from: date  # the first day it can have been in force
    # The first day it surely was, where the day it took effect is not known ("between");
    # None: it took effect on `in_force_from`, a day known.
    settled_from: date | None = None
    before: str  # what held before, in our words
    source: str
    confidence: Confidence  # as related.md has it
    taken_on: TakenOn

    @property
    def day_known(self) -> bool:
        return self.settled_from is None

    def on(self, day: date) -> InForce:
        if day < self.in_force_from:
            return InForce.NO
        if self.settled_from is not None and day < self.settled_from:
            return InForce.UNSETTLED
        return InForce.YES

    def as_json(self, day: date) -> dict[str, str]:
        return {
            "key": self.key,
            "taken_on": self.taken_on.value,
            "day": day.isoformat(),
            "in_force_from": self.in_force_from.isoformat(),
            "on_the_day": self.on(day).value,
            "source": self.source,
            "confidence": self.confidence.value,
        }


CANVASS_BOARD_MAY_REQUIRE: Final = DatedRow(
    key="canvass_board_may_require",
    what="(7): the county canvass board may require a recount or an inspection of ballots, "
    "after an investigation",
    # effective on approval: not before it passed (May 8, 2025), surely by the day after its
    # chapter was assigned (May 13, 2025); the approval day itself not seen (related.md)
    in_force_from=date(2025, 5, 8),
    settled_from=date(2025, 5, 14),
    taken_on=TakenOn.CANVASS,
    before="the board petitions the election administrator immediately (the 1987 (7); "
    "13-15-403(4) as in the 2021 code)",
    source="2025 SB 57 (passed May 8, 2025, effective on approval; chapter assigned May 13, "
    "2025; the approval day not seen)",
    confidence=Confidence.TRACKERS_AND_SUMMARIES,
)
SCHOOL_SUBSECTION: Final = DatedRow(
    key="school_subsection",
    what="school elections: their own subsection, the school election filing officer, the "
    "school recount board",
    in_force_from=date(2013, 4, 30),
    taken_on=TakenOn.FILING,  # who files and where: Ch. 347 governs a May 3, 2013 filing
    before="the 1987 (1)/(3): the election administrator and the county recount board",
    source="Ch. 347, L. 2013 (13-16-204's history: effective Apr 30, 2013)",
    confidence=Confidence.NEIGHBOURING_SEEN,
)
SATURDAY_OBSERVANCE: Final = DatedRow(
    key="saturday_holiday_observed_friday",
    what="1-1-216(2): a holiday on a Saturday makes the Friday before a holiday",
    in_force_from=date(2013, 1, 1),
    # applied by calendar year, as implemented
    taken_on=TakenOn.DAY_COUNTED,
    before="no Friday observance",
    source="1-1-216(2), as amended in 2013",
    confidence=Confidence.TEXT_SEEN,
)
HOLIDAY_NAMES: Final = DatedRow(
    key="holiday_names_2025",
    what="1-1-216(1)(d), (h): Presidents' Day; Indigenous Peoples' Day and Columbus Day",
    # introduced Feb 26, 2025, its approval day not seen (related.md): not in force before it
    # was introduced; from then on both names, until the approval day is known. The names
    # move no date: each holiday is named as on its own day.
    in_force_from=date(2025, 2, 26),
    settled_from=NOT_YET_KNOWN,
    taken_on=TakenOn.DAY_COUNTED,
    before="Lincoln's and Washington's Birthdays; Columbus Day",
    source="1-1-216(1)(d), (h), as amended by 2025 SB 224 (introduced Feb 26, 2025; its "
    "approval day not seen)",
    confidence=Confidence.TEXT_SEEN,
)
DATED_ROWS: Final = (
    CANVASS_BOARD_MAY_REQUIRE,
    SCHOOL_SUBSECTION,
    SATURDAY_OBSERVANCE,
    HOLIDAY_NAMES,
)
