"""The verdict as a Slack message: Block Kit blocks and a plain-text fallback.

Pure: a `Verdict` (and who asked) in, blocks out. The sentences come from `domain.explain`;
this module only lays them out and escapes them.

The blocks are written as plain dicts because this is the hot path of every quick check:
slack_sdk.models re-discovers its validators with dir() on each object's to_dict(), which
cost more than the rest of a check together (bench/RESULTS.md). The tests parse every shape
of message this module builds back through slack_sdk.models and validate it there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from slack_sdk.models.blocks import MarkdownTextObject, SectionBlock

from domain import Outcome, Verdict
from domain.explain import explain
from handlers.paper.petition import why_no_petition
from handlers.slack.blocks.text import SECTION_LIMIT, clip, escape, escape_mrkdwn, mention, mrkdwn
from handlers.slack.blocks.work import WORK_ACTION_ID
from handlers.syntax import COMMAND

ADJUST_ACTION_ID: Final = "adjust_recheck"
RECORD_ACTION_ID: Final = "print_record"  # the verdict as a PDF, in its thread
PETITION_ACTION_ID: Final = "petition_draft"  # a petition draft, where one can be filed
REMIND_ACTION_ID: Final = "remind_channel"  # handlers.slack.actions.remind listens for it
BUTTON_VALUE_LIMIT: Final = 2000
HEADER_LIMIT: Final = 150
_JSON_SAFE: Final = str.maketrans({"&": "\\u0026", "<": "\\u003c", ">": "\\u003e"})

_ICONS: Final = {
    Outcome.AVAILABLE: "✅",
    Outcome.TIE: "⚖️",
    Outcome.DEADLINE_PASSED: "⏰",
    Outcome.PETITION_SHORT: "✋",
    Outcome.NOT_AVAILABLE: "❌",
    Outcome.BOND: "💵",
    Outcome.CANVASS_BOARD: "📋",
}


@dataclass(frozen=True)
class SlackMessage:
    text: str  # the notification fallback
    blocks: list[dict[str, Any]]

    def as_kwargs(self) -> dict[str, Any]:
        return {"text": self.text, "blocks": self.blocks}


def _section(title: str, lines: tuple[str, ...]) -> dict[str, Any]:
    body = "\n".join(f"• {escape_mrkdwn(line)}" for line in lines)
    return {"type": "section", "text": mrkdwn(f"*{title}*\n{body}")}


def saved_inputs(verdict: Verdict) -> str:
    """The check's inputs as compact JSON: the what-if button carries them back to the form.
    & < > are written as JSON escapes, so not even a button value holds Slack markup."""
    dumped = verdict.inputs.model_dump(mode="json", exclude_none=True)
    inputs = {key: value for key, value in dumped.items() if value is not False}  # flags left off
    return json.dumps(inputs, separators=(",", ":")).translate(_JSON_SAFE)


def verdict_message(
    verdict: Verdict,
    asked_by: str | None = None,
    remind: str | None = None,
    readings: tuple[str, ...] = (),
) -> SlackMessage:
    """`remind`: the signed value of a "Remind this channel" button
    (handlers.slack.actions.remind), given where the verdict has a deadline still ahead.
    `readings`: lines of a reading the inputs came from (the scan's retention reading), shown
    under the edition line."""
    e = explain(verdict)
    icon = _ICONS[verdict.outcome]
    headline = clip(f"{icon} {e.headline}", HEADER_LIMIT)
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": headline, "emoji": True}},
        {"type": "context", "elements": [mrkdwn(escape_mrkdwn(e.read_as))]},
        {
            "type": "section",
            "text": mrkdwn(f"*{escape_mrkdwn(e.summary)}*\n{escape_mrkdwn(e.contest)}"),
        },
    ]
    # A section with nothing to say is left out, never shown as an empty header.
    for title, lines in (
        ("Margin", e.margin_lines),
        ("Deadline", e.deadline_lines),
        ("Petition", e.petition_lines),
        ("Related", e.related_lines),
    ):
        if lines:
            blocks.append(_section(title, lines))
    quoted = "\n".join(f">{escape_mrkdwn(q)}" for q in e.quotes)
    asked = f" · asked by {mention(asked_by)}" if asked_by else ""
    blocks += [
        {"type": "divider"},
        {"type": "section", "text": mrkdwn(f"*{escape_mrkdwn(e.citation)}*\n{quoted}")},
        {
            "type": "context",
            "elements": [
                mrkdwn(
                    "\n".join(
                        escape_mrkdwn(line) for line in (e.edition, *e.current_law, *readings)
                    )
                    + f"\n{escape_mrkdwn(e.as_of)}{asked}"
                )
            ],
        },
    ]
    buttons: list[dict[str, Any]] = []
    value = saved_inputs(verdict)
    if len(value) <= BUTTON_VALUE_LIMIT:  # a very long race still gets its verdict, not the button
        buttons.append(
            {
                "type": "button",
                "action_id": ADJUST_ACTION_ID,
                "text": {"type": "plain_text", "text": "Adjust & re-check", "emoji": True},
                "value": value,
            }
        )
        buttons.append(
            {
                "type": "button",
                "action_id": WORK_ACTION_ID,
                "text": {"type": "plain_text", "text": "Show the work", "emoji": True},
                "value": value,
            }
        )
        buttons.append(
            {
                "type": "button",
                "action_id": RECORD_ACTION_ID,
                "text": {"type": "plain_text", "text": "Print record", "emoji": True},
                "value": value,  # the same inputs: the record is this verdict, checked again
            }
        )
        if why_no_petition(verdict) is None:  # only where something can be filed
            buttons.append(
                {
                    "type": "button",
                    "action_id": PETITION_ACTION_ID,
                    "text": {"type": "plain_text", "text": "Petition draft", "emoji": True},
                    "value": value,
                }
            )
    if remind is not None and len(remind) <= BUTTON_VALUE_LIMIT:
        buttons.append(
            {
                "type": "button",
                "action_id": REMIND_ACTION_ID,
                "text": {"type": "plain_text", "text": "Remind this channel", "emoji": True},
                "value": remind,
            }
        )
    if buttons:
        blocks.append({"type": "actions", "block_id": "verdict_actions", "elements": buttons})
    text = escape(f"{icon} {e.headline}: {e.summary} ({e.citation})")
    return SlackMessage(text=clip(text, SECTION_LIMIT), blocks=blocks)


def error_message(message: str, example: str | None) -> SlackMessage:
    """A private reply for bad input: the problem quoted, and a text that would work."""
    text = f":warning: {escape_mrkdwn(message)}"
    if example:
        text += f"\nFor example: `{COMMAND} {escape(example)}`"
    text = clip(text, SECTION_LIMIT)
    return SlackMessage(
        text=text,
        blocks=[SectionBlock(text=MarkdownTextObject(text=text, verbatim=True)).to_dict()],
    )
