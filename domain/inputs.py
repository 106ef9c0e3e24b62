"""What a check takes: one of three input shapes, chosen by the kind of contest.

Built with pydantic v2 (frozen, strict, no extra fields). Each field is declared once, here,
with its `Term` (domain.fields); validators raise ValueError and pydantic says which field.
The fields of each shape are listed in domain.input_fields; domain.build_check is the one door
every surface uses to make one of these from what a person gave.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Final, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from domain.citations import FIRST_YEAR, LAST_YEAR, MONTANA_COUNTIES
from domain.fields import Term
from domain.kinds import KINDS, ContestKind
from domain.montana import counties_like, montana_county
from domain.plain_text import plain_text, same_name, whole_number
from domain.readings import advancing

_K = ContestKind
# The fields that say what a check is about (domain.about), not what the law decides.
ABOUT_FIELDS: Final = ("race", "county_name", "election", "election_type", "party")
KIND_TERM: Final = Term(name="kind of contest", label="Kind of contest", missing="choose the kind")


class Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    race: Annotated[
        str | None,  # a label to tell verdicts apart; changes nothing else
        Term(
            name="race label",
            label="Race label (optional)",
            help='Shown on the verdict, e.g. "HD 22" or "Mill levy"',
            keywords=("race",),
            example='"HD 22"',
        ),
    ] = None
    # What the contest is, for the papers' heading (domain.about): like the race label they
    # change nothing the law decides, and each stays blank on paper until it is given.
    county_name: Annotated[
        str | None,
        Term(
            name="county",
            label="County (optional)",
            help="The county whose administrator the papers go to, e.g. Gallatin",
            keywords=("county-name",),
            example='"Gallatin"',
        ),
    ] = None
    election: Annotated[
        date | None,
        Term(
            name="election date",
            label="Date of the election (optional)",
            help="Election day itself, not the canvass",
            keywords=("election",),
            example="2026-11-03",
        ),
    ] = None
    election_type: Annotated[
        str | None,
        Term(
            name="election type",
            label="Type of election (optional)",
            help="As the papers should name it, e.g. general, primary, special, school",
            keywords=("election-type",),
            example="general",
        ),
    ] = None
    canvass: Annotated[
        date | None,
        Term(
            name="canvass date",
            label="Date of the county canvass",
            keywords=("canvass", "county canvass"),
            example="11/16",
        ),
    ] = None
    # The kinds whose 5 days run from the state canvass take these two (domain.input_fields;
    # recount-rules.md section 6); any other kind refuses them.
    state_canvass: Annotated[
        date | None,
        Term(
            name="state canvass date",
            label="Date of the state canvass",
            help="The official canvass for this kind: the window opens with it",
            keywords=("state canvass",),
            example="12/1/2026",
        ),
    ] = None
    no_state_canvass: Annotated[
        bool,
        Term(
            name="no state canvass",
            label="No state canvass follows",
            help="A special district election (13-1-505): its county canvass is the official one",
            keywords=("no state canvass",),
        ),
    ] = False

    @field_validator("race")
    @classmethod
    def _label_is_plain_text(cls, race: str | None) -> str | None:
        return None if race is None else plain_text(race, "race label")

    @field_validator("county_name")
    @classmethod
    def _one_of_the_56(cls, county: str | None) -> str | None:
        if county is None:
            return None
        found = montana_county(plain_text(county, "county"))
        if found is None:
            like = counties_like(county)
            hint = f"; did you mean {' or '.join(like)}?" if like else ""
            raise ValueError(f'"{county}" is not one of the 56 Montana counties{hint}')
        return found

    @field_validator("election_type")
    @classmethod
    def _type_is_plain_text(cls, kind: str | None) -> str | None:
        return None if kind is None else plain_text(kind, "election type")

    @field_validator("election")
    @classmethod
    def _election_in_range(cls, day: date | None) -> date | None:
        if day is not None and not FIRST_YEAR.value <= day.year <= LAST_YEAR.value:
            raise ValueError(
                f"election date {day.isoformat()} is out of range: give a year from "
                f"{FIRST_YEAR.value} to {LAST_YEAR.value}"
            )
        return day

    @field_validator("canvass", "state_canvass")
    @classmethod
    def _canvass_in_range(cls, canvass: date | None, info: ValidationInfo) -> date | None:
        if canvass is not None and not FIRST_YEAR.value <= canvass.year <= LAST_YEAR.value:
            what = "state canvass date" if info.field_name == "state_canvass" else "canvass date"
            raise ValueError(
                f"{what} {canvass.isoformat()} is out of range: give a year from "
                f"{FIRST_YEAR.value} to {LAST_YEAR.value}"
            )
        return canvass

    @field_validator("canvass")
    @classmethod
    def _canvass_after_election(cls, canvass: date | None, info: ValidationInfo) -> date | None:
        election = info.data.get("election")
        if canvass is not None and election is not None and canvass < election:
            raise ValueError(
                f"the canvass ({canvass.isoformat()}) is before the election "
                f"({election.isoformat()}); the canvass follows the election"
            )
        return canvass

    @field_validator("state_canvass")
    @classmethod
    def _state_after_county(cls, state: date | None, info: ValidationInfo) -> date | None:
        county = info.data.get("canvass")
        if state is not None and county is not None and state < county:
            raise ValueError(
                f"the state canvass ({state.isoformat()}) is before the county canvass "
                f"({county.isoformat()}); the state canvass follows the county canvasses"
            )
        return state

    @field_validator("no_state_canvass")
    @classmethod
    def _one_or_the_other(cls, none: bool, info: ValidationInfo) -> bool:
        if none and info.data.get("state_canvass") is not None:
            raise ValueError(
                "give the state canvass date or say no state canvass follows, not both"
            )
        return none

    @model_validator(mode="after")
    def _canvass_fields_fit_the_kind(self) -> Self:
        # build_check refuses them first, by name; this holds for a model built directly.
        kind: ContestKind = getattr(self, "kind")  # noqa: B009 - each shape declares its kind
        info = KINDS[kind]
        if self.state_canvass is not None and not info.counts_from_state_canvass:
            raise ValueError(f"{info.a_label} counts from its own canvass, not the state's")
        if self.no_state_canvass and not info.may_skip_state_canvass:
            raise ValueError(f"no state canvass does not apply to {info.a_label}")
        return self


class Candidate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str
    votes: int

    @field_validator("name")
    @classmethod
    def _name_present(cls, name: str) -> str:
        if not name.strip():
            raise ValueError("every candidate needs a name")
        return plain_text(name, "candidate name")

    @field_validator("votes")
    @classmethod
    def _votes_in_range(cls, votes: int, info: ValidationInfo) -> int:
        return whole_number(votes, f"votes for {info.data.get('name', 'a candidate')}")


class CandidateRace(Input):
    """A race for an office: subsections (1) and (2)."""

    kind: Annotated[
        Literal[
            _K.COUNTY,
            _K.MUNICIPAL,
            _K.DISTRICT,
            _K.SCHOOL,
            _K.PRECINCT,
            _K.CONGRESSIONAL,
            _K.STATE,
            _K.MULTICOUNTY_DISTRICT,
            _K.LEGISLATURE,
            _K.DISTRICT_JUDGE,
        ],
        KIND_TERM,
    ]
    candidates: Annotated[
        tuple[Candidate, ...],
        Term(
            name="candidates",
            label="Candidates and votes",
            help="One per line, like  Smith: 1204",
            missing="give at least 2 candidates with their votes",
        ),
    ]
    # Declared before `seats`, so the seat checks below can read it: in a nonpartisan primary
    # twice as many advance as there are seats (13-14-117; domain.readings holds the rule).
    nonpartisan_primary: Annotated[
        bool,
        Term(
            name="nonpartisan primary",
            label="Nonpartisan primary: two advance per seat",
            help="13-14-117: twice as many candidates as seats are nominated",
            keywords=("nonpartisan primary",),
        ),
    ] = False
    seats: Annotated[
        int, Term(name="seats", label="Seats to fill", keywords=("seats",), example="3")
    ] = 1
    total: Annotated[
        int | None,  # all votes cast for the position, write-ins included
        Term(
            name="total",
            label="Total votes cast for the position (optional)",
            help="Only if more than the votes listed, e.g. write-ins",
            keywords=("total",),
            example="13708",
        ),
    ] = None
    write_ins: Annotated[
        int | None,  # votes for write-ins, on top of the listed candidates
        Term(
            name="write-ins",
            label="Write-in votes (optional)",
            help="Counted in the total on top of the candidates listed",
            keywords=("write-ins",),
            example="35",
        ),
    ] = None
    party: Annotated[
        str | None,  # a primary's party, for the papers' heading; changes nothing else
        Term(
            name="party",
            label="Party, for a primary's nomination (optional)",
            help="The party whose nomination this is, e.g. Republican",
            keywords=("party",),
            example='"Republican"',
        ),
    ] = None
    candidate: Annotated[
        str | None,  # the defeated candidate to check; default: the best-placed loser
        Term(
            name="candidate",
            label="Candidate to check (optional)",
            help="A defeated candidate; if blank, the best-placed one who did not win",
            keywords=("candidate",),
            example="Jones",
        ),
    ] = None

    @field_validator("candidates")
    @classmethod
    def _two_or_more_unique(cls, candidates: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
        if len(candidates) < 2:
            raise ValueError(
                f"a race needs at least 2 candidates with their votes; got {len(candidates)}"
            )
        seen: set[str] = set()
        for c in candidates:
            if same_name(c.name) in seen:
                raise ValueError(f'candidate "{c.name}" is listed twice')
            seen.add(same_name(c.name))
        return candidates

    @field_validator("seats")
    @classmethod
    def _seats_fewer_than_candidates(cls, seats: int, info: ValidationInfo) -> int:
        if seats < 1:
            raise ValueError(f"seats must be at least 1, not {seats:,}")
        candidates = info.data.get("candidates")
        if candidates is not None and info.data.get("nonpartisan_primary"):
            return seats  # twice as many advance: _someone_defeated checks it
        if candidates is not None and seats >= len(candidates):
            raise ValueError(
                f"seats ({seats}) must be fewer than the number of candidates "
                f"({len(candidates)}): someone has to lose for a recount to matter"
            )
        return seats

    @field_validator("total")
    @classmethod
    def _total_covers_the_listed_votes(cls, total: int | None, info: ValidationInfo) -> int | None:
        if total is None:
            return None
        whole_number(total, "total")
        candidates = info.data.get("candidates")
        listed = sum(c.votes for c in candidates) if candidates is not None else 0
        if total < listed:
            raise ValueError(
                f"total ({total:,}) is less than the votes listed ({listed:,}); "
                "total is all votes cast for the position, write-ins included"
            )
        return total

    @field_validator("write_ins")
    @classmethod
    def _write_ins_or_total(cls, write_ins: int | None, info: ValidationInfo) -> int | None:
        if write_ins is None:
            return None
        whole_number(write_ins, "write-ins")
        if info.data.get("total") is not None:
            raise ValueError(
                "give total or write-ins, not both: total is all votes cast for the position, "
                "write-ins are added to the candidates listed"
            )
        return write_ins

    @field_validator("party")
    @classmethod
    def _party_is_plain_text(cls, party: str | None) -> str | None:
        return None if party is None else plain_text(party, "party")

    @field_validator("candidate")
    @classmethod
    def _candidate_lost(cls, candidate: str | None, info: ValidationInfo) -> str | None:
        candidates, seats = info.data.get("candidates"), info.data.get("seats")
        if candidate is None or candidates is None or seats is None:
            return candidate  # nothing to compare with: the other field's error says why
        if info.data.get("nonpartisan_primary"):
            seats = advancing(seats)
        named = next((c for c in candidates if same_name(c.name) == same_name(candidate)), None)
        if named is None:
            names = ", ".join(c.name for c in candidates)
            raise ValueError(f'candidate "{candidate}" is not one of: {names}')
        first_loser_votes = sorted((c.votes for c in candidates), reverse=True)[seats]
        if named.votes > first_loser_votes:
            raise ValueError(
                f"{named.name} {_placed(bool(info.data.get('nonpartisan_primary')))}; a "
                "recount is petitioned by a defeated candidate"
            )
        return candidate

    @model_validator(mode="after")
    def _someone_defeated(self) -> Self:
        # After the fields, not in the seats check: a default seats 1 is never validated.
        if self.nonpartisan_primary and self.places >= len(self.candidates):
            raise ValueError(
                f"in a nonpartisan primary {self.places} advance for {_seats(self.seats)} "
                f"(13-14-117) and {len(self.candidates)} ran: every candidate is nominated and "
                "nobody is defeated, so there is nothing to recount"
            )
        return self

    @property
    def places(self) -> int:
        """How many the count puts through: the seats, or in a nonpartisan primary twice
        as many (13-14-117). The margin is measured to the last of them."""
        return advancing(self.seats) if self.nonpartisan_primary else self.seats

    @property
    def nominates(self) -> bool:
        """Whether the count makes nominees, not office holders: a nonpartisan primary, or a
        primary said so for any office but a precinct's (whose officers a primary may elect:
        no text we saw says, so they keep "won")."""
        if self.nonpartisan_primary:
            return True
        said = self.election_type is not None and "primary" in self.election_type.casefold()
        return said and self.kind != ContestKind.PRECINCT

    @property
    def placed(self) -> str:
        """What the count makes of those it puts through, in a word: "won", "nominated"."""
        return "nominated" if self.nominates else "won"


def _seats(seats: int) -> str:
    return "1 seat" if seats == 1 else f"{seats} seats"


def _placed(nonpartisan_primary: bool) -> str:
    return "advances (is nominated)" if nonpartisan_primary else "won a seat"


class BallotQuestion(Input):
    """A question to the voters: subsections (3), (4) and (5)."""

    kind: Annotated[
        Literal[_K.QUESTION, _K.STATE_QUESTION, _K.MULTICOUNTY_QUESTION, _K.SCHOOL_QUESTION],
        KIND_TERM,
    ]
    votes_for: Annotated[
        int,
        Term(
            name="votes for",
            label="Votes for",
            keywords=("for", "yes"),
            example="3237",
            missing="give the votes for the question",
        ),
    ]
    votes_against: Annotated[
        int,
        Term(
            name="votes against",
            label="Votes against",
            keywords=("against", "no"),
            example="3250",
            missing="give the votes against the question",
        ),
    ]
    signers: Annotated[
        int | None,
        Term(
            name="signers",
            label="Electors who signed the petition (optional)",
            keywords=("signers",),
            example="12",
        ),
    ] = None
    counties: Annotated[
        int | None,  # counties the signers represent ((4) and (5) only)
        Term(
            name="counties",
            label="Counties the signers represent (optional)",
            keywords=("counties",),
            example="5",
        ),
    ] = None

    @field_validator("votes_for")
    @classmethod
    def _votes_for_in_range(cls, votes: int) -> int:
        return whole_number(votes, "votes for")

    @field_validator("votes_against")
    @classmethod
    def _votes_against_in_range(cls, votes: int, info: ValidationInfo) -> int:
        whole_number(votes, "votes against")
        if votes == 0 and info.data.get("votes_for") == 0:
            raise ValueError("a question needs at least one vote for or against")
        return votes

    @field_validator("signers")
    @classmethod
    def _signers_in_range(cls, signers: int | None) -> int | None:
        return None if signers is None else whole_number(signers, "signers")

    @field_validator("counties")
    @classmethod
    def _counties_only_where_required(
        cls, counties: int | None, info: ValidationInfo
    ) -> int | None:
        if counties is None:
            return None
        kind = info.data.get("kind")
        if kind is not None and not KINDS[kind].takes_counties:
            raise ValueError(
                "counties applies only to statewide and multicounty questions; "
                "a local question's petition is signed by electors of the jurisdiction"
            )
        return whole_number(counties, "counties (Montana has 56)", maximum=MONTANA_COUNTIES.value)


class CanvassError(Input):
    """The county canvass board found an error: subsection (7)."""

    kind: Annotated[Literal[_K.CANVASS_ERROR], KIND_TERM]


CheckInput = Annotated[CandidateRace | BallotQuestion | CanvassError, Field(discriminator="kind")]
