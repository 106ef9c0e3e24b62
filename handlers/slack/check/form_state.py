"""Reading the submitted form: Slack's `view.state.values` to a check, errors by block.

Which blocks there are, and how each one's text becomes a value, comes from the fields'
declarations in the domain; candidate lines are read by the quick syntax's own item reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from domain import (
    FIELDS,
    CheckInput,
    ContestKind,
    InputError,
    InputField,
    Problem,
    ValueType,
    build_check,
    resolve_kind,
)
from handlers.slack.check.form import KIND_ACTION_ID, KIND_BLOCK, VALUE_ACTION_ID
from handlers.slack.text import clip
from handlers.syntax import parse_number, read_candidate_line

# Every field the form can show, but the kind (its own select).
FORM_FIELDS: Final = tuple(f for f in FIELDS.values() if f.value_type is not ValueType.KIND)


def _object(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def selected_kind(values: Mapping[str, Any]) -> ContestKind | None:
    option = _object(_object(values.get(KIND_BLOCK)).get(KIND_ACTION_ID)).get("selected_option")
    if not option:
        return None
    try:
        return resolve_kind(str(_object(option).get("value", "")))
    except InputError:
        return None


def text_values(values: Mapping[str, Any]) -> dict[str, str]:
    """What the user typed or picked, by field, as text (to redraw or re-fill the form)."""
    out: dict[str, str] = {}
    for field in FORM_FIELDS:
        element = _object(_object(values.get(field.key)).get(VALUE_ACTION_ID))
        if field.value_type is ValueType.FLAG:
            if element.get("selected_options"):  # the one box, ticked
                out[field.key] = "true"
            continue
        typed = element.get("selected_date" if field.value_type is ValueType.DATE else "value")
        if typed:
            out[field.key] = str(typed)
    return out


def _candidates(text: str) -> tuple[tuple[str, int], ...]:
    """One candidate a line, read as the quick syntax reads one: "Smith: 1204", "Smith 1,204",
    "Mary Smith = 1204", '"Mary Smith" 1,204'."""
    found: list[tuple[str, int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            found.append(read_candidate_line(line))
        except InputError as error:
            raise InputError.about("candidates", f"line {number}: {error.message}") from None
    return tuple(found)


def _value(field: InputField, text: str) -> object:
    match field.value_type:
        case ValueType.CANDIDATES:
            return _candidates(text)
        case ValueType.DATE:
            try:
                return date.fromisoformat(text)
            except ValueError:
                raise InputError.about(field.key, f'"{text}" is not a date') from None
        case ValueType.NUMBER:
            return parse_number(text, field.term.name)
        case ValueType.FLAG:
            return text == "true"
        case _:
            return text.strip() or None


def read_form(values: Mapping[str, Any]) -> CheckInput:
    """Validates the submitted form. Raises InputError with one problem per bad field."""
    kind = selected_kind(values)
    if kind is None:
        raise InputError.about(KIND_BLOCK, "choose the kind of contest")
    fields: dict[str, object] = {}
    problems: list[Problem] = []
    for key, text in text_values(values).items():
        try:
            fields[key] = _value(FIELDS[key], text)
        except InputError as error:
            problems.append(Problem(key, error.message))
    if problems:
        raise InputError(problems)
    return build_check(kind, fields)


def errors_by_block(error: InputError, block_ids: set[str]) -> dict[str, str]:
    """`response_action: errors` wants one message per block; others go on the kind chooser."""
    errors: dict[str, str] = {}
    for problem in error.problems:
        block = problem.field if problem.field in block_ids else KIND_BLOCK
        errors[block] = (
            f"{errors[block]}; {problem.message}" if block in errors else problem.message
        )
    # Slack's limit on a field's error; cut after a whole word, as every text the bot sends
    return {block: clip(message, 2000) for block, message in errors.items()}
