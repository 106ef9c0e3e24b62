"""The verdict's blocks as dicts (today) or with slack_sdk.models (issue 35, item 6), as a
whole process to time from outside: `python -m bench.verdict_blocks MODE N`.

MODE `start`: the imports and one check, then nothing (the process's own cost);
`dicts`: N quick checks as the bot answers one (parse, check, the verdict message as today's
dicts, its JSON); `models`: the same N checks, the message's blocks built with slack_sdk's
models and their `to_dict()` in place of the dicts. (models - dicts) / N is what the models
cost a verdict; (dicts - start) / N what a quick check costs.

The models' message is the one `verdict_message` sends, block for block (the tests compare
them), so both modes do the same work but for how the blocks are made.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from typing import Any

from slack_sdk.models.blocks import (
    ActionsBlock,
    Block,
    ButtonElement,
    ContextBlock,
    HeaderBlock,
    MarkdownTextObject,
    PlainTextObject,
    SectionBlock,
)

from domain import Verdict, check
from domain.drafting import why_no_petition
from domain.explain import explain
from domain.plain_text import visible
from handlers.slack.check.verdict import (
    _ICONS,
    ADJUST_ACTION_ID,
    BUTTON_VALUE_LIMIT,
    FIELD_LIMIT,
    MAX_FIELDS,
    PETITION_ACTION_ID,
    RECORD_ACTION_ID,
    REMIND_ACTION_ID,
    verdict_message,
    verdict_metadata,
)
from handlers.slack.check.work import work_action
from handlers.slack.saved_check import saved_inputs
from handlers.slack.text import (
    BUTTON_TEXT_LIMIT,
    HEADER_LIMIT,
    SECTION_LIMIT,
    clip,
    escape,
    escape_mrkdwn,
    mention,
)
from handlers.syntax import FormRequest, HelpRequest, parse

TEXT = "county Smith 1204 Jones 1199 canvass 11/16/2026"
TODAY = date(2026, 11, 18)


def _md(text: str) -> MarkdownTextObject:
    return MarkdownTextObject(text=clip(text, SECTION_LIMIT), verbatim=True)


def _plain(text: str, limit: int) -> PlainTextObject:
    return PlainTextObject(text=clip(visible(text), limit), emoji=True)


def _button(action_id: str, label: str, value: str) -> ButtonElement:
    return ButtonElement(action_id=action_id, text=_plain(label, BUTTON_TEXT_LIMIT), value=value)


def models_blocks(
    verdict: Verdict, asked_by: str | None = None, remind: str | None = None
) -> list[dict[str, Any]]:
    """verdict_message's blocks, built with slack_sdk.models."""
    e = explain(verdict)
    icon = _ICONS[verdict.outcome]
    blocks: list[Block] = [
        HeaderBlock(text=_plain(f"{icon} {e.headline}", HEADER_LIMIT)),
        SectionBlock(text=_md(escape_mrkdwn(e.short))),
        SectionBlock(
            fields=[
                _md(clip(f"*{label}*\n{escape_mrkdwn(value)}", FIELD_LIMIT))
                for label, value in e.short_facts[:MAX_FIELDS]
            ]
        ),
    ]
    if e.todays_code_short:
        blocks.append(ContextBlock(elements=[_md(escape_mrkdwn(" · ".join(e.todays_code_short)))]))
    asked = f" · asked by {mention(asked_by)}" if asked_by else ""
    said = f"{escape_mrkdwn(e.read_as_unlabelled)} · {escape_mrkdwn(e.as_of)}{asked}"
    blocks.append(ContextBlock(elements=[_md(said)]))
    value = saved_inputs(verdict)
    fits = len(value) <= BUTTON_VALUE_LIMIT
    buttons: list[ButtonElement] = []
    if fits:
        buttons.append(_button(RECORD_ACTION_ID, "Print record", value))
    if fits and why_no_petition(verdict) is None:
        buttons.append(_button(PETITION_ACTION_ID, "Petition draft", value))
    if remind is not None and len(remind) <= BUTTON_VALUE_LIMIT:
        buttons.append(_button(REMIND_ACTION_ID, "Remind this channel", remind))
    if fits:
        buttons.append(_button(work_action(()), "Show the work", value))
        buttons.append(_button(ADJUST_ACTION_ID, "Adjust & re-check", value))
    if buttons:
        blocks.append(ActionsBlock(block_id="verdict_actions", elements=buttons))
    return [b.to_dict() for b in blocks]


def models_message(
    verdict: Verdict, asked_by: str | None = None, remind: str | None = None
) -> dict[str, Any]:
    """verdict_message's keyword arguments with the blocks made by the models: the same
    notification text and metadata, made the same way."""
    e = explain(verdict)
    text = escape(f"{_ICONS[verdict.outcome]} {e.outcome} — {e.called}: {e.short} ({e.citation})")
    return {
        "text": clip(text, SECTION_LIMIT),
        "blocks": models_blocks(verdict, asked_by, remind),
        "metadata": verdict_metadata(verdict),
    }


def answer(mode: str) -> str:
    """One quick check as the bot answers it: the acknowledgement's JSON."""
    parsed = parse(TEXT, TODAY)
    assert not isinstance(parsed, HelpRequest | FormRequest)
    verdict = check(parsed, TODAY)
    if mode == "models":
        made = models_message(verdict, asked_by="U0CLERK", remind="signed")
    else:
        made = verdict_message(verdict, asked_by="U0CLERK", remind="signed").as_kwargs()
    return json.dumps({"response_type": "in_channel", **made})


def main(argv: list[str]) -> int:
    mode, runs = argv[0], int(argv[1])
    answer("dicts")  # every mode pays its imports and first check
    if mode != "start":
        for _ in range(runs):
            answer(mode)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
