"""The law in force on a day: each difference between the 1987 text and later law, as a dated
row (recount-rules.md section 7a), the way OpenFisca and PolicyEngine date their parameters:
what changed, from when, what held before, the source and how sure we are.

A verdict applies the rows in force on the day that opens its window (the official canvass;
domain.verdict.law_day). Where only the month of a change is known (2025 SB 57), a day in
that month is `UNSETTLED`: the reply gives both readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Final


class InForce(Enum):
    YES = "in_force"
    NO = "not_yet"
    UNSETTLED = "unsettled"  # the month is known, the day is not


@dataclass(frozen=True, slots=True, kw_only=True)
class DatedRow:
    key: str  # stable: the JSON names a row by it
    what: str  # what the row changed, in our words
    in_force_from: date
    day_known: bool  # False: only the month (or year) is known
    before: str  # what held before, in our words
    source: str
    confidence: str  # as related.md has it

    def on(self, day: date) -> InForce:
        if not self.day_known and self._same_period(day):
            return InForce.UNSETTLED
        return InForce.YES if day >= self.in_force_from else InForce.NO

    def _same_period(self, day: date) -> bool:
        start = self.in_force_from
        return (day.year, day.month) == (start.year, start.month)

    def as_json(self, day: date) -> dict[str, str]:
        return {
            "key": self.key,
            "in_force_from": self.in_force_from.isoformat(),
            "on_the_day": self.on(day).value,
            "source": self.source,
            "confidence": self.confidence,
        }


CANVASS_BOARD_MAY_REQUIRE: Final = DatedRow(
    key="canvass_board_may_require",
    what="(7): the county canvass board may require a recount or an inspection of ballots, "
    "after an investigation",
    in_force_from=date(2025, 5, 1),
    day_known=False,  # approved in May 2025; chapter assigned May 13, 2025
    before="the board petitions the election administrator immediately (the 1987 (7); "
    "13-15-403(4) as in the 2021 code)",
    source="2025 SB 57 (chapter assigned May 13, 2025; the effective day not verified)",
    confidence="passage and chapter: bill trackers; wording: summaries",
)
SCHOOL_SUBSECTION: Final = DatedRow(
    key="school_subsection",
    what="school elections: their own subsection, the school election filing officer, the "
    "school recount board",
    in_force_from=date(2013, 4, 30),
    day_known=True,
    before="the 1987 (1)/(3): the election administrator and the county recount board",
    source="Ch. 347, L. 2013 (13-16-204's history: effective Apr 30, 2013)",
    confidence="neighbouring sections seen",
)
SATURDAY_OBSERVANCE: Final = DatedRow(
    key="saturday_holiday_observed_friday",
    what="1-1-216(2): a holiday on a Saturday makes the Friday before a holiday",
    in_force_from=date(2013, 1, 1),
    day_known=True,  # applied by calendar year, as implemented
    before="no Friday observance",
    source="1-1-216(2), as amended in 2013",
    confidence="text seen",
)
HOLIDAY_NAMES: Final = DatedRow(
    key="holiday_names_2025",
    what="1-1-216(1)(d), (h): Presidents' Day; Indigenous Peoples' Day and Columbus Day",
    in_force_from=date(2025, 1, 1),
    day_known=True,  # applied by calendar year: the names change no date
    before="Lincoln's and Washington's Birthdays; Columbus Day",
    source="1-1-216(1)(d), (h), as amended by 2025 SB 224",
    confidence="text seen",
)
DATED_ROWS: Final = (
    CANVASS_BOARD_MAY_REQUIRE,
    SCHOOL_SUBSECTION,
    SATURDAY_OBSERVANCE,
    HOLIDAY_NAMES,
)
