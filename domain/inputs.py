"""What a check takes: one of three input shapes, chosen by the kind of contest.

Built with pydantic v2 (frozen, strict, no extra fields). `build_check` is the one door every
surface uses: it resolves the kind, drops fields left empty, validates, and turns every
validation failure into an `InputError` whose problems name the field in plain words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Final, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from domain.constants import MAX_VOTES, MONTANA_COUNTIES
from domain.errors import InputError, Problem
from domain.kinds import KINDS, ContestKind, Family, kind_info, resolve_kind
from domain.petition import takes_counties

_K = ContestKind
MAX_NAME_LENGTH: Final = 100  # room for any real name; keeps a reply readable

# What a reply calls each field, and what the quick syntax calls it.
FIELD_NAMES: Final = {
    "kind": "kind of contest",
    "candidates": "candidates",
    "seats": "seats",
    "total": "total",
    "candidate": "candidate",
    "votes_for": "votes for",
    "votes_against": "votes against",
    "signers": "signers",
    "counties": "counties",
    "canvass": "canvass date",
}


def _whole_number(value: int, what: str, *, maximum: int = MAX_VOTES.value) -> int:
    if value < 0:
        raise ValueError(f"{what} must be 0 or more, not {value:,}")
    if value > maximum:
        raise ValueError(f"{what} must be at most {maximum:,}, not {value:,}")
    return value


class _Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    canvass: date | None = None

    @property
    def family(self) -> Family:
        return kind_info(self.kind_value).family

    @property
    def kind_value(self) -> ContestKind:
        kind: ContestKind = getattr(self, "kind")  # noqa: B009 - every subclass declares it
        return kind


class Candidate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str
    votes: int

    @field_validator("name")
    @classmethod
    def _name_present(cls, name: str) -> str:
        name = " ".join(name.split())
        if not name:
            raise ValueError("every candidate needs a name")
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            # Control and format characters can hide text or spoof a name in a posted verdict.
            raise ValueError(f"candidate name {name!r} contains a control character")
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(
                f'candidate name "{name[:40]}..." is longer than {MAX_NAME_LENGTH} characters'
            )
        return name

    @model_validator(mode="after")
    def _votes_in_range(self) -> Self:
        _whole_number(self.votes, f"votes for {self.name}")
        return self


class CandidateRace(_Input):
    """A race for an office: subsections (1) and (2)."""

    kind: Literal[
        _K.COUNTY,
        _K.MUNICIPAL,
        _K.DISTRICT,
        _K.PRECINCT,
        _K.CONGRESSIONAL,
        _K.STATE,
        _K.MULTICOUNTY_DISTRICT,
        _K.LEGISLATURE,
        _K.DISTRICT_JUDGE,
    ]
    candidates: tuple[Candidate, ...]
    seats: int = 1
    candidate: str | None = None  # the defeated candidate to check; default: best-placed loser
    total: int | None = None  # all votes cast for the position, write-ins included

    @field_validator("candidates")
    @classmethod
    def _two_or_more_unique(cls, candidates: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
        if len(candidates) < 2:
            raise ValueError(
                f"a race needs at least 2 candidates with their votes; got {len(candidates)}"
            )
        seen: set[str] = set()
        for c in candidates:
            key = c.name.casefold()
            if key in seen:
                raise ValueError(f'candidate "{c.name}" is listed twice')
            seen.add(key)
        return candidates

    @field_validator("seats")
    @classmethod
    def _seats_positive(cls, seats: int) -> int:
        if seats < 1:
            raise ValueError(f"seats must be at least 1, not {seats:,}")
        return seats

    @field_validator("total")
    @classmethod
    def _total_in_range(cls, total: int | None) -> int | None:
        return None if total is None else _whole_number(total, "total")

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems: list[Problem] = []
        if self.seats >= len(self.candidates):
            problems.append(
                Problem(
                    "seats",
                    f"seats ({self.seats}) must be fewer than the number of candidates "
                    f"({len(self.candidates)}): someone has to lose for a recount to matter",
                )
            )
        listed = sum(c.votes for c in self.candidates)
        if self.total is not None and self.total < listed:
            problems.append(
                Problem(
                    "total",
                    f"total ({self.total:,}) is less than the votes listed ({listed:,}); "
                    "total is all votes cast for the position, write-ins included",
                )
            )
        if self.candidate is not None and not problems:
            problems.extend(self._candidate_problems())
        if problems:
            raise InputError(problems)
        return self

    def _candidate_problems(self) -> list[Problem]:
        by_key = {c.name.casefold(): c for c in self.candidates}
        named = by_key.get(" ".join(str(self.candidate).split()).casefold())
        if named is None:
            names = ", ".join(c.name for c in self.candidates)
            return [Problem("candidate", f'candidate "{self.candidate}" is not one of: {names}')]
        ranked = sorted((c.votes for c in self.candidates), reverse=True)
        first_loser_votes = ranked[self.seats]
        if named.votes > first_loser_votes:
            return [
                Problem(
                    "candidate",
                    f"{named.name} won a seat; a recount is petitioned by a defeated candidate",
                )
            ]
        return []


class BallotQuestion(_Input):
    """A question to the voters: subsections (3), (4) and (5)."""

    kind: Literal[_K.QUESTION, _K.STATE_QUESTION, _K.MULTICOUNTY_QUESTION]
    votes_for: int
    votes_against: int
    signers: int | None = None  # electors who signed the petition
    counties: int | None = None  # counties those signers represent ((4) and (5) only)

    @field_validator("votes_for", "votes_against")
    @classmethod
    def _votes_in_range(cls, votes: int, info: Any) -> int:
        return _whole_number(votes, FIELD_NAMES[info.field_name])

    @field_validator("signers")
    @classmethod
    def _signers_in_range(cls, signers: int | None) -> int | None:
        return None if signers is None else _whole_number(signers, "signers")

    @field_validator("counties")
    @classmethod
    def _counties_in_range(cls, counties: int | None) -> int | None:
        if counties is None:
            return None
        return _whole_number(counties, "counties (Montana has 56)", maximum=MONTANA_COUNTIES.value)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.votes_for + self.votes_against == 0:
            raise InputError.about("votes_for", "a question needs at least one vote for or against")
        if self.counties is not None and not takes_counties(self.kind):
            raise InputError.about(
                "counties",
                "counties applies only to statewide and multicounty questions; "
                "a local question's petition is signed by electors of the jurisdiction",
            )
        return self


class CanvassError(_Input):
    """The county canvass board found an error: subsection (7)."""

    kind: Literal[_K.CANVASS_ERROR]


CheckInput = Annotated[CandidateRace | BallotQuestion | CanvassError, Field(discriminator="kind")]
_ADAPTER: Final[TypeAdapter[CandidateRace | BallotQuestion | CanvassError]] = TypeAdapter(
    CheckInput
)

# Which fields each family takes, so a stray one gets a message that says what to do instead.
_FAMILY_FIELDS: Final = {
    Family.CANDIDATE_RACE: frozenset({"candidates", "seats", "candidate", "total", "canvass"}),
    Family.BALLOT_QUESTION: frozenset(
        {"votes_for", "votes_against", "signers", "counties", "canvass"}
    ),
    Family.CANVASS_ERROR: frozenset({"canvass"}),
}
_FAMILY_TAKES: Final = {
    Family.CANDIDATE_RACE: "candidates with their votes, seats, total, candidate and canvass",
    Family.BALLOT_QUESTION: "votes for, votes against, signers, counties and canvass",
    Family.CANVASS_ERROR: "only the canvass date",
}


def build_check(kind: str | ContestKind, fields: Mapping[str, object]) -> CheckInput:
    """Validate one check. Fields set to None count as not given. Raises only InputError."""
    resolved = kind if isinstance(kind, ContestKind) else resolve_kind(kind)
    info = KINDS[resolved]
    given = {name: value for name, value in fields.items() if value is not None}
    stray = sorted(set(given) - _FAMILY_FIELDS[info.family])
    if stray:
        raise InputError(
            [
                Problem(
                    name,
                    f"{FIELD_NAMES.get(name, name)} does not apply to a {info.label} "
                    f"({resolved.value}); it takes {_FAMILY_TAKES[info.family]}",
                )
                for name in stray
            ]
        )
    missing = _missing_fields(info.family, given)
    if missing:
        raise InputError(missing)
    if isinstance(given.get("candidates"), list | tuple):
        given["candidates"] = _candidate_records(given["candidates"])  # type: ignore[arg-type]
    try:
        return _ADAPTER.validate_python({"kind": resolved, **given})
    except InputError:
        raise
    except ValidationError as error:
        raise _plain(error) from None


def _candidate_records(candidates: list[object] | tuple[object, ...]) -> tuple[object, ...]:
    """(name, votes) pairs as records pydantic validates; Candidate objects pass through."""
    return tuple(
        {"name": c[0], "votes": c[1]} if isinstance(c, tuple) and len(c) == 2 else c
        for c in candidates
    )


def _missing_fields(family: Family, given: Mapping[str, object]) -> list[Problem]:
    if family is Family.CANDIDATE_RACE and "candidates" not in given:
        return [Problem("candidates", "give at least 2 candidates with their votes")]
    if family is Family.BALLOT_QUESTION:
        return [
            Problem(name, f"give the {FIELD_NAMES[name]} the question")
            for name in ("votes_for", "votes_against")
            if name not in given
        ]
    return []


def _plain(error: ValidationError) -> InputError:
    """Pydantic's errors in a clerk's words, each with the field it is about."""
    problems: list[Problem] = []
    for item in error.errors(include_url=False):
        loc = [part for part in item["loc"] if not _is_union_tag(part)]
        field = str(loc[0]) if loc else None
        # A failure inside one candidate is reported against the candidates field.
        name = FIELD_NAMES.get(field or "", field or "input")
        nested = item.get("ctx", {}).get("error")
        if isinstance(nested, InputError):
            problems.extend(nested.problems)
            continue
        kind = item["type"]
        if kind == "value_error":
            message = str(nested) if nested is not None else item["msg"]
        elif kind in {"int_type", "int_parsing", "int_from_float"}:
            what = "votes" if field == "candidates" else name
            message = f"{what} must be a whole number, not {item.get('input')!r}"
        elif kind in {"date_type", "date_parsing", "date_from_datetime_inexact"}:
            message = f"{name} must be a date"
        elif kind in {"string_type"}:
            message = f"{name} must be text"
        elif kind == "missing":
            message = f"{name} is required"
        elif kind == "extra_forbidden":
            message = f"{name} is not something a check takes"
        else:
            message = f"{name}: {item['msg']}"
        problems.append(Problem(field, message))
    return InputError(problems)


def _is_union_tag(part: object) -> bool:
    return isinstance(part, str) and part in {k.value for k in ContestKind}
