"""The checker: one validated input and today's date in, one `Verdict` out. No I/O, no clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from domain.deadline import Deadline, petition_deadline
from domain.inputs import BallotQuestion, CandidateRace, CanvassError, CheckInput
from domain.kinds import ContestKind, KindInfo, Subsection, kind_info
from domain.margin import Margin, question_margin, race_margin
from domain.petition import PETITION_RULES, PetitionRule
from domain.related import (
    BOND_RECOUNT,
    NO_CANVASS_NOTE,
    SATURDAY_NOTE,
    TIE_RECOUNT,
    RelatedProvision,
    official_canvass_note,
)
from domain.statute import edition_note, subsection_text


class Outcome(StrEnum):
    """The answer a reply leads with."""

    AVAILABLE = "recount available"
    TIE = "tie: recount without a petition"
    NOT_AVAILABLE = "recount not available"
    DEADLINE_PASSED = "deadline passed"
    PETITION_SHORT = "petition short"


@dataclass(frozen=True, slots=True)
class Quote:
    subsection: Subsection
    text: str


@dataclass(frozen=True, slots=True)
class Verdict:
    inputs: CheckInput
    today: date
    info: KindInfo
    margin: Margin | None  # None for (7)
    deadline: Deadline | None  # None without a canvass date, and always for (7)
    petition: PetitionRule
    signers: int | None
    counties: int | None
    petition_sufficient: bool | None
    related: tuple[RelatedProvision, ...]
    notes: tuple[str, ...]
    quotes: tuple[Quote, ...]  # the subsection, then (6) for questions under (4) and (5)
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
        """Days from today to `deadline` (0 on the day itself, negative once passed)."""
        return None if self.deadline is None else (self.deadline.deadline - self.today).days

    @property
    def eligible(self) -> bool:
        if self.subsection is Subsection.CANVASS_ERROR:
            return True
        return (
            self.margin_qualifies
            and self.deadline_passed is not True
            and self.petition_sufficient is not False
        )

    @property
    def is_tie(self) -> bool:
        return self.margin is not None and self.margin.margin == 0

    @property
    def outcome(self) -> Outcome:
        if not self.margin_qualifies:
            return Outcome.NOT_AVAILABLE
        if self.is_tie:
            # 13-16-203: a certified tie is recounted as if petitioned; no deadline to miss.
            return Outcome.TIE
        if self.deadline_passed:
            return Outcome.DEADLINE_PASSED
        if self.petition_sufficient is False:
            return Outcome.PETITION_SHORT
        return Outcome.AVAILABLE


def check(inputs: CheckInput, today: date) -> Verdict:
    """Decide one check. `today` is the current date in Montana, or a what-if date."""
    info = kind_info(inputs.kind)
    rule = PETITION_RULES[info.subsection]
    margin: Margin | None
    signers = counties = None
    if isinstance(inputs, CandidateRace):
        margin = race_margin(inputs, info.subsection)
    elif isinstance(inputs, BallotQuestion):
        margin = question_margin(inputs, info.subsection)
        signers, counties = inputs.signers, inputs.counties
    else:
        assert isinstance(inputs, CanvassError)
        margin = None

    deadline = (
        petition_deadline(inputs.canvass)
        if rule.has_deadline and inputs.canvass is not None
        else None
    )
    related: list[RelatedProvision] = []
    if margin is not None and margin.margin == 0:
        related.append(TIE_RECOUNT)
    if margin is not None and margin.within_bond_range:
        related.append(BOND_RECOUNT)

    notes: list[str] = []
    if rule.has_deadline and inputs.canvass is None:
        notes.append(NO_CANVASS_NOTE)
    canvass_note = official_canvass_note(info.subsection)
    if canvass_note is not None:
        notes.append(canvass_note)
    if deadline is not None and deadline.readings_differ:
        notes.append(SATURDAY_NOTE)

    quoted = [info.subsection]
    if info.subsection in (Subsection.STATE_QUESTION, Subsection.MULTICOUNTY_QUESTION):
        quoted.append(Subsection.SOS_NOTICE)
    return Verdict(
        inputs=inputs,
        today=today,
        info=info,
        margin=margin,
        deadline=deadline,
        petition=rule,
        signers=signers,
        counties=counties,
        petition_sufficient=rule.sufficient(signers, counties),
        related=tuple(related),
        notes=tuple(notes),
        quotes=tuple(Quote(s, subsection_text(s)) for s in quoted),
        edition=edition_note(info.subsection),
    )
