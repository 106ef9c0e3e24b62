"""What a check takes: one of three input shapes, chosen by the kind of contest.

Built with pydantic v2 (frozen, strict, no extra fields). Each field is declared once, here,
with its `Term` (domain.fields); validators raise ValueError and pydantic says which field.
`build_check` is the one door every surface uses: it resolves the kind, drops fields left
empty, validates, and turns a validation failure into an `InputError` whose problems name
their fields in plain words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import date
from types import MappingProxyType
from typing import Annotated, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from domain.citations import FIRST_YEAR, LAST_YEAR, MAX_VOTES, MONTANA_COUNTIES
from domain.errors import InputError, Problem
from domain.fields import InputField, Term, ValueType, fields_of
from domain.kinds import KINDS, ContestKind, Family, resolve_kind

_K = ContestKind
MAX_NAME_LENGTH: Final = 100  # room for any real name; keeps a reply readable

KIND_TERM: Final = Term(name="kind of contest", label="Kind of contest", missing="choose the kind")


def _whole_number(value: int, what: str, *, maximum: int = MAX_VOTES.value) -> int:
    if value < 0:
        raise ValueError(f"{what} must be 0 or more, not {value:,}")
    if value > maximum:
        raise ValueError(f"{what} must be at most {maximum:,}, not {value:,}")
    return value


# Slack markup: <@U123>, <!here>, <#C1|x>, <https://...|...>, <mailto:...>
_SLACK_MARKUP: Final = re.compile(r"<\s*(?:[@#!]|[a-z][a-z0-9+.-]*:)", re.IGNORECASE)


def plain_text(text: str, what: str) -> str:
    """A name or label as a reply will show it: spaces tidied, and nothing that could hide
    text, spoof a name or become a mention or link in a posted verdict."""
    text = " ".join(text.split())
    if not text:
        raise ValueError(f"{what} is empty")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ValueError(f"{what} {text!r} contains a control character")
    if _SLACK_MARKUP.search(text):
        raise ValueError(f'{what} "{text[:40]}" looks like Slack markup; write plain text')
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f'{what} "{text[:40]}..." is longer than {MAX_NAME_LENGTH} characters')
    return text


def same_name(name: str) -> str:
    """The key two names are compared by: case and runs of spaces do not matter."""
    return " ".join(name.split()).casefold()


class _Input(BaseModel):
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
    canvass: Annotated[
        date | None,
        Term(
            name="canvass date",
            label="Date of the official canvass",
            keywords=("canvass",),
            example="11/16",
        ),
    ] = None

    @field_validator("race")
    @classmethod
    def _label_is_plain_text(cls, race: str | None) -> str | None:
        return None if race is None else plain_text(race, "race label")

    @field_validator("canvass")
    @classmethod
    def _canvass_in_range(cls, canvass: date | None) -> date | None:
        if canvass is not None and not FIRST_YEAR.value <= canvass.year <= LAST_YEAR.value:
            raise ValueError(
                f"canvass date {canvass.isoformat()} is out of range: give a year from "
                f"{FIRST_YEAR.value} to {LAST_YEAR.value}"
            )
        return canvass


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
        return _whole_number(votes, f"votes for {info.data.get('name', 'a candidate')}")


class CandidateRace(_Input):
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
        _whole_number(total, "total")
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
        _whole_number(write_ins, "write-ins")
        if info.data.get("total") is not None:
            raise ValueError(
                "give total or write-ins, not both: total is all votes cast for the position, "
                "write-ins are added to the candidates listed"
            )
        return write_ins

    @field_validator("candidate")
    @classmethod
    def _candidate_lost(cls, candidate: str | None, info: ValidationInfo) -> str | None:
        candidates, seats = info.data.get("candidates"), info.data.get("seats")
        if candidate is None or candidates is None or seats is None:
            return candidate  # nothing to compare with: the other field's error says why
        named = next((c for c in candidates if same_name(c.name) == same_name(candidate)), None)
        if named is None:
            names = ", ".join(c.name for c in candidates)
            raise ValueError(f'candidate "{candidate}" is not one of: {names}')
        first_loser_votes = sorted((c.votes for c in candidates), reverse=True)[seats]
        if named.votes > first_loser_votes:
            raise ValueError(
                f"{named.name} won a seat; a recount is petitioned by a defeated candidate"
            )
        return candidate


class BallotQuestion(_Input):
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
        return _whole_number(votes, "votes for")

    @field_validator("votes_against")
    @classmethod
    def _votes_against_in_range(cls, votes: int, info: ValidationInfo) -> int:
        _whole_number(votes, "votes against")
        if votes == 0 and info.data.get("votes_for") == 0:
            raise ValueError("a question needs at least one vote for or against")
        return votes

    @field_validator("signers")
    @classmethod
    def _signers_in_range(cls, signers: int | None) -> int | None:
        return None if signers is None else _whole_number(signers, "signers")

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
        return _whole_number(counties, "counties (Montana has 56)", maximum=MONTANA_COUNTIES.value)


class CanvassError(_Input):
    """The county canvass board found an error: subsection (7)."""

    kind: Annotated[Literal[_K.CANVASS_ERROR], KIND_TERM]


CheckInput = Annotated[CandidateRace | BallotQuestion | CanvassError, Field(discriminator="kind")]
_ADAPTER: Final[TypeAdapter[CandidateRace | BallotQuestion | CanvassError]] = TypeAdapter(
    CheckInput
)

MODELS: Final[Mapping[Family, type[_Input]]] = MappingProxyType(
    {
        Family.CANDIDATE_RACE: CandidateRace,
        Family.BALLOT_QUESTION: BallotQuestion,
        Family.CANVASS_ERROR: CanvassError,
    }
)
# Each family's fields, the kind first, in the order the model declares them.
FAMILY_FIELDS: Final = MappingProxyType(
    {family: fields_of(model) for family, model in MODELS.items()}
)
# Every field of every shape by key (canvass and kind are shared, and declared once).
FIELDS: Final[Mapping[str, InputField]] = MappingProxyType(
    {f.key: f for fields in FAMILY_FIELDS.values() for f in fields}
)


def fields_for(kind: ContestKind) -> tuple[InputField, ...]:
    """The fields a kind takes after the kind itself, in order: its shape's fields, less
    `counties` where the subsection's row asks for no counties ((3): a local question)."""
    info = KINDS[kind]
    return tuple(
        f
        for f in FAMILY_FIELDS[info.family]
        if f.value_type is not ValueType.KIND and (f.key != "counties" or info.takes_counties)
    )


