"""A watch in Slack, as messages: the root message with Stop, and one message per round with
changes. Pure: the words come from the same functions the text report uses."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from domain.changes import Change
from domain.explain import explain
from handlers.results import Scan
from handlers.results.compare import change_line, no_change_line, scanned_by_identity, told
from handlers.results.facts import (
    HowToAdd,
    contest_facts,
    contest_headline,
    opening_lines,
    plural,
    read_lines,
)
from handlers.results.scan import ScannedContest
from handlers.slack.check.verdict import verdict_facts
from handlers.slack.message import SlackMessage
from handlers.slack.scan.summary import (
    MAX_LISTED,
    check_button,
    listed_contests,
    row_facts,
    said_in_slack,
    scan_headline,
    scan_metadata,
    slack_words,
    work_button,
)
from handlers.slack.text import (
    HEADER_LIMIT,
    SECTION_LIMIT,
    clip,
    escape,
    escape_mrkdwn,
    mention,
    mrkdwn,
    plain,
)
from handlers.syntax.durations import shown
from handlers.watch.records import montana_time

STOP_ACTION_ID: Final = "watch_stop"
# A change takes up to two blocks (its words, its buttons): 19 of them, a header, the banner
# line and the "more" line stay under Slack's 50 blocks a message.
MAX_CHANGES: Final = 20


# The root names each contest to act on with its Check (a section and its button, one
# block each): 12 of them, the watch's line, its reading, the "more" line and Stop stay far
# under Slack's 50 blocks, and a phone shows them at a glance.
MAX_ROOT_CONTESTS: Final = 12


def root_message(
    sources: list[str], every_s: int, started_by: str | None, first: Scan | None, stop_value: str
) -> SlackMessage:
    """ "Watching 2 sources every 5 min — started by @clerk", the first reading: each
    contest to act on (recount range, tie, bond band, the scan summary's table) with Check,
    what was read; and Stop."""
    # The mention is Slack markup of ours: it is added after the words are escaped.
    who = f" — started by {mention(started_by)}" if started_by else ""
    words = f"Watching {plural(len(sources), 'source')} every {shown(every_s)}"
    head = f"{escape(words)}{who}"
    lines = [f"*{escape_mrkdwn(words)}{who}*", *(f"• {escape_mrkdwn(s)}" for s in sources)]
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn("\n".join(lines))}]
    if first is not None:
        blocks += _first_reading(first)
    blocks.append(
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
        }
    )
    return SlackMessage(
        text=clip(head, SECTION_LIMIT),
        blocks=blocks,
        # the first reading's facts, as a scan's summary carries them
        metadata=None
        if first is None
        else scan_metadata(first, listed_contests(first)[:MAX_LISTED]),
    )


FIRST: Final = "First reading"
EVERY_CONTEST: Final = "A scan of the same results (the file dropped in a DM with me) lists each."
# How a watch in Slack is given the canvass dates: the command run again, with the words.
IN_A_WATCH: Final = HowToAdd(
    canvass="run /recount watch again with canvass DATE",
    state_canvass="run /recount watch again with state canvass DATE",
)
NOTHING_TO_ACT_ON: Final = (
    "Nothing to act on in this reading: no contest in recount range, tied or in the bond band."
)


def _first_reading(first: Scan) -> list[dict[str, Any]]:
    """The first reading in the root: the scan's headline, each contest to act on with its
    Check (its verdict, posted in the root's thread), then what was read, small."""
    listed = listed_contests(first)
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": mrkdwn(f"*{escape_mrkdwn(scan_headline(first, FIRST))}*")}
    ]
    for scanned in listed[:MAX_ROOT_CONTESTS]:
        margin, outcome, day = row_facts(scanned)
        said = f"*{escape_mrkdwn(outcome)}* — {escape_mrkdwn(scanned.contest.shown_as)}"
        block: dict[str, Any] = {
            "type": "section",
            "text": mrkdwn(f"{said}\n{escape_mrkdwn(f'Margin {margin} · day to act: {day}')}"),
        }
        check = check_button(scanned)
        if check is not None:
            block["accessory"] = check
        blocks.append(block)
    more = len(listed) - MAX_ROOT_CONTESTS
    if more > 0:
        blocks.append(
            {
                "type": "context",
                "elements": [mrkdwn(f"… and {more:,} more to act on. {EVERY_CONTEST}")],
            }
        )
    if not listed:
        blocks.append({"type": "context", "elements": [mrkdwn(NOTHING_TO_ACT_ON)]})
    read = " ".join(opening_lines(first, IN_A_WATCH)[1:])
    if read:
        blocks.append({"type": "context", "elements": [mrkdwn(clip(said_in_slack(read), 2000))]})
    return blocks


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
        lines += [said_in_slack(fact) for fact in post_facts(scanned)]
        check = check_button(scanned)
        if check is not None:
            buttons += [check, work_button(scanned, check)]
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn("\n".join(lines))}]
    if buttons:
        blocks.append({"type": "actions", "elements": buttons})
    return blocks


def post_facts(scanned: ScannedContest) -> list[str]:
    """What a change post says of a contest: its votes, margin and what to do (up to the
    verdict's sentence), and the readings it rests on. The long paragraphs (what a margin
    would need, "After filing", today's code) are the modal's: Show the work, one click."""
    assert scanned.verdict is not None
    facts = contest_facts(scanned)
    summary = explain(scanned.verdict).summary
    kept = facts[: facts.index(summary) + 1] if summary in facts else facts
    return [*kept, *(note for note in scanned.contest.notes if note not in kept)]


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
            {"type": "context", "elements": [mrkdwn(clip(said_in_slack(" ".join(read)), 2000))]}
        )
    for c in each[: MAX_CHANGES - 1]:
        blocks += _change_blocks(c, now)
    if len(each) > MAX_CHANGES - 1:
        more = len(each) - (MAX_CHANGES - 1)
        blocks.append(
            {
                "type": "context",
                "elements": [mrkdwn(f"… and {more} more changes this round. {EVERY_CONTEST}")],
            }
        )
    if said.lines:
        coverage = "\n".join(said_in_slack(line) for line in said.lines)
        blocks.append({"type": "section", "text": mrkdwn(clip(coverage, SECTION_LIMIT))})
    if note:  # a word on the round as a whole (a source that keeps switching)
        blocks.append({"type": "section", "text": mrkdwn(clip(said_in_slack(note), SECTION_LIMIT))})
    notes = [note] if note else []
    text = f"{head}: " + "; ".join([*(change_line(c) for c in each[:5]), *said.lines, *notes])
    return SlackMessage(
        text=clip(escape(slack_words(text)), SECTION_LIMIT),
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
    came is found in the channel (handlers.slack.watch.watching)."""
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
        f":warning: {said_in_slack(line)}" if "readable again" not in line else said_in_slack(line)
    )
    return SlackMessage(text=clip(text, SECTION_LIMIT), blocks=[])
