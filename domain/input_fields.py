"""The fields of each input shape, in the order its model declares them: what a form shows for
a kind, and what a sentence calls a field."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

from domain.fields import InputField, ValueType, fields_of
from domain.inputs import BallotQuestion, CandidateRace, CanvassError, Input
from domain.kinds import KINDS, ContestKind, Family

MODELS: Final[Mapping[Family, type[Input]]] = MappingProxyType(
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


@cache  # the same few kinds, asked for every check of a scan
def fields_for(kind: ContestKind) -> tuple[InputField, ...]:
    """The fields a kind takes after the kind itself, in order: its shape's fields, less
    those its row does not take: `counties` where no counties are asked ((3): a local
    question), the state canvass where the window runs from the county's."""
    info = KINDS[kind]
    takes = {
        "counties": info.takes_counties,
        "state_canvass": info.counts_from_state_canvass,
        "no_state_canvass": info.may_skip_state_canvass,
    }
    return tuple(
        f
        for f in FAMILY_FIELDS[info.family]
        if f.value_type is not ValueType.KIND and takes.get(f.key, True)
    )


def field_name(key: str | None) -> str:
    """What a sentence calls the field: "votes for", "canvass date"."""
    found = FIELDS.get(key or "")
    return found.term.name if found is not None else (key or "input")


def what_it_takes(kind: ContestKind) -> str:
    names = [f.term.name for f in fields_for(kind)]
    if len(names) == 1:
        return f"only the {names[0]}"
    return f"{', '.join(names[:-1])} and {names[-1]}"
