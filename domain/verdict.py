"""The checker: one validated input and today's date in, one `Verdict` out. No I/O, no clock.

`check` is five named steps, each reading the subsection's row (domain.subsections):
margin -> deadline -> petition -> related provisions and notes -> quotes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import assert_never

from domain.current_law import (
    BOND_FILING,
    BY_SUBSECTION,
    COURT_ROUTE,
    SCHOOL_ELECTIONS,
    CurrentLawNote,
)
from domain.deadline import Deadline, petition_deadline
from domain.inputs import BallotQuestion, CandidateRace, CanvassError, CheckInput
from domain.kinds import KINDS, ContestKind, Family, KindInfo
from domain.margin import Margin, question_margin, race_margin
from domain.related import (
    BOND_RECOUNT,
    NO_CANVASS_NOTE,
    SATURDAY_NOTE,
    SCHOOL_RECOUNT_BOARD,
    SCHOOL_TIE,
    TIE_RECOUNT,
    RelatedProvision,
    official_canvass_note,
)
from domain.statute import edition_note, subsection_text
from domain.subsections import FileWith, Subsection, SubsectionRule


class Outcome(StrEnum):
    """The one decision a reply leads with; its value is the stable code of the JSON."""

    AVAILABLE = "recount_available"
    TIE = "tie_recount"  # 13-16-203: recounted without a petition
    DEADLINE_PASSED = "deadline_passed"
    PETITION_SHORT = "petition_insufficient"
    NOT_AVAILABLE = "margin_too_large"
    BOND = "bond_recount_possible"  # 13-16-211 may apply instead
    CANVASS_BOARD = "canvass_board_error"  # (7): the board may petition (today: require)


@dataclass(frozen=True, slots=True)
class Quote:
    subsection: Subsection
    text: str


@dataclass(frozen=True, slots=True)
class PetitionFigures:
    """What a question's petition has so far, and whether that is enough."""

    signers: int | None
    counties: int | None
    sufficient: bool | None


@dataclass(frozen=True, slots=True)
class Verdict:
    inputs: CheckInput
    today: date
    info: KindInfo
    rule: SubsectionRule  # the row of 13-16-201 that decides this check
    margin: Margin | None  # None for (7)
    deadline: Deadline | None  # None without a canvass date, and always for (7)
    petition: PetitionFigures
    related: tuple[RelatedProvision, ...]
    notes: tuple[str, ...]
    quotes: tuple[Quote, ...]  # the subsection, then those it relies on ((6) for (4), (5))
    edition: str

    @property
    def kind(self) -> ContestKind:
        return self.info.kind

    @property
    def subsection(self) -> Subsection:
        return self.info.subsection

    @property
    def margin_qualifies(self) -> bool:
        return True if self.margin is None else self.margin.qualifies

    @property
    def deadline_passed(self) -> bool | None:
        return None if self.deadline is None else self.deadline.passed(self.today)

    @property
    def days_left(self) -> int | None:
        """Whole days from today to `deadline`: 0 on that day, None once passed or with no
        deadline (recount-rules.md section 7)."""
        return self._days_to(None if self.deadline is None else self.deadline.deadline)

    @property
    def days_left_safe(self) -> int | None:
        """Whole days from today to `deadline_safe`, likewise."""
        return self._days_to(None if self.deadline is None else self.deadline.deadline_safe)

    def _days_to(self, day: date | None) -> int | None:
        if day is None or day < self.today:
            return None
        return (day - self.today).days

    @property
    def is_tie(self) -> bool:
        return self.margin is not None and self.margin.margin == 0

    @property
    def outcome(self) -> Outcome:
        if not self.rule.has_margin_test:
            return Outcome.CANVASS_BOARD
        if self.is_tie:
            # 13-16-203: a certified tie is recounted as if petitioned: no deadline, no signers.
            return Outcome.TIE
        if not self.margin_qualifies:
            bond = self.margin is not None and self.margin.within_bond_range
            # 13-16-211 has the same 5-day window: once it has passed, so has the bond route.
            return Outcome.BOND if bond and not self.deadline_passed else Outcome.NOT_AVAILABLE
        if self.deadline_passed:
            return Outcome.DEADLINE_PASSED
        if self.petition.sufficient is False:
            return Outcome.PETITION_SHORT
        return Outcome.AVAILABLE

    @property
    def file_with(self) -> FileWith | None:
        """Where the petition goes: the 1987 row's office, except where a route the 1987 text
        does not know applies (13-16-211's bond recount; today's school subsection)."""
        if self.outcome is Outcome.BOND:
            return FileWith.NOMINATION_FILING_OFFICER
        if self.info.school and self.rule.file_with is not None:
            return FileWith.SCHOOL_ELECTION_FILING_OFFICER
        return self.rule.file_with

    @property
    def after_filing(self) -> str | None:
        return SCHOOL_RECOUNT_BOARD if self.info.school else self.rule.after_filing

    @property
    def current_law(self) -> tuple[CurrentLawNote, ...]:
        """Where today's code differs from the 1987 text for this verdict (domain.current_law)."""
        notes = [SCHOOL_ELECTIONS] if self.info.school else []
        if self.outcome not in (Outcome.NOT_AVAILABLE, Outcome.BOND):
            # how a 13-16-201 petition proceeds: nothing to say when none can be filed
            notes.extend(BY_SUBSECTION.get(self.subsection, ()))
        if self.outcome is Outcome.BOND:
            notes.append(BOND_FILING)
        if self.info.family is Family.BALLOT_QUESTION and not self.margin_qualifies:
            notes.append(COURT_ROUTE)
        return tuple(notes)

    @property
    def eligible(self) -> bool:
        """A recount under 13-16-201 will be made, or can still be petitioned for."""
        return self.outcome in (Outcome.AVAILABLE, Outcome.TIE, Outcome.CANVASS_BOARD)


