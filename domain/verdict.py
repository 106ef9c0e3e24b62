"""The checker: one validated input and today's date in, one `Verdict` out. No I/O, no clock.

`check` is five named steps, each reading the subsection's row (domain.subsections):
margin -> deadline -> petition -> related provisions and notes -> quotes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from enum import StrEnum
from functools import cache, cached_property
from typing import Final, assert_never

from domain.about import About, about_inputs
from domain.current_law import (
    BY_SUBSECTION,
    COURT_ROUTE,
    CurrentLawNote,
)
from domain.deadline import (
    Deadline,
    Phase,
    commonly_closed,
    last_open_day,
    long_date,
    petition_deadline,
)
from domain.editions import (
    CANVASS_BOARD_MAY_REQUIRE,
    HOLIDAY_NAMES,
    SATURDAY_OBSERVANCE,
    SCHOOL_SUBSECTION,
    BoardReading,
    DatedRow,
    TakenOn,
)
from domain.inputs import BallotQuestion, CandidateRace, CanvassError, CheckInput
from domain.kinds import KINDS, ContestKind, Family, KindInfo
from domain.legal_holidays import legal_holiday
from domain.margin import Margin, behind_the_same_winner, question_margin, race_margin
from domain.official_canvass import (
    CountsFrom,
    counts_from,
    official_canvass,
    waiting_for_state_canvass,
)
from domain.readings import NONPARTISAN_PRIMARY_CHECKED
from domain.related import (
    MULTI_SEAT_NOTE,
    MULTICOUNTY_DISTRICT_NOTICE,
    NO_CANVASS_NOTE,
    QUESTION_TIE_NOTE,
    WAITING_FOR_STATE_CANVASS,
    RelatedProvision,
    board_convenes,
    canvass_day_question,
    canvass_timing_question,
    monday_note,
    saturday_note,
    tied_seat,
)
from domain.routes import (
    BOND,
    SCHOOL,
    Route,
    official_canvass_note,
    route_of,
)
from domain.statute import edition_note, subsection_text
from domain.subsections import FileWith, Petitioner, Subsection, SubsectionRule


class Outcome(StrEnum):
    """The one decision a reply leads with; its value is the stable code of the JSON."""

    AVAILABLE = "recount_available"
    TIE = "tie_recount"  # 13-16-203: a candidate tie, recounted without a petition
    DEADLINE_PASSED = "deadline_passed"
    PETITION_SHORT = "petition_insufficient"
    NOT_AVAILABLE = "margin_too_large"
    BOND = "bond_recount_possible"  # 13-16-211 may apply instead
    CANVASS_BOARD = "canvass_board_error"  # (7): the board may petition (today: require)


# Outcomes that leave something to file: only these carry the action fields (file_with,
# petitioner, act_by, days_left, days_left_safe) and filing instructions (recount-rules.md
# section 7). The canvass board's petition is not among them: under today's code (2025 SB 57,
# unverified) the board requires a recount instead of petitioning for one.
TO_FILE: Final = (Outcome.AVAILABLE, Outcome.PETITION_SHORT, Outcome.BOND)


@dataclass(frozen=True, slots=True)
class Quote:
    subsection: Subsection
    text: str


class NoteAbout(StrEnum):
    """Which part of a reply a note belongs under."""

    MARGIN = "margin"
    DEADLINE = "deadline"
    PETITION = "petition"


@dataclass(frozen=True, slots=True)
class Note:
    about: NoteAbout
    text: str


@dataclass(frozen=True, slots=True)
class PetitionFigures:
    """What a question's petition has so far, and whether that is enough."""

    signers: int | None
    counties: int | None
    sufficient: bool | None


