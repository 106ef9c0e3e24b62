"""Making any text safe to post: nothing a user typed can mention, link or format.

Slack reads `&`, `<` and `>` as markup (`<!channel>`, `<@U123>`, `<http://x|y>`), so they are
always sent as entities. mrkdwn's emphasis characters in user text are swapped for look-alikes
so a name such as `*WIN*` is shown as typed, never as bold. Sections are sent `verbatim`, so
bare "@channel", "#general" or URLs are not turned into mentions or links either.
"""

from __future__ import annotations

import re
from typing import Any, Final

from domain.plain_text import visible

# (character, replacement) pairs; chained str.replace is several times faster than
# str.translate with a dict table, and this runs on every line of every verdict.
_EMPHASIS: Final = (("*", "∗"), ("_", "ˍ"), ("~", "∼"), ("`", "ˋ"))
_USER_ID: Final = re.compile(r"[UW][A-Z0-9]{2,30}")
_CHANNEL_ID: Final = re.compile(r"[CDG][A-Z0-9]{2,30}")


def escape(text: str) -> str:
    """For any mrkdwn field: only visible characters (domain.plain_text.visible, the filter
    of every surface; our own line breaks kept), and entities for & < >."""
    text = visible(text, newlines=True)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_mrkdwn(text: str) -> str:
    """For mrkdwn: as `escape`, and emphasis characters replaced by look-alikes."""
    text = escape(text)
    for mark, look_alike in _EMPHASIS:
        if mark in text:
            text = text.replace(mark, look_alike)
    return text


def unescape_command_text(text: str) -> str:
    """Slash-command text arrives with & < > as entities; the parser wants what was typed."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def mention(user_id: str) -> str:
    """A mention of the asker, only if the id really is a Slack user id."""
    return f"<@{user_id}>" if _USER_ID.fullmatch(user_id) else escape_mrkdwn(user_id)


def is_user_id(value: object) -> bool:
    return isinstance(value, str) and _USER_ID.fullmatch(value) is not None


def is_channel_id(value: object) -> bool:
    return isinstance(value, str) and _CHANNEL_ID.fullmatch(value) is not None


def plain(text: str, limit: int, *, emoji: bool = False) -> dict[str, Any]:
    """A plain_text object (a header, a button's label): visible characters on one line,
    clipped to `limit`. Slack shows plain_text as written, so no entities; `emoji` only where
    the text is ours (a title's ":skull:" stays words)."""
    return {"type": "plain_text", "text": clip(visible(text), limit), "emoji": emoji}


def clip(text: str, limit: int) -> str:
    """Slack refuses over-long text; cut with an ellipsis rather than lose the message. The
    cut falls after the last whole word that fits (a clerk on a phone reads "Candidate…",
    never "Candi…"); only a word longer than the limit itself, which could never be shown
    whole, is cut inside it."""
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]
    if not text[limit - 1].isspace():  # the cut falls inside a word
        start = max(kept.rfind(c) for c in " \n\t") + 1  # where that word begins
        end = next((i for i in range(limit - 1, len(text)) if text[i].isspace()), len(text))
        if end - start <= limit - 1 and kept[:start].strip():
            kept = kept[:start]  # the word would fit on its own: leave it out whole
    return kept.rstrip() + "…"


# Slack's limit on a section's text (and a message's fallback text we send).
SECTION_LIMIT: Final = 3000
HEADER_LIMIT: Final = 150  # Slack's limit on a header's text
BUTTON_TEXT_LIMIT: Final = 75  # Slack's limit on a button's label (and a select option's)


def mrkdwn(text: str, *, verbatim: bool = True) -> dict[str, Any]:
    """A mrkdwn text object, clipped to Slack's limit. `verbatim`: bare "@channel",
    "#channel" or URLs in the text are not turned into links (every verdict and report)."""
    made: dict[str, Any] = {"type": "mrkdwn", "text": clip(text, SECTION_LIMIT)}
    if verbatim:
        made["verbatim"] = True
    return made