def _margin_step(inputs: CheckInput, rule: SubsectionRule) -> Margin | None:
    match inputs:
        case CandidateRace():
            return race_margin(inputs, rule)
        case BallotQuestion():
            return question_margin(inputs, rule)
        case CanvassError():
            return None  # (7) has no margin test
        case _:
            assert_never(inputs)


def _deadline_step(inputs: CheckInput, rule: SubsectionRule) -> Deadline | None:
    if rule.filing_window is None or inputs.canvass is None:
        return None
    return petition_deadline(inputs.canvass, rule.filing_window)


def _petition_step(inputs: CheckInput, rule: SubsectionRule) -> PetitionFigures:
    match inputs:
        case BallotQuestion():
            signers, counties = inputs.signers, inputs.counties
        case CandidateRace() | CanvassError():
            signers = counties = None
        case _:
            assert_never(inputs)
    return PetitionFigures(signers, counties, rule.sufficient(signers, counties))


def _related_step(info: KindInfo, margin: Margin | None) -> tuple[RelatedProvision, ...]:
    related: list[RelatedProvision] = []
    if margin is not None and margin.margin == 0:
        related.append(SCHOOL_TIE if info.school else TIE_RECOUNT)
    if margin is not None and margin.within_bond_range:
        related.append(BOND_RECOUNT)
    return tuple(related)


def _notes_step(inputs: CheckInput, info: KindInfo, deadline: Deadline | None) -> tuple[str, ...]:
    notes: list[str] = []
    if info.rule.has_deadline and inputs.canvass is None:
        notes.append(NO_CANVASS_NOTE)
    canvass_note = official_canvass_note(info)
    if canvass_note is not None:
        notes.append(canvass_note)
    if deadline is not None and deadline.readings_differ:
        notes.append(SATURDAY_NOTE)
    return tuple(notes)


def _quotes_step(rule: SubsectionRule) -> tuple[Quote, ...]:
    return tuple(Quote(s, subsection_text(s)) for s in (rule.subsection, *rule.relies_on))


def check(inputs: CheckInput, today: date) -> Verdict:
    """Decide one check. `today` is the current date in Montana, or a what-if date."""
    info = KINDS[inputs.kind]
    rule = info.rule
    margin = _margin_step(inputs, rule)
    deadline = _deadline_step(inputs, rule)
    return Verdict(
        inputs=inputs,
        today=today,
        info=info,
        rule=rule,
        margin=margin,
        deadline=deadline,
        petition=_petition_step(inputs, rule),
        related=_related_step(info, margin),
        notes=_notes_step(inputs, info, deadline),
        quotes=_quotes_step(rule),
        edition=edition_note(rule.subsection),
    )
