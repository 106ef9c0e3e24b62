"""The law in force on a day: each difference between the 1987 text and later law, as a dated
row (recount-rules.md section 7a), the way OpenFisca and PolicyEngine date their parameters:
what changed, from when, what held before, the source and how sure we are.

A verdict applies the rows in force on the day that opens its window (the official canvass;
domain.verdict.law_day). Where the day a change took effect is known only to lie between two
days (2025 SB 57: passed May 8, 2025, its chapter assigned May 13, the approval itself not
seen), a day between them is `UNSETTLED`: the reply gives both readings.

Each row is asked on a day (`on`) by the code where its law acts: `domain.routes.route_of`
(the school subsection), `domain.legal_holidays` (the calendar rows) and `Verdict.board`
(SB 57, a `ReadingsRow` whose three readings carry every word a reply says of it).
CONTRIBUTING.md, "Add a dated law row", says what a new row needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import Enum
from typing import Final

from domain.confidence import Confidence
from domain.subsections import FileWith, Petitioner


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


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardReading:
    """What a county canvass board that finds an error does under one reading of (7), and
    every word a reply says of it: the verdict reads these fields (domain.verdict's
    `board`), never which reading it is. In the words, `{on}` is the canvass day, `{days}`
    the days the row is unsettled, `{source}` the row's source and `{confidence}` this
    reading's."""

    # Who petitions, and with whom: None where the board requires instead (nothing is filed).
    petitioner: Petitioner | None
    file_with: FileWith | None
    confidence: Confidence  # how sure related.md is of this reading
    headline: str
    summary: str
    margin_line: str
    deadline_line: str
    # Whether the "Today's code" note of (7) (domain.current_law.BY_SUBSECTION) bears on it.
    todays_code: bool
    # The short answer's sentence (Slack's channel message); None: the summary's.
    brief: str | None = None
    # Why no petition is drafted, where the board files none (domain.drafting).
    no_petition: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadingsRow(DatedRow):
    """A dated row whose effect is what a reply says: one reading before it, one on the
    days it is unsettled (both readings, and the safe course), one once in force."""

    earlier: BoardReading  # before it: the law it changed
    unsettled: BoardReading  # on a day it may or may not have been in force
    in_force: BoardReading

    def reading(self, day: date) -> BoardReading:
        """The reading of the law in force on `day`."""
        match self.on(day):
            case InForce.NO:
                return self.earlier
            case InForce.UNSETTLED:
                return self.unsettled
            case InForce.YES:
                return self.in_force

    @property
    def unsettled_days(self) -> tuple[date, date] | None:
        """The first and last day it may or may not have been in force; None: a day known."""
        if self.settled_from is None:
            return None
        return self.in_force_from, self.settled_from - timedelta(days=1)


_BOARD_PETITIONS: Final = (
    "No margin test: under the 1987 text a canvass board that finds an error may petition "
    "whatever the margin."
)
_NO_WINDOW_1987: Final = "No filing window: the 1987 text has the board petition immediately."
_SB57_SAYS: Final = (
    "Under the law in force on {on} (2025 SB 57, {confidence}), the county canvass board can "
    "probably require the election administrator to conduct a recount or an inspection of "
    "ballots"
)
CANVASS_BOARD_MAY_REQUIRE: Final = ReadingsRow(
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
    # the 1987 (7), which we quote; 13-15-403(4) as in the 2021 code (text seen)
    earlier=BoardReading(
        petitioner=Petitioner.CANVASS_BOARD,
        file_with=FileWith.ELECTION_ADMINISTRATOR,
        confidence=Confidence.SHIPPED,
        headline="Canvass board error: the board petitions the election administrator",
        summary=(
            "Under the law in force on {on} (the 1987 (7); 13-15-403(4) as in the 2021 "
            "code), a county canvass board that finds an error petitions the election "
            "administrator immediately for a recount; the administrator notifies the county "
            "recount board."
        ),
        margin_line=_BOARD_PETITIONS,
        deadline_line=_NO_WINDOW_1987,
        todays_code=False,
    ),
    # passed, its approval not seen: both readings, and the board's petition the safe course
    unsettled=BoardReading(
        petitioner=Petitioner.CANVASS_BOARD,
        file_with=FileWith.ELECTION_ADMINISTRATOR,
        confidence=Confidence.TRACKERS_AND_SUMMARIES,
        headline="Canvass board error: the board petitions, or may require a recount (May 2025)",
        summary=(
            "{on} falls in {days}, when {source} took effect: under the earlier law the "
            "board petitions the election administrator immediately; under SB 57 it can "
            "probably require a recount or an inspection of ballots. Confirm which applied "
            "with the county attorney or the Secretary of State; the board's petition is "
            "the safe course."
        ),
        margin_line=_BOARD_PETITIONS,
        deadline_line=_NO_WINDOW_1987,
        todays_code=True,
    ),
    # known from bill summaries only: the headline and the summary say "probably"
    in_force=BoardReading(
        petitioner=None,
        file_with=None,
        confidence=Confidence.BILL_SUMMARIES,
        headline="Canvass board error: the board can probably require a recount",
        summary=(
            f"{_SB57_SAYS}, instead of petitioning for one. Confirm the board's authority "
            "with the county attorney or the Secretary of State."
        ),
        # what the office does next: the administrator conducts it
        brief=f"{_SB57_SAYS}. Confirm with the county attorney or the Secretary of State.",
        # one reading: the law in force, as the summary says; the 1987 (7) is quoted
        # under "The law" only, so no line here says the board petitions
        margin_line=(
            "No margin test: neither the 1987 (7) nor the summaries of 2025 SB 57 set one; "
            "the board acts on the error it finds."
        ),
        deadline_line=(
            "No filing window: under 2025 SB 57 (from bill summaries) the board requires "
            "the recount; nothing is filed."
        ),
        todays_code=True,
        no_petition="under the law in force the canvass board requires a recount: no petition",
    ),
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