@dataclass(frozen=True, slots=True)
class AlsoQualifies:
    """Another defeated candidate whose own margin qualifies (or falls in the 13-16-211
    band): recount-rules.md, "Every defeated candidate who qualifies". `verdict` is that
    candidate's own: its day to act, its office and its petition draft, which a tie beside
    it (nothing to file for the tie) must still show."""

    name: str
    margin: int  # votes behind `behind_whom`
    behind_whom: str  # the last winner
    outcome: Outcome  # that candidate's own verdict
    verdict: Verdict | None = field(default=None, compare=False, repr=False)

    def as_json(self) -> dict[str, object]:
        v = self.verdict
        act_by = None if v is None or v.act_by is None else v.act_by.isoformat()
        file_with = None if v is None or v.file_with is None else v.file_with.value
        return {
            "name": self.name,
            "margin": self.margin,
            "outcome": self.outcome.value,
            "file_with": file_with,
            "act_by": act_by,
        }


# No slots: the outcome, the board, and what the sentences ask of a verdict dozens of times (the
# route, the office, the day to act, each reached through the calendar), are computed once
# (cached_property; every field is immutable, so a value never goes stale).
@dataclass(frozen=True)
class Verdict:
    inputs: CheckInput
    today: date
    info: KindInfo
    rule: SubsectionRule  # the row of 13-16-201 that decides this check
    margin: Margin | None  # None for (7)
    deadline: Deadline | None  # None without a canvass date, and always for (7)
    petition: PetitionFigures
    related: tuple[RelatedProvision, ...]
    notes: tuple[Note, ...]
    quotes: tuple[Quote, ...]  # the subsection, then those it relies on ((6) for (4), (5))
    edition: str
    also_qualify: tuple[AlsoQualifies, ...] = ()  # the other defeated candidates who may petition
    # The ordinary petition beside a certified tied (3) question (`beside_tie`): the tie set
    # aside, so the verdict says the window, office and signers of electors who want
    # certainty and petition anyway (recount-rules.md section 7).
    petition_anyway: bool = False

    @property
    def kind(self) -> ContestKind:
        return self.info.kind

    @property
    def about(self) -> About:
        """What the check is about, as of its day (domain.about): what every paper heads with
        and every surface reads, from the inputs alone."""
        return about_inputs(self.inputs, self.today)

    @property
    def subsection(self) -> Subsection:
        return self.info.subsection

    @property
    def margin_qualifies(self) -> bool:
        return True if self.margin is None else self.margin.qualifies

    @property
    def deadline_passed(self) -> bool | None:
        return None if self.deadline is None else self.deadline.passed(self.today)

    @cached_property
    def to_file(self) -> bool:
        """Whether the outcome leaves a petition to file: a canvass board's own petition too,
        where the law on the day has the board petition (before 2025 SB 57)."""
        if self.board is not None:
            return self.board.petitioner is not None
        return self.outcome in TO_FILE

    @property
    def counts_from(self) -> CountsFrom:
        """Which canvass opens the window (domain.official_canvass)."""
        return counts_from(self.inputs)

    @property
    def official_canvass(self) -> date | None:
        """The date of the canvass that opens the window, where given."""
        return official_canvass(self.inputs)

    @property
    def waiting_for_state_canvass(self) -> bool:
        """A (2), (4) or (5) contest without its state canvass date: no deadline, no day."""
        return waiting_for_state_canvass(self.inputs)

    @cached_property
    def law_in_force(self) -> date:
        """The day whose law the verdict applies: the official canvass; while the state
        canvass is not given, the county canvass before it; without either, today."""
        return law_day(self.inputs, self.today)

    @cached_property
    def filing_day(self) -> date:
        """The day a petition is filed, whose law says who files, where and how: the day to
        act, or today where today is later (recount-rules.md section 7a)."""
        return filing_day(self.deadline, self.today)

    def day_of(self, row: DatedRow) -> date:
        """The day a dated row is read on: the filing day for who files and where, else the
        day that opens the window (`law_in_force`)."""
        return self.filing_day if row.taken_on is TakenOn.FILING else self.law_in_force

    @property
    def law_rows(self) -> tuple[DatedRow, ...]:
        """The dated rows (domain.editions) that bear on this verdict, each to be read on its
        day (`day_of`): (7)'s board, the school subsection, and the holiday rows of a
        deadline."""
        rows: list[DatedRow] = []
        if self.subsection is Subsection.CANVASS_ERROR:
            rows.append(CANVASS_BOARD_MAY_REQUIRE)
        if self.info.school:
            rows.append(SCHOOL_SUBSECTION)
        if self.deadline is not None:
            rows += [SATURDAY_OBSERVANCE, HOLIDAY_NAMES]
        return tuple(rows)

    @cached_property
    def board(self) -> BoardReading | None:
        """For (7): what the canvass board does under the law in force on the day its row is
        taken on (2025 SB 57, domain.editions): the one place that row is read; every reply
        says what this reading's fields say."""
        if self.subsection is not Subsection.CANVASS_ERROR:
            return None
        return CANVASS_BOARD_MAY_REQUIRE.reading(self.day_of(CANVASS_BOARD_MAY_REQUIRE))

    @cached_property
    def phase(self) -> Phase | None:
        """Where today stands in the window, for the one instruction; None where nothing is
        to be filed."""
        if not self.to_file:
            return None
        return Phase.NO_DEADLINE if self.deadline is None else self.deadline.phase(self.today)

    @cached_property
    def act_by(self) -> date | None:
        """The day to act (the last open day on or before the safe date) while it is today or
        ahead; None where nothing is to be filed, with no canvass date, or once it has passed
        (then `only_if_1_1_307` says what is left)."""
        if self.deadline is None or self.phase not in (Phase.BEFORE_ACT_BY, Phase.ON_ACT_BY):
            return None
        return self.deadline.act_by

    @property
    def file_from(self) -> date | None:
        """The canvass that opens the window ("within 5 days after the official canvass"):
        a petition is filed after it; None where nothing is filed or no canvass is given."""
        if not self.to_file or self.deadline is None:
            return None
        return self.official_canvass

    @property
    def act_by_if_closed(self) -> date | None:
        """Where the day to act is one many offices close by local policy (the day after
        Thanksgiving, Dec 24, Dec 31): the open day before it, if still today or ahead."""
        if self.act_by is None or commonly_closed(self.act_by) is None:
            return None
        earlier = last_open_day(self.act_by - timedelta(days=1))
        return earlier if earlier >= self.today else None

    @property
    def only_if_1_1_307(self) -> bool:
        """Only the 1-1-307 reading is left: the office is closed through the safe date, or
        the safe date has passed and `deadline` has not."""
        return self.phase is not None and self.phase.only_if_1_1_307

    @property
    def days_left(self) -> int | None:
        """Whole days from today to `deadline`: 0 on that day, None once passed, with no
        deadline, or where nothing is to be filed (recount-rules.md section 7)."""
        return self._days_to(None if self.deadline is None else self.deadline.deadline)

    @property
    def days_left_safe(self) -> int | None:
        """Whole days from today to `deadline_safe`, likewise."""
        return self._days_to(None if self.deadline is None else self.deadline.deadline_safe)

    def _days_to(self, day: date | None) -> int | None:
        if day is None or day < self.today or not self.to_file:
            return None
        return (day - self.today).days

    def _tied(self, family: Family) -> bool:
        return self.margin is not None and self.margin.margin == 0 and self.info.family is family

    @property
    def is_tie(self) -> bool:
        """Recounted as if petitioned (13-16-203): a candidate tied at the cut, or a tied (3)
        question, which 13-15-405(4) has certified to the election administrator (a school
        question: 13-16-203(2), "a tie in a school election")."""
        if self.petition_anyway:
            return False
        return self._tied(Family.CANDIDATE_RACE) or (
            self.is_question_tie and self.subsection is Subsection.LOCAL_QUESTION
        )

    @property
    def beside_tie(self) -> Verdict | None:
        """A tied (3) question recounted as if petitioned (13-15-405(4)): the verdict of the
        electors' petition that may still be filed beside it; None for anything else, a
        school question too (13-16-203(2) has the trustees proceed; the reply offers no
        petition beside it)."""
        if not (self.is_tie and self.is_question_tie) or self.info.school:
            return None
        return replace(self, petition_anyway=True)

    @property
    def is_question_tie(self) -> bool:
        """A tied question: a margin of 0, which qualifies."""
        return self._tied(Family.BALLOT_QUESTION)

    @cached_property
    def outcome(self) -> Outcome:
        if not self.rule.has_margin_test:
            return Outcome.CANVASS_BOARD
        if self.is_tie:
            # 13-16-203: a certified tie is recounted as if petitioned: no deadline, no signers.
            return Outcome.TIE
        if not self.margin_qualifies:
            if self.margin is None or not self.margin.within_bond_range:
                return Outcome.NOT_AVAILABLE
            # 13-16-211 has the same 5-day window: once it has passed, the reason is the date,
            # not the margin (recount-rules.md section 7).
            return Outcome.DEADLINE_PASSED if self.deadline_passed else Outcome.BOND
        if self.deadline_passed:
            return Outcome.DEADLINE_PASSED
        if self.petition.sufficient is False:
            return Outcome.PETITION_SHORT
        return Outcome.AVAILABLE

    @cached_property
    def route(self) -> Route:
        """The kind's route (domain.routes): the 1987 rows, or today's school subsection, as
        in force on the day of filing."""
        return route_of(self.info, self.filing_day)

    @cached_property
    def file_with(self) -> FileWith | None:
        """Where the petition goes, where one is to be filed: the route's office, and
        13-16-211's nomination office for the bond band (domain.routes)."""
        if self.board is not None:
            return self.board.file_with
        if not self.to_file:
            return None
        if self.outcome is Outcome.BOND:
            return BOND.office(self.rule, self.route)
        return self.route.office(self.rule)

    @property
    def petitioner(self) -> Petitioner | None:
        if self.board is not None:
            return self.board.petitioner
        return self.rule.petitioner if self.to_file else None

    @property
    def closed_office(self) -> str | None:
        """The office a petition is carried to, named where it is closed on the safe date."""
        return None if self.file_with is None else self.file_with.office

    @property
    def after_filing(self) -> str | None:
        """What follows a filing: notice, which board recounts, and 13-16-204's 5 days."""
        if not self.to_file:
            return None
        if self.outcome is Outcome.BOND:
            return BOND.after_filing(self.info.multi_county, school=self.route is SCHOOL)
        return self.after_a_petition

    @property
    def after_a_petition(self) -> str:
        """What follows a 13-16-201 petition, filed or (a tie, 13-16-203) as if filed: the
        notice, which board recounts, and 13-16-204's 5 days."""
        if self.route.file_with is None and self.rule.after_filing is not None:
            # the secretary of state's notice of (2), (4) and (5), then each county's board
            return (
                f"{self.rule.after_filing}; each election administrator notifies the county "
                f"recount board, which {board_convenes()}"
            )
        return f"{self.route.recount_board}, which {board_convenes()}"

    @property
    def current_law(self) -> tuple[CurrentLawNote, ...]:
        """Where today's code differs from the 1987 text for this verdict (domain.current_law)."""
        notes = list(self.route.current_law)
        if self.outcome not in (Outcome.NOT_AVAILABLE, Outcome.BOND) and (
            self.board is None or self.board.todays_code  # before SB 57, the 1987 (7) alone
        ):
            # how a 13-16-201 petition proceeds: nothing to say when none can be filed
            notes.extend(BY_SUBSECTION.get(self.subsection, ()))
        if self.outcome is Outcome.BOND:
            notes.append(BOND.current_law(self.info.multi_county, school=self.route is SCHOOL))
        if self.outcome is Outcome.NOT_AVAILABLE:
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
    canvass = official_canvass(inputs)  # never the county's in place of the state canvass
    if rule.filing_window is None or canvass is None:
        return None
    state = counts_from(inputs) is CountsFrom.STATE
    return petition_deadline(canvass, rule.filing_window, "state canvass" if state else "canvass")