def field_name(key: str | None) -> str:
    """What a sentence calls the field: "votes for", "canvass date"."""
    found = FIELDS.get(key or "")
    return found.term.name if found is not None else (key or "input")


def _takes(family: Family) -> str:
    names = [f.term.name for f in FAMILY_FIELDS[family] if f.value_type is not ValueType.KIND]
    if len(names) == 1:
        return f"only the {names[0]}"
    return f"{', '.join(names[:-1])} and {names[-1]}"


def build_check(kind: str | ContestKind, fields: Mapping[str, object]) -> CheckInput:
    """Validate one check. Fields set to None count as not given. Raises only InputError."""
    resolved = kind if isinstance(kind, ContestKind) else resolve_kind(kind)
    info = KINDS[resolved]
    given = {name: value for name, value in fields.items() if value is not None}
    takes = {f.key for f in FAMILY_FIELDS[info.family]}
    stray = sorted(set(given) - takes)
    if stray:
        raise InputError(
            [
                Problem(
                    name,
                    f"{field_name(name)} does not apply to {info.a_label} "
                    f"({resolved.value}); it takes {_takes(info.family)}",
                )
                for name in stray
            ]
        )
    candidates = given.get("candidates")
    if isinstance(candidates, list | tuple):
        given["candidates"] = _candidate_records(candidates)
    try:
        return _ADAPTER.validate_python({**given, "kind": resolved})
    except ValidationError as error:
        raise _plain(error) from None


def _candidate_records(candidates: list[object] | tuple[object, ...]) -> tuple[object, ...]:
    """(name, votes) pairs as records pydantic validates; Candidate objects pass through."""
    return tuple(
        {"name": c[0], "votes": c[1]} if isinstance(c, tuple) and len(c) == 2 else c
        for c in candidates
    )


def _plain(error: ValidationError) -> InputError:
    """Pydantic's errors in a clerk's words, each with the field it is about."""
    problems: list[Problem] = []
    for item in error.errors(include_url=False):
        loc = [part for part in item["loc"] if not _is_union_tag(part)]
        # A failure inside one candidate is reported against the candidates field.
        key = str(loc[0]) if loc else None
        name = field_name(key)
        kind = item["type"]
        if kind == "value_error":
            message = str(item.get("ctx", {}).get("error", item["msg"]))
        elif kind in {"int_type", "int_parsing", "int_from_float"}:
            what = "votes" if key == "candidates" else name
            message = f"{what} must be a whole number, not {item.get('input')!r}"
        elif kind in {"date_type", "date_parsing", "date_from_datetime_inexact"}:
            message = f"{name} must be a date"
        elif kind == "string_type":
            message = f"{name} must be text"
        elif kind == "missing":
            declared = FIELDS.get(key or "")
            missing = declared.term.missing if declared is not None else None
            message = missing or f"{name} is required"
        elif kind == "extra_forbidden":
            message = f"{name} is not something a check takes"
        else:
            message = f"{name}: {item['msg']}"
        problems.append(Problem(key, message))
    return InputError(problems)


def _is_union_tag(part: object) -> bool:
    return isinstance(part, str) and part in {k.value for k in ContestKind}
