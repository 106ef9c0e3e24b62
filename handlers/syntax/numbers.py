"""Whole numbers as people type them: "1204", "1,204"."""

from __future__ import annotations

import re
from typing import Final

from domain import InputError

MAX_DIGITS: Final = 12  # far above any vote count; keeps int() away from huge strings

NUMBER: Final = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")
NUMBERISH: Final = re.compile(r"[+\-−]?[\d,.]*\d[\d,.]*")


def parse_number(word: str, what: str) -> int:
    """A whole number, thousands separators allowed: "1,204" -> 1204."""
    text = word.strip()
    if NUMBER.fullmatch(text) and len(text.replace(",", "")) <= MAX_DIGITS:
        return int(text.replace(",", ""))
    if NUMBER.fullmatch(text):
        raise InputError.about(None, f'"{word}" is far too large for {what}')
    if text[:1] in "-−" and NUMBERISH.fullmatch(text):
        raise InputError.about(None, f'{what} must be 0 or more, not "{word}"')
    if NUMBERISH.fullmatch(text):
        raise InputError.about(None, f'{what} must be a whole number, not "{word}"')
    raise InputError.about(None, f'{what} must be a number, not "{word}"')
