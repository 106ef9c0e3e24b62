"""Reading the submitted form: Slack's `view.state.values` to a check, errors by block."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from domain import CheckInput, ContestKind, InputError, Problem, build_check, resolve_kind
from handlers.form_view import KIND_ACTION_ID, KIND_BLOCK
from handlers.quick_syntax import parse_number

NUMBER_FIELDS: Final = ("seats", "total", "votes_for", "votes_against", "signers", "counties")
TEXT_FIELDS: Final = ("candidates", "candidate", *NUMBER_FIELDS)


def selected_kind(values: Mapping[str, Any]) -> ContestKind | None:
    option = values.get(KIND_BLOCK, {}).get(KIND_ACTION_ID, {}).get("selected_option")
    if not option:
        return None
    try:
        return resolve_kind(str(option.get("value", "")))
    except InputError:
        return None


def text_values(values: Mapping[str, Any]) -> dict[str, str]:
    """What the user typed or picked, by field, as text (to redraw or re-fill the form)."""
    out: dict[str, str] = {}
    for block_id in TEXT_FIELDS:
        typed = values.get(block_id, {}).get("value", {}).get("value")
        if typed:
            out[block_id] = str(typed)
    picked = values.get("canvass", {}).get("value", {}).get("selected_date")
    if picked:
        out["canvass"] = str(picked)
    return out


def _candidates(text: str) -> tuple[tuple[str, int], ...]:
    """Lines like "Smith: 1204", "Smith 1,204" or "Mary Smith = 1204"."""
    found: list[tuple[str, int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        for separator in (":", "=", None):
            name, _, votes = line.rpartition(separator) if separator else line.rpartition(" ")
            if name.strip():
                break
        name, votes = name.strip(), votes.strip()
        if not name or not votes:
            raise InputError.about(
                "candidates",
                f'line {number} ("{line[:60]}"): write a name and votes, like Smith: 1204',
            )
        try:
            found.append((name, parse_number(votes, f"votes for {name}")))
        except InputError as error:
            raise InputError.about("candidates", f"line {number}: {error.message}") from None
    return tuple(found)


def read_form(values: Mapping[str, Any]) -> CheckInput:
    """Validates the submitted form. Raises InputError with one problem per bad field."""
    kind = selected_kind(values)
    if kind is None:
        raise InputError.about(KIND_BLOCK, "choose the kind of contest")
    typed = text_values(values)
    fields: dict[str, object] = {}
    problems: list[Problem] = []
    for name, text in typed.items():
        try:
            if name == "candidates":
                fields[name] = _candidates(text)
            elif name == "canvass":
                fields[name] = date.fromisoformat(text)
            elif name in NUMBER_FIELDS:
                fields[name] = parse_number(text, name.replace("_", " "))
            else:
                fields[name] = text.strip() or None
        except InputError as error:
            problems.append(Problem(name, error.message))
        except ValueError:
            problems.append(Problem(name, f'"{text}" is not a date'))
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
    return {block: message[:2000] for block, message in errors.items()}


def saved_fields(value: str) -> tuple[ContestKind, dict[str, Any]]:
    """The what-if button's JSON back to a kind and fields. Raises InputError if unreadable."""
    try:
        data = json.loads(value)
        kind = resolve_kind(str(data.pop("kind")))
    except (ValueError, KeyError, TypeError, AttributeError):
        raise InputError.about(None, "this verdict's inputs could not be read back") from None
    return kind, data