def law_applied(inputs: CheckInput, today: date) -> str:
    """The edition line's second half: which day's law the verdict follows, and why that day."""
    on = long_date(law_day(inputs, today))
    official = official_canvass(inputs)
    if official is not None:
        special = counts_from(inputs) is CountsFrom.SPECIAL_DISTRICT
        after = " (a special district election: no state canvass follows)" if special else ""
        return f"Law applied: as in force on {on}, the day of {counts_from(inputs).words}{after}."
    if inputs.canvass is not None:
        return (
            f"Law applied: as in force on {on}, the day of the county canvass (the state "
            "canvass not given)."
        )
    return f"Law applied: as in force today, {on} (no canvass date given)."


def law_day(inputs: CheckInput, today: date) -> date:
    """The day whose dated rows apply (recount-rules.md section 7a)."""
    return official_canvass(inputs) or inputs.canvass or today


def filing_day(deadline: Deadline | None, today: date) -> date:
    """The day of filing (recount-rules.md section 7a): the day to act, or today where today
    is later; today where no deadline is known yet."""
    return today if deadline is None else max(deadline.act_by, today)


def _petition_step(inputs: CheckInput, rule: SubsectionRule) -> PetitionFigures:
    match inputs:
        case BallotQuestion():
            signers, counties = inputs.signers, inputs.counties
        case CandidateRace() | CanvassError():
            signers = counties = None
        case _:
            assert_never(inputs)
    return PetitionFigures(signers, counties, rule.sufficient(signers, counties))


