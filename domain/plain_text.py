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
    # refused, not cleaned: what a person typed is checked as typed, or not at all; the
    # message shows what was visible and how much was not (a repr of 30 escapes helps nobody)
    shown = visible(text)
    if shown != text:
        hidden = len(text) - len(shown)
        said, them = (
            ("a hidden character", "it")
            if hidden == 1
            else (f"{hidden:,} hidden characters", "them")
        )
        raise ValueError(
            f'{what} "{shown[:40]}" contains {said} (control, bidi or invisible); '
            f"write it without {them}"
        )
    if _SLACK_MARKUP.search(text):
        raise ValueError(f'{what} "{text[:40]}" looks like Slack markup; write plain text')
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f'{what} "{text[:40]}..." is longer than {MAX_NAME_LENGTH} characters')
    return text


def same_name(name: str) -> str:
    """The key two names are compared by: case and runs of spaces do not matter."""
    return " ".join(name.split()).casefold()


# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): what a renderer shows as
# nothing. With the C* categories below it is what `visible` drops: the bidi controls (U+061C,
# U+200E/F, U+202A-202E, U+2066-2069), zero-width characters, U+FEFF, U+2060-2064, U+180E, the
# Hangul fillers and the tag characters, which can hide or reorder what a clerk reads.
DEFAULT_IGNORABLE: Final = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_IGNORABLE: Final = re.compile(f"[{DEFAULT_IGNORABLE}]")


def _shown(ch: str) -> str:
    """One character of a line that is not plain printable text: a space stays (U+00A0, thin
    spaces); a tab, CR, form feed or line separator becomes a space, so words stay apart; every
    other control, format, surrogate, private-use or unassigned character is dropped."""
    if ch.isprintable() or unicodedata.category(ch) == "Zs":
        return ch
    return " " if ch.isspace() else ""


def visible(text: str, *, newlines: bool = False) -> str:
    """Text as every surface shows it (Slack, the terminal, the CSV, the PDF, the logs): only
    characters that print, so a title or name from a results file cannot move the cursor, recolour
    a terminal, reorder a line (bidi) or hide words. `newlines`: line breaks are kept (a surface
    that joins its own lines); otherwise they become spaces."""
    if newlines and "\n" in text:
        return "\n".join(visible(line) for line in text.replace("\r\n", "\n").split("\n"))
    # the usual line is printable throughout: one C-level check, and no copy
    if text.isprintable() and _IGNORABLE.search(text) is None:
        return text
    return "".join(map(_shown, _IGNORABLE.sub("", text)))
