"""The one door every surface uses to make a check's input: the kind resolved, empty fields
dropped, the shape validated, and a validation failure turned into an `InputError` whose
problems name their fields in plain words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pydantic import (
    TypeAdapter,
    ValidationError,
)

from domain.errors import InputError, Problem
from domain.input_fields import FAMILY_FIELDS, FIELDS, field_name, fields_for, what_it_takes
from domain.inputs import BallotQuestion, CandidateRace, CanvassError, CheckInput
from domain.kinds import KINDS, ContestKind, resolve_kind

_ADAPTER: Final[TypeAdapter[CandidateRace | BallotQuestion | CanvassError]] = TypeAdapter(
    CheckInput
)


def build_check(kind: str | ContestKind, fields: Mapping[str, object]) -> CheckInput:
    """Validate one check. Fields set to None count as not given. Raises only InputError."""
    resolved = kind if isinstance(kind, ContestKind) else resolve_kind(kind)
    info = KINDS[resolved]
    # None, and a flag left off, count as not given (a saved check carries every field).
    given = {
        name: value for name, value in fields.items() if value is not None and value is not False
    }
    takes = {f.key for f in FAMILY_FIELDS[info.family]}
    stray = sorted(set(given) - takes)
    if stray:
        raise InputError(
            [
                Problem(
                    name,
                    f"{field_name(name)} does not apply to {info.a_label} "
                    f"({resolved.value}); it takes {what_it_takes(resolved)}",
                )
                for name in stray
            ]
        )
    found = [
        Problem(name, problem)
        for name in _CANVASS_FIELDS
        if name in given and (problem := _canvass_problem(name, resolved)) is not None
    ]
    if found:
        raise InputError(found)
    candidates = given.get("candidates")
    if isinstance(candidates, list | tuple):
        given["candidates"] = _candidate_records(candidates)
    try:
        return _ADAPTER.validate_python({**given, "kind": resolved})
    except ValidationError as error:
        raise _plain(error) from None


_CANVASS_FIELDS: Final = ("state_canvass", "no_state_canvass")


def _canvass_problem(name: str, kind: ContestKind) -> str | None:
    """Why a kind refuses a state-canvass field, or None where it takes it."""
    info = KINDS[kind]
    if name in {f.key for f in fields_for(kind)}:
        return None
    if name == "state_canvass":
        return (
            f"state canvass date does not apply to {info.a_label} ({kind.value}): its 5 days "
            "run from its own canvass; give canvass DATE"
        )
    if info.counts_from_state_canvass:
        return (
            f"no state canvass applies only to a multi-county district office or question "
            f"decided at a special district election; {info.a_label} is in the state canvass"
        )
    return (
        f"no state canvass does not apply to {info.a_label} ({kind.value}): its 5 days run "
        "from its own canvass already"
    )


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