def _related_step(info: KindInfo, margin: Margin | None, on: date) -> tuple[RelatedProvision, ...]:
    related: list[RelatedProvision] = []
    route = route_of(info, on)
    if (
        margin is not None
        and margin.margin == 0
        and info.family is Family.BALLOT_QUESTION
        and info.subsection is Subsection.LOCAL_QUESTION
    ):
        related.append(route.question_tie)  # 13-15-405(4): certified, recounted as petitioned
    if margin is not None and margin.tie_at_cut:
        # 13-16-203 speaks of tied candidates; a question's margin of 0 is not a tie_at_cut.
        if margin.margin == 0 or route.tie_for_any_seat:
            related.append(route.tie)
        else:
            related.append(tied_seat(margin.tied_for_last_seat))
    if margin is not None and margin.within_bond_range:
        related.append(BOND.related)
    return tuple(related)


def _filing_office(info: KindInfo, on: date) -> str:
    """The office a petition of this kind is carried to, named where it is closed."""
    office = route_of(info, on).office(info.rule)
    assert office is not None  # every kind with a window has an office
    return office.office


def _notes_step(
    inputs: CheckInput,
    info: KindInfo,
    margin: Margin | None,
    deadline: Deadline | None,
    on: date,
    today: date,
) -> tuple[Note, ...]:
    notes: list[Note] = []
    if isinstance(inputs, CandidateRace) and inputs.nonpartisan_primary:
        notes.append(Note(NoteAbout.MARGIN, NONPARTISAN_PRIMARY_CHECKED))
    if isinstance(inputs, CandidateRace) and inputs.seats > 1:
        notes.append(Note(NoteAbout.MARGIN, MULTI_SEAT_NOTE))
    if (
        info.family is Family.BALLOT_QUESTION
        and info.subsection is not Subsection.LOCAL_QUESTION
        and margin is not None
        and margin.margin == 0
    ):
        notes.append(Note(NoteAbout.PETITION, QUESTION_TIE_NOTE))  # (4), (5): petition as usual
    if info.rule.has_deadline and waiting_for_state_canvass(inputs):
        notes.append(Note(NoteAbout.DEADLINE, WAITING_FOR_STATE_CANVASS))
    elif info.rule.has_deadline and official_canvass(inputs) is None:
        notes.append(Note(NoteAbout.DEADLINE, NO_CANVASS_NOTE))
    for day in (inputs.canvass, inputs.state_canvass):
        if day is not None and (closed := legal_holiday(day)) is not None:
            notes.append(Note(NoteAbout.DEADLINE, canvass_day_question(day, closed.name)))
    # 13-15-401(1) times the county's canvass; a school's own canvass is the trustees'
    if inputs.canvass is not None and inputs.election is not None and not info.school:
        timing = canvass_timing_question(inputs.canvass, inputs.election)
        if timing is not None:
            notes.append(Note(NoteAbout.DEADLINE, timing))
    if info.subsection is Subsection.MULTICOUNTY_QUESTION:
        notes.append(Note(NoteAbout.PETITION, MULTICOUNTY_DISTRICT_NOTICE))
    special = counts_from(inputs) is CountsFrom.SPECIAL_DISTRICT
    canvass_note = official_canvass_note(info, on, special)
    if canvass_note is not None:
        notes.append(Note(NoteAbout.DEADLINE, canvass_note))
    if deadline is not None and deadline.readings_differ:
        notes.append(Note(NoteAbout.DEADLINE, saturday_note(_filing_office(info, on))))
        if today <= deadline.deadline:
            office = route_of(info, on).office(info.rule)
            asks = (
                "the Secretary of State"
                if office is FileWith.SECRETARY_OF_STATE
                else "the county attorney"
            )
            notes.append(Note(NoteAbout.DEADLINE, monday_note(deadline.deadline, asks)))
    return tuple(notes)


