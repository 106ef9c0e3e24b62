"""The verdict as a Slack message, built with slack_sdk.models so the SDK validates it.

Pure: a `Verdict` (and who asked) in, blocks and a plain-text fallback out. The sentences come
from `domain.explain`; this module only lays them out and escapes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from slack_sdk.models.blocks import (
    ActionsBlock,
    Block,
    ButtonElement,
    ContextBlock,
    DividerBlock,
    HeaderBlock,
    MarkdownTextObject,
    SectionBlock,
)

from domain import Outcome, Verdict
from domain.explain import explain
from handlers.slack_text import clip, escape, escape_mrkdwn, mention

ADJUST_ACTION_ID: Final = "adjust_recheck"
SECTION_LIMIT: Final = 3000
BUTTON_VALUE_LIMIT: Final = 2000
HEADER_LIMIT: Final = 150
_JSON_SAFE: Final = str.maketrans({"&": "\\u0026", "<": "\\u003c", ">": "\\u003e"})

_ICONS: Final = {
    Outcome.AVAILABLE: "✅",
    Outcome.TIE: "⚖️",
    Outcome.NOT_AVAILABLE: "❌",
    Outcome.DEADLINE_PASSED: "⏰",
    Outcome.PETITION_SHORT: "✋",
}


@dataclass(frozen=True)
class SlackMessage:
    text: str  # the notification fallback
    blocks: list[dict[str, Any]]

    def as_kwargs(self) -> dict[str, Any]:
        return {"text": self.text, "blocks": self.blocks}


def _section(title: str, lines: tuple[str, ...]) -> SectionBlock:
    body = "\n".join(f"• {escape_mrkdwn(line)}" for line in lines)
    return SectionBlock(
        text=MarkdownTextObject(text=clip(f"*{title}*\n{body}", SECTION_LIMIT), verbatim=True)
    )


def saved_inputs(verdict: Verdict) -> str:
    """The check's inputs as compact JSON: the what-if button carries them back to the form.
    & < > are written as JSON escapes, so not even a button value holds Slack markup."""
    inputs = verdict.inputs.model_dump(mode="json", exclude_none=True)
    return json.dumps(inputs, separators=(",", ":")).translate(_JSON_SAFE)


def verdict_message(verdict: Verdict, asked_by: str | None = None) -> SlackMessage:
    e = explain(verdict)
    icon = _ICONS[verdict.outcome]
    blocks: list[Block] = [
        HeaderBlock(text=clip(f"{icon} {e.headline}", HEADER_LIMIT)),
        SectionBlock(
            text=MarkdownTextObject(
                text=clip(
                    f"*{escape_mrkdwn(e.summary)}*\n{escape_mrkdwn(e.contest)}", SECTION_LIMIT
                ),
                verbatim=True,
            )
        ),
        _section("Margin", e.margin_lines),
        _section("Deadline", e.deadline_lines),
        _section("Petition", e.petition_lines),
    ]
    if e.related_lines:
        blocks.append(_section("Related", e.related_lines))
    quoted = "\n".join(f">{escape_mrkdwn(q)}" for q in e.quotes)
    blocks += [
        DividerBlock(),
        SectionBlock(
            text=MarkdownTextObject(
                text=clip(f"*{escape_mrkdwn(e.citation)}*\n{quoted}", SECTION_LIMIT), verbatim=True
            )
        ),
    ]
    asked = f" · asked by {mention(asked_by)}" if asked_by else ""
    blocks.append(
        ContextBlock(
            elements=[
                MarkdownTextObject(
                    text=clip(
                        f"{escape_mrkdwn(e.edition)}\n{escape_mrkdwn(e.as_of)}{asked}",
                        SECTION_LIMIT,
                    ),
                    verbatim=True,
                )
            ]
        )
    )
    value = saved_inputs(verdict)
    if len(value) <= BUTTON_VALUE_LIMIT:  # a very long race still gets its verdict, not the button
        blocks.append(
            ActionsBlock(
                block_id="verdict_actions",
                elements=[
                    ButtonElement(text="Adjust & re-check", action_id=ADJUST_ACTION_ID, value=value)
                ],
            )
        )
    text = escape(f"{icon} {e.headline}: {e.summary} ({e.citation})")
    return SlackMessage(text=clip(text, SECTION_LIMIT), blocks=[b.to_dict() for b in blocks])


def error_message(message: str, example: str | None) -> SlackMessage:
    """A private reply for bad input: the problem quoted, and a text that would work."""
    text = f":warning: {escape_mrkdwn(message)}"
    if example:
        text += f"\nFor example: `/recount {escape(example)}`"
    text = clip(text, SECTION_LIMIT)
    return SlackMessage(
        text=text,
        blocks=[SectionBlock(text=MarkdownTextObject(text=text, verbatim=True)).to_dict()],
    )
