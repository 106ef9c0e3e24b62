"""What a name, a label or a count typed by a person may be: plain text that a reply can show
without it hiding text, spoofing a name or becoming a mention or link, and whole numbers in the
range the law's arithmetic takes. The input models (domain.inputs) validate with these."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from domain.citations import MAX_VOTES

MAX_NAME_LENGTH: Final = 100  # room for any real name; keeps a reply readable


def whole_number(value: int, what: str, *, maximum: int = MAX_VOTES.value) -> int:
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
    # isprintable() is False for every "Other" (C*) character: the usual name skips the loop
    if not text.isprintable() and any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ValueError(f"{what} {text!r} contains a control character")
    if _SLACK_MARKUP.search(text):
        raise ValueError(f'{what} "{text[:40]}" looks like Slack markup; write plain text')
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f'{what} "{text[:40]}..." is longer than {MAX_NAME_LENGTH} characters')
    return text


def same_name(name: str) -> str:
    """The key two names are compared by: case and runs of spaces do not matter."""
    return " ".join(name.split()).casefold()
