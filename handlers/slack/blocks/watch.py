"""A watch in Slack, as messages: the root message with Stop, and one message per round with
changes. Pure: the words come from the same functions the text report uses."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from domain.changes import Change
from handlers.results import Scan
from handlers.results.compare import change_line, no_change_line, scanned_by_identity, told
from handlers.results.report import (
    contest_facts,
    contest_headline,
    opening_lines,
    plural,
    read_lines,
)
from handlers.slack.blocks.scan import (
    MAX_LISTED,
    check_button,
    listed_contests,
    scan_metadata,
    work_button,
)
from handlers.slack.blocks.text import (
    HEADER_LIMIT,
    SECTION_LIMIT,
    clip,
    escape,
    escape_mrkdwn,
    mention,
    mrkdwn,
    plain,
)
from handlers.slack.blocks.verdict import SlackMessage, verdict_facts
from handlers.watch.durations import shown
from handlers.watch.records import montana_time

STOP_ACTION_ID: Final = "watch_stop"
# A change takes up to two blocks (its words, its buttons): 19 of them, a header, the banner
# line and the "more" line stay under Slack's 50 blocks a message.
MAX_CHANGES: Final = 20


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
    return SlackMessage(
        text=clip(head, SECTION_LIMIT),
        blocks=blocks,
        # the first reading's facts, as a scan's summary carries them
        metadata=None
        if first is None
        else scan_metadata(first, listed_contests(first)[:MAX_LISTED]),
    )


def stopped_message(sources: list[str], by: str | None, at: datetime) -> SlackMessage:
    who = f" by {mention(by)}" if by else ""  # markup of ours, added after escaping
    words = f"Stopped watching {plural(len(sources), 'source')}"
    when = f" at {montana_time(at)}"
    lines = [f"*{escape_mrkdwn(words)}{who}{when}*", *(f"• {escape_mrkdwn(s)}" for s in sources)]
    return SlackMessage(
        text=f"{escape(words)}{who}{when}",
        blocks=[{"type": "section", "text": mrkdwn("\n".join(lines))}],
    )


def _change_blocks(change: Change, now: Scan | None) -> list[dict[str, Any]]:
    """The change's line, and where it has a verdict, what the check says with its Check and
    Show the work buttons (the work in a modal, one click away)."""
    lines = [f"*{escape_mrkdwn(change_line(change))}*"]
    scanned = None if now is None else scanned_by_identity(now).get(change.key)
    buttons: list[dict[str, Any]] = []
    if scanned is not None and scanned.verdict is not None and change.after is not None:
        lines.append(escape_mrkdwn(contest_headline(scanned)))
        lines += [escape_mrkdwn(fact) for fact in contest_facts(scanned)]
        check = check_button(scanned)
        if check is not None:
            buttons += [check, work_button(scanned, check)]
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn("\n".join(lines))}]
    if buttons:
        blocks.append({"type": "actions", "elements": buttons})
    return blocks


def changes_message(
    changes: list[Change],
    now: Scan | None,
    since: str,
    post: str | None = None,
    note: str | None = None,
) -> SlackMessage:
    """One round's changes, in the order of watch.md, each with what the check says (from
    `now`, the reading they were found in, when the process still has it); contests that
    gained or lost their verdict (the last county arrived) in one line after them."""
    said = told(changes)
    each = said.each
    head = f"{plural(len(each), 'change')} since {since}" if each else no_change_line(since)
    blocks: list[dict[str, Any]] = [{"type": "header", "text": plain(head, HEADER_LIMIT)}]
    read = [] if now is None else read_lines(now)
    if read:  # what was read, and when: the files' banners (downloaded at, unofficial)
        blocks.append(
            {"type": "context", "elements": [mrkdwn(clip(escape_mrkdwn(" ".join(read)), 2000))]}
        )
    for c in each[: MAX_CHANGES - 1]:
        blocks += _change_blocks(c, now)
    if len(each) > MAX_CHANGES - 1:
        more = len(each) - (MAX_CHANGES - 1)
        blocks.append(
            {
                "type": "context",
                "elements": [mrkdwn(f"… and {more} more: recount watch --history")],
            }
        )
    if said.lines:
        coverage = "\n".join(escape_mrkdwn(line) for line in said.lines)
        blocks.append({"type": "section", "text": mrkdwn(clip(coverage, SECTION_LIMIT))})
    if note:  # a word on the round as a whole (a source that keeps switching)
        blocks.append({"type": "section", "text": mrkdwn(clip(escape_mrkdwn(note), SECTION_LIMIT))})
    notes = [note] if note else []
    text = f"{head}: " + "; ".join([*(change_line(c) for c in each[:5]), *said.lines, *notes])
    return SlackMessage(
        text=clip(escape(text), SECTION_LIMIT),
        blocks=blocks,
        metadata=watch_metadata(each[: MAX_CHANGES - 1], now, len(each), said.whole, post),
    )


WATCH_EVENT: Final = "recount_watch_round"


def watch_metadata(
    changes: list[Change],
    now: Scan | None,
    count: int,
    now_whole: int = 0,
    post: str | None = None,
) -> dict[str, Any]:
    """A round's changes as message metadata: each change's kind and contest, its band and
    margin after, and where the reading has it, the verdict's facts; how many contests have
    a verdict now that had none before; the post's key, by which a post whose answer never
    came is found in the channel (handlers.slack.watching)."""
    by_identity = {} if now is None else scanned_by_identity(now)
    listed = []
    for change in changes:
        row: dict[str, Any] = {"contest": change.title, "change": change.kind.value}
        if change.after is not None:
            row["band"] = change.after.band.value
            if change.after.margin is not None:
                row["margin_now"] = change.after.margin
        scanned = by_identity.get(change.key)
        if scanned is not None and scanned.verdict is not None and change.after is not None:
            row.update(verdict_facts(scanned.verdict))
        listed.append(row)
    payload: dict[str, Any] = {"changes": count, "now_whole": now_whole, "listed": listed}
    if post is not None:
        payload["post"] = post
    return {"event_type": WATCH_EVENT, "event_payload": payload}


def post_key(metadata: Any) -> str | None:
    """The post's key a message's metadata carries (watch_metadata), if it is a round's."""
    if not isinstance(metadata, dict) or metadata.get("event_type") != WATCH_EVENT:
        return None
    payload = metadata.get("event_payload")
    key = payload.get("post") if isinstance(payload, dict) else None
    return key if isinstance(key, str) else None


def source_message(line: str) -> SlackMessage:
    """A source that fails, or reads again: one line in the watch's thread."""
    text = (
        f":warning: {escape_mrkdwn(line)}" if "readable again" not in line else escape_mrkdwn(line)
    )
    return SlackMessage(text=clip(text, SECTION_LIMIT), blocks=[])
