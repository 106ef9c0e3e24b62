"""A scan's summary as a Slack message: counts, each contest to act on with a Check button,
and what needs a person. Pure: a Scan in, blocks out; words from domain.explain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from domain.citations import BOND_RECOUNT_SHARE, percent_phrase
from handlers.results import Scan
from handlers.results.compare import change_line
from handlers.results.report import (
    NO_RETENTION_LINE,
    SECTIONS,
    HowToAdd,
    close_retentions,
    contest_facts,
    contest_headline,
    county_share,
    opening_lines,
    plural,
    recount_facts,
    recount_results,
    retention_facts,
    share_line,
)
from handlers.results.scan import ScannedContest
from handlers.slack.blocks.text import clip, escape, escape_mrkdwn, mrkdwn
from handlers.slack.blocks.verdict import (
    BUTTON_VALUE_LIMIT,
    SlackMessage,
    saved_inputs,
)
from handlers.syntax import COMMAND, quick_syntax
from handlers.watch.records import Remembered, montana_time

CHECK_ACTION_ID: Final = "scan_check"
KIT_ACTION_ID: Final = "recount_kit"  # the recount board's kit of a listed contest
# A retention contest's Check: the verdict it posts carries the scan's retention reading.
CHECK_RETENTION_ACTION_ID: Final = "scan_check_retention"
MAX_LISTED: Final = 15  # contests with their own block; the rest are counted (blocks <= 50)
_LISTED: Final = tuple(outcome for outcome, _ in SECTIONS)
CSV_NAME: Final = "recount-scan.csv"
ELECTION_ACTION_ID: Final = "scan_election"


def _contest_block(scanned: ScannedContest) -> dict[str, Any]:
    assert scanned.verdict is not None
    lines = [f"*{escape_mrkdwn(contest_headline(scanned))}*"]
    lines.extend(escape_mrkdwn(fact) for fact in contest_facts(scanned))
    if scanned.contest.retention is not None:
        lines.append(f"Check it: {escape_mrkdwn(NO_RETENTION_LINE)}")
    else:
        lines.append(f"Check it: `{COMMAND} {escape(quick_syntax(scanned.verdict.inputs))}`")
    block: dict[str, Any] = {"type": "section", "text": mrkdwn("\n".join(lines))}
    button = check_button(scanned)
    if button is not None:
        block["accessory"] = button
    return block


def _since_text(memory: Remembered) -> str:
    assert memory.since is not None
    when = montana_time(memory.since)
    if not memory.changes:
        return f"*Since your last scan ({when})*: no contest changed band or leader."
    lines = [f"• {escape_mrkdwn(change_line(c))}" for c in memory.changes[:MAX_LISTED]]
    more = len(memory.changes) - MAX_LISTED
    if more > 0:
        lines.append(f"… and {more} more")
    head = f"*Since your last scan ({when}): {plural(len(memory.changes), 'change')}*"
    return "\n".join([head, *lines])


def check_button(scanned: ScannedContest) -> dict[str, Any] | None:
    """The Check button that posts a listed contest's full verdict (None when its inputs are
    too long for a button); a retention contest's carries the scan's reading."""
    assert scanned.verdict is not None
    value = saved_inputs(scanned.verdict)
    if len(value) > BUTTON_VALUE_LIMIT:
        return None
    retention = scanned.contest.retention is not None
    return {
        "type": "button",
        "action_id": CHECK_RETENTION_ACTION_ID if retention else CHECK_ACTION_ID,
        "text": {"type": "plain_text", "text": "Check", "emoji": True},
        "value": value,
    }


# How a Slack message gives the canvass dates (the scan's words in a DM or the shortcut's).
IN_A_MESSAGE: Final = HowToAdd(
    canvass="add canvass DATE to your message", state_canvass="add state canvass DATE"
)


def kit_button(value: str) -> dict[str, Any]:
    """The "Recount kit" button of a listed contest whose file has precincts."""
    return {
        "type": "actions",
        "elements": [
            {
                "type": "button",
                "action_id": KIT_ACTION_ID,
                "text": {"type": "plain_text", "text": "Recount kit", "emoji": True},
                "value": value,
            }
        ],
    }


def scan_summary(
    result: Scan,
    memory: Remembered | None = None,
    kit_value: Callable[[ScannedContest], str | None] | None = None,
) -> SlackMessage:
    """The summary; with `memory` (a scan in a DM), it starts with what changed since the last
    scan of the same election there. `kit_value`: a listed contest's signed "Recount kit"
    value, where its file has precincts (None: no button)."""
    s = result.summary()
    headline = (
        f"Scan: {plural(s['contests'], 'contest')}, {s['recount_available']:,} recount "
        f"available, {plural(s['ties'], 'tie')}, {s['bond_band']:,} in the bond band, "
        f"{plural(s['attention'], 'needs', 'need')} a person"
    )
    files = ", ".join(f"{f.name} ({f.format})" for f in result.files)
    # The report's opening lines after its first (which the headline says), in Slack's words.
    said = " ".join(opening_lines(result, IN_A_MESSAGE)[1:])
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": clip(headline, 150)}},
        {"type": "context", "elements": [mrkdwn(escape_mrkdwn(f"{files}. {said}"))]},
    ]
    if memory is not None and memory.since is not None:
        blocks.append({"type": "section", "text": mrkdwn(_since_text(memory))})
    listed = [c for c in result.contests if c.outcome in _LISTED]
    for c in listed[:MAX_LISTED]:
        blocks.append(_contest_block(c))
        value = None if kit_value is None else kit_value(c)
        if value is not None and len(value) <= BUTTON_VALUE_LIMIT:
            blocks.append(kit_button(value))
    if len(listed) > MAX_LISTED:
        blocks.append(
            {
                "type": "context",
                "elements": [mrkdwn(f"… and {len(listed) - MAX_LISTED} more in the CSV.")],
            }
        )
    shares = sum(county_share(c) for c in result.contests)
    if shares:
        blocks.append({"type": "context", "elements": [mrkdwn(escape_mrkdwn(share_line(shares)))]})
    retentions = close_retentions(result)
    if retentions:
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: " + escape_mrkdwn(" ".join(retention_facts(c)))
            for c in retentions[:MAX_LISTED]
        ]
        head = f"*Retention votes within {escape_mrkdwn(percent_phrase(BOND_RECOUNT_SHARE))}*"
        blocks.append(
            {"type": "section", "text": mrkdwn(clip(f"{head}\n" + "\n".join(lines), 3000))}
        )
    recounts = recount_results(result)
    if recounts:
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: "
            + escape_mrkdwn(" ".join(recount_facts(c, result)))
            for c in recounts[:MAX_LISTED]
        ]
        blocks.append(
            {
                "type": "section",
                "text": mrkdwn(
                    clip(f"*Recount results ({len(recounts)})*\n" + "\n".join(lines), 3000)
                ),
            }
        )
    attention = [c for c in result.contests if c.contest.attention]
    if attention:
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: "
            + escape_mrkdwn("; ".join(c.contest.attention))
            for c in attention
        ]
        blocks.append(
            {
                "type": "section",
                "text": mrkdwn(f"*Need a person ({len(attention)})*\n" + "\n".join(lines)),
            }
        )
    blocks.append(
        {
            "type": "context",
            "elements": [mrkdwn(f"Every contest is in the attached {CSV_NAME} · not legal advice")],
        }
    )
    return SlackMessage(text=escape(headline), blocks=blocks)


def scan_error(reason: str) -> SlackMessage:
    text = f":warning: {escape_mrkdwn(reason)}"
    return SlackMessage(text=text, blocks=[{"type": "section", "text": mrkdwn(text)}])


def election_question(name: str, values: dict[str, str]) -> SlackMessage:
    """A file that does not say whether it is a primary or a general election: the question,
    with a button for each answer (`values`: election -> signed value), or, without them, the
    words to add to the message."""
    said = (
        f"{escape_mrkdwn(name)} does not say whether it is a primary or a general election, "
        "and reading a primary as a general merges the parties. Which is it?"
    )
    buttons = [
        {
            "type": "button",
            "action_id": f"{ELECTION_ACTION_ID}_{election}",
            "text": {"type": "plain_text", "text": election.capitalize()},
            "value": value,
        }
        for election, value in values.items()
        if len(value) <= BUTTON_VALUE_LIMIT
    ]
    if len(buttons) < len(values) or not buttons:
        said += " Scan again with `election primary` or `election general` in your message."
        buttons = []
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn(f":question: {said}")}]
    if buttons:
        blocks.append({"type": "actions", "elements": buttons})
    return SlackMessage(text=escape(f"{name}: primary or general election?"), blocks=blocks)
