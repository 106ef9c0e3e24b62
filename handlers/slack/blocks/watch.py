"""A watch in Slack, as messages: the root message with Stop, and one message per round with
changes. Pure: the words come from the same functions the text report uses."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from domain.changes import Change
from handlers.results import Scan
from handlers.results.compare import change_line, scanned_by_identity
from handlers.results.report import (
    contest_facts,
    contest_headline,
    opening_lines,
    plural,
    read_lines,
)
from handlers.slack.blocks.scan import check_button
from handlers.slack.blocks.text import SECTION_LIMIT, clip, escape, escape_mrkdwn, mention, mrkdwn
from handlers.slack.blocks.verdict import SlackMessage
from handlers.watch.durations import shown
from handlers.watch.records import montana_time

STOP_ACTION_ID: Final = "watch_stop"
MAX_CHANGES: Final = 20  # blocks per message stay under Slack's 50


def root_message(
    sources: list[str], every_s: int, started_by: str | None, first: Scan | None, stop_value: str
) -> SlackMessage:
    """ "Watching 2 sources every 5 min — started by @clerk", the first reading, and Stop."""
    # The mention is Slack markup of ours: it is added after the words are escaped.
    who = f" — started by {mention(started_by)}" if started_by else ""
    words = f"Watching {plural(len(sources), 'source')} every {shown(every_s)}"
    head = f"{escape(words)}{who}"
    lines = [f"*{escape_mrkdwn(words)}{who}*", *(f"• {escape_mrkdwn(s)}" for s in sources)]
    if first is not None:
        lines += [escape_mrkdwn(line) for line in opening_lines(first)]
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": mrkdwn("\n".join(lines))},
        {
            "type": "actions",
            "block_id": "watch_actions",
            "elements": [
                {
                    "type": "button",
                    "action_id": STOP_ACTION_ID,
                    "text": {"type": "plain_text", "text": "Stop watching", "emoji": True},
                    "style": "danger",
                    "value": stop_value,
                }
            ],
        },
    ]
    return SlackMessage(text=clip(head, SECTION_LIMIT), blocks=blocks)


def stopped_message(sources: list[str], by: str | None, at: datetime) -> SlackMessage:
    who = f" by {mention(by)}" if by else ""  # markup of ours, added after escaping
    words = f"Stopped watching {plural(len(sources), 'source')}"
    when = f" at {montana_time(at)}"
    lines = [f"*{escape_mrkdwn(words)}{who}{when}*", *(f"• {escape_mrkdwn(s)}" for s in sources)]
    return SlackMessage(
        text=f"{escape(words)}{who}{when}",
        blocks=[{"type": "section", "text": mrkdwn("\n".join(lines))}],
    )


def _change_block(change: Change, now: Scan | None) -> dict[str, Any]:
    lines = [f"*{escape_mrkdwn(change_line(change))}*"]
    scanned = None if now is None else scanned_by_identity(now).get(change.key)
    block: dict[str, Any] = {"type": "section"}
    if scanned is not None and scanned.verdict is not None and change.after is not None:
        lines.append(escape_mrkdwn(contest_headline(scanned)))
        lines += [escape_mrkdwn(fact) for fact in contest_facts(scanned)]
        button = check_button(scanned)
        if button is not None:
            block["accessory"] = button
    block["text"] = mrkdwn("\n".join(lines))
    return block


def changes_message(changes: list[Change], now: Scan | None, since: str) -> SlackMessage:
    """One round's changes, in the order of watch.md, each with what the check says (from
    `now`, the reading they were found in, when the process still has it)."""
    head = f"{plural(len(changes), 'change')} since {since}"
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": clip(head, 150)}}
    ]
    read = [] if now is None else read_lines(now)
    if read:  # what was read, and when: the files' banners (downloaded at, unofficial)
        blocks.append(
            {"type": "context", "elements": [mrkdwn(clip(escape_mrkdwn(" ".join(read)), 2000))]}
        )
    blocks += [_change_block(c, now) for c in changes[: MAX_CHANGES - 1]]
    if len(changes) > MAX_CHANGES - 1:
        more = len(changes) - (MAX_CHANGES - 1)
        blocks.append(
            {
                "type": "context",
                "elements": [mrkdwn(f"… and {more} more: recount watch --history")],
            }
        )
    text = f"{head}: " + "; ".join(change_line(c) for c in changes[:5])
    return SlackMessage(text=clip(escape(text), SECTION_LIMIT), blocks=blocks)


def source_message(line: str) -> SlackMessage:
    """A source that fails, or reads again: one line in the watch's thread."""
    text = (
        f":warning: {escape_mrkdwn(line)}" if "readable again" not in line else escape_mrkdwn(line)
    )
    return SlackMessage(text=clip(text, SECTION_LIMIT), blocks=[])