def _quotes_step(rule: SubsectionRule) -> tuple[Quote, ...]:
    # keyed by the subsections, not the rule: hashing a rule hashes its Fractions (5 us)
    return _quotes(rule.subsection, rule.relies_on)


@cache  # the same few rows for every check of a scan
def _quotes(subsection: Subsection, relies_on: tuple[Subsection, ...]) -> tuple[Quote, ...]:
    return tuple(Quote(s, subsection_text(s)) for s in (subsection, *relies_on))


def check(inputs: CheckInput, today: date) -> Verdict:
    """Decide one check. `today` is the current date in Montana, or a what-if date. Every
    other defeated candidate whose own margin qualifies, or falls in the 13-16-211 band, is
    named with that candidate's own outcome (`also_qualify`)."""
    verdict = _check(inputs, today)
    if not isinstance(inputs, CandidateRace) or verdict.margin is None:
        return verdict
    also = []
    last_winner = max(
        (s for s in verdict.margin.standings if s.won), key=lambda s: s.place, default=None
    )
    # The total, and so both limits, are the same whoever is checked: a candidate further
    # behind than both cannot qualify, and is not checked at all.
    reach = max(verdict.margin.max_qualifying_margin, verdict.margin.max_bond_margin)
    if last_winner is None:
        return verdict
    # One pass down the standings already sorted: each other candidate's own verdict differs
    # from this one only in its margin (the deadline, petition and rule are the race's).
    for standing in verdict.margin.standings:
        if standing.won or standing.name == verdict.margin.behind.name:
            continue
        if last_winner.votes - standing.votes > reach:
            break  # the standings go down: everyone after is further behind
        m = behind_the_same_winner(verdict.rule, verdict.margin, last_winner, standing)
        other = replace(verdict, margin=m)
        if other.outcome is Outcome.TIE or not (m.qualifies or m.within_bond_range):
            continue  # a tie is recounted without a petition (13-16-203): said in `related`
        also.append(AlsoQualifies(standing.name, m.margin, m.ahead.name, other.outcome, other))
    return replace(verdict, also_qualify=tuple(also)) if also else verdict


def _check(inputs: CheckInput, today: date) -> Verdict:
    info = KINDS[inputs.kind]
    rule = info.rule
    margin = _margin_step(inputs, rule)
    deadline = _deadline_step(inputs, rule)
    # who files, where, and which board recounts: the rows in force on the day of filing
    on = filing_day(deadline, today)
    return Verdict(
        inputs=inputs,
        today=today,
        info=info,
        rule=rule,
        margin=margin,
        deadline=deadline,
        petition=_petition_step(inputs, rule),
        related=_related_step(info, margin, on),
        notes=_notes_step(inputs, info, margin, deadline, on, today),
        quotes=_quotes_step(rule),
        edition=f"{edition_note(rule.subsection)} {law_applied(inputs, today)}",
    )
