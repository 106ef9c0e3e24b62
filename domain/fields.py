"""The vocabulary of input fields: each is declared once, on its model, with a `Term`.

    seats: Annotated[int, Term(name="seats", label="Seats to fill", keywords=("seats",))] = 1

Everything that names a field reads it from here: the quick syntax takes its keywords, the
form its labels, block ids and order, error messages the field's name, and the JSON and the
what-if button the fields themselves. `fields_of(Model)` lists a model's fields in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Any, get_args, get_origin

from pydantic import BaseModel


@dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    """What people call a field, wherever they meet it."""

    name: str  # in a sentence: "votes for", "canvass date"
    label: str  # above the form's input: "Votes for"
    help: str | None = None  # under the form's input
    keywords: tuple[str, ...] = ()  # quick-syntax words (or phrases) that introduce its value
    example: str | None = None  # a value as typed after the keyword: "3", "11/16", '"HD 22"'
    missing: str | None = None  # what to say when a required field is not given


class ValueType(Enum):
    """How a field's value is written: it decides how text becomes the value."""

    KIND = "kind"
    CANDIDATES = "candidates"  # names with their votes
    NUMBER = "number"
    TEXT = "text"
    DATE = "date"
    FLAG = "flag"  # a keyword alone, no value: `no state canvass`


@dataclass(frozen=True, slots=True)
class InputField:
    key: str  # the attribute, the JSON key, the form's block id
    term: Term
    value_type: ValueType
    required: bool
    default: object


def _value_type(annotation: Any) -> ValueType:
    args = {arg for arg in get_args(annotation) if arg is not type(None)}
    if get_origin(annotation) is tuple:
        return ValueType.CANDIDATES
    if annotation is bool:
        return ValueType.FLAG
    if all(isinstance(arg, Enum) for arg in args) and args:
        return ValueType.KIND  # Literal[ContestKind.COUNTY, ...]
    for python_type, value_type in ((date, ValueType.DATE), (int, ValueType.NUMBER)):
        if annotation is python_type or python_type in args:
            return value_type
    if annotation is str or str in args:
        return ValueType.TEXT
    raise TypeError(f"no value type for {annotation!r}")


def _declared_at(model: type[BaseModel], key: str) -> int:
    """How far up the class tree `key` is declared: 0 for the model's own fields."""
    for depth, cls in enumerate(model.__mro__):
        if key in vars(cls).get("__annotations__", {}):
            return depth
    return len(model.__mro__)


def fields_of(model: type[BaseModel]) -> tuple[InputField, ...]:
    """The model's own fields in the order it declares them, then those it inherits (the
    canvass date, shared by every shape), each with its Term."""
    found: list[InputField] = []
    ordered = sorted(model.model_fields.items(), key=lambda item: _declared_at(model, item[0]))
    for key, info in ordered:
        terms = [m for m in info.metadata if isinstance(m, Term)]
        if len(terms) != 1:
            raise TypeError(f"{model.__name__}.{key} must carry exactly one Term")
        found.append(
            InputField(
                key=key,
                term=terms[0],
                value_type=_value_type(info.annotation),
                required=info.is_required(),
                default=None if info.is_required() else info.default,
            )
        )
    return tuple(found)
