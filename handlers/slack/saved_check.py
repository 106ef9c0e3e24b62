"""The saved check: a verdict's inputs written into a button's value (and, signed, into its
message's metadata), and read back to the same check when the button is clicked.

Every button that acts on a verdict (Adjust & re-check, Show the work, Print record, Petition
draft, a scanned contest's Check) carries the inputs, never the verdict: a click checks them
again on the day it is clicked, so what it shows is what the law says that day.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from domain import (
    FIELDS,
    CheckInput,
    ContestKind,
    InputError,
    ValueType,
    Verdict,
    build_check,
    check,
    resolve_kind,
)
from handlers.slack.metadata import MetadataSigner
from handlers.slack.payload import text_at

_JSON_SAFE: Final = str.maketrans({"&": "\\u0026", "<": "\\u003c", ">": "\\u003e"})


# The last verdict's saved inputs: a verdict's message asks for them twice in a row (its
# metadata's signed copy, then its buttons). Held with the verdict itself, so `is` can only
# match that verdict (it cannot be freed and its address reused while held here); one
# reference read at a time, so threads need no lock.
_last_saved: tuple[Verdict, str] | None = None


def saved_inputs(verdict: Verdict) -> str:
    """The check's inputs as compact JSON: the what-if button carries them back to the form.
    & < > are written as JSON escapes, so not even a button value holds Slack markup."""
    global _last_saved
    last = _last_saved
    if last is not None and last[0] is verdict:
        return last[1]
    dumped = verdict.inputs.model_dump(mode="json", exclude_none=True)
    inputs = {key: value for key, value in dumped.items() if value is not False}  # flags left off
    saved = json.dumps(inputs, separators=(",", ":")).translate(_JSON_SAFE)
    _last_saved = (verdict, saved)
    return saved


def signed_inputs(verdict: Verdict, signer: MetadataSigner) -> str:
    """A verdict's inputs, signed: the message metadata's copy, which a later reader can check
    again and know came from this bot. Signed as saved (the JSON escapes read back alike)."""
    return signer.sign_json(saved_inputs(verdict))


def saved_check(value: str) -> CheckInput:
    """A button's saved inputs back to a check (dates come back as ISO text). Raises
    InputError when they cannot be read or no longer make a check."""
    kind, data = saved_fields(value)
    fields: dict[str, object] = {}
    for key, saved in data.items():
        declared = FIELDS.get(key)
        if (
            declared is not None
            and declared.value_type is ValueType.DATE
            and isinstance(saved, str)
        ):
            try:
                fields[key] = date.fromisoformat(saved)
            except ValueError:
                raise InputError.about(key, f'"{saved}" is not a date') from None
        elif (
            declared is not None
            and declared.value_type is ValueType.CANDIDATES
            and isinstance(saved, list)
        ):
            fields[key] = tuple(
                (c.get("name"), c.get("votes")) if isinstance(c, dict) else c for c in saved
            )
        else:
            fields[key] = saved
    return build_check(kind, fields)


def clicked_verdict(body: Mapping[str, Any], today: date) -> Verdict:
    """The verdict of the check a clicked button carries (its value), decided on `today`.
    Raises InputError when the inputs cannot be read or no longer make a check."""
    return check(saved_check(text_at(body, "actions", 0, "value") or ""), today)


def saved_fields(value: str) -> tuple[ContestKind, dict[str, Any]]:
    """The what-if button's JSON back to a kind and fields. Raises InputError if unreadable."""
    try:
        data = json.loads(value)
        kind = resolve_kind(str(data.pop("kind")))
    except (ValueError, KeyError, TypeError, AttributeError):
        raise InputError.about(None, "this verdict's inputs could not be read back") from None
    return kind, data
