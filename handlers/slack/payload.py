"""Reading Slack's payloads without trusting their shape: a wrong type is an absent value.

A payload that arrives signed can still be odd (a string where an object belongs); a
listener reads it through these, so it answers plainly instead of raising.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def dig(value: object, *path: str | int) -> object:
    """value[path[0]][path[1]]..., or None as soon as a step is missing or of the wrong type."""
    for step in path:
        if isinstance(step, int):
            if not isinstance(value, list) or not -len(value) <= step < len(value):
                return None
            value = value[step]
        else:
            if not isinstance(value, Mapping):
                return None
            value = value.get(step)
    return value


def text_at(value: object, *path: str | int) -> str | None:
    found = dig(value, *path)
    return found if isinstance(found, str) else None


def mapping_at(value: object, *path: str | int) -> dict[str, Any]:
    found = dig(value, *path)
    return dict(found) if isinstance(found, Mapping) else {}
