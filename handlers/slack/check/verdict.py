"""The verdict as a Slack message: Block Kit blocks and a plain-text fallback.

Pure: a `Verdict` (and who asked) in, blocks out. The sentences come from `domain.explain`;
this module only lays them out and escapes them.

The blocks are written as plain dicts because this is the hot path of every quick check:
slack_sdk.models re-discovers its validators with dir() on each object's to_dict(), which
cost more than the rest of a check together (bench/RESULTS.md). Measured again for issue 35
(item 6, Dec 2026, this 2-core machine): `python -m bench.verdict_blocks MODE 2000` as whole
processes, 5 runs each in turn, medians of CPU seconds: start-up alone 0.51, 2,000 quick
checks with these dicts 1.79, the same with the blocks made by slack_sdk.models 3.21 (paired
ratio 1.67x). A quick check costs about 0.64 ms of CPU; the models add about 0.71 ms a
verdict, 111% of it, against the 10% the issue allows: the dicts stay. bench.verdict_blocks
builds the same message with the models, and the tests hold the two equal and parse every
shape of message this module builds back through slack_sdk.models to validate it there.
"""

from __future__ import annotations

from typing import Any, Final

from slack_sdk.models.blocks import MarkdownTextObject, SectionBlock

from domain import Outcome, Verdict
from domain.drafting import why_no_petition
from domain.explain import ShortAnswer, short_answer
from domain.verdict_json import verdict_json
from handlers.slack.check.work import work_action
from handlers.slack.message import SlackMessage
from handlers.slack.saved_check import saved_inputs
from handlers.slack.text import (
    BUTTON_TEXT_LIMIT,
    HEADER_LIMIT,
    SECTION_LIMIT,
    clip,
    escape,
    escape_mrkdwn,
    mention,
    mrkdwn,
    plain,
)
from handlers.syntax import COMMAND

ADJUST_ACTION_ID: Final = "adjust_recheck"
RECORD_ACTION_ID: Final = "print_record"  # the verdict as a PDF, in its thread
PETITION_ACTION_ID: Final = "petition_draft"  # a petition draft, where one can be filed
REMIND_ACTION_ID: Final = "remind_channel"  # handlers.slack.remind.remind_clicked listens for it
BUTTON_VALUE_LIMIT: Final = 2000
FIELD_LIMIT: Final = 2000  # Slack's limit on a section field's text
MAX_FIELDS: Final = 10  # Slack's limit on a section's fields

_ICONS: Final = {
    Outcome.AVAILABLE: "✅",
    Outcome.TIE: "⚖️",
    Outcome.DEADLINE_PASSED: "⏰",
    Outcome.PETITION_SHORT: "✋",
    Outcome.NOT_AVAILABLE: "❌",
    Outcome.BOND: "💵",
    Outcome.CANVASS_BOARD: "📋",
}


VERDICT_EVENT: Final = "recount_verdict"
# The verdict JSON's keys a later reader needs (the Home tab, a reminder, a channel export).
METADATA_KEYS: Final = (
    "outcome",
    "subsection",
    "kind",
    "act_by",
    "file_with",
    "deadline_safe",
    "deadline",
    "margin",
    "max_qualifying_margin",
    "citation",
    "today",
)


# And what a workflow reading one verdict message acts on (issue 35): the race, the votes
# cast, who petitions (the candidate, behind whom, and any other within reach) and, for
# electors' petitions, how many must sign from how many counties. A scan's or a watch's
# rows carry only METADATA_KEYS: many rows a message, and each row's own Check has the rest.
WORKFLOW_KEYS: Final = (
    *METADATA_KEYS,
    "race",
    "total_votes",
    "petitioner",
    "candidate",
    "last_winner",
    "also_qualify",
    "signers_required",
    "counties_required",
    "signers",
    "counties",
)


def verdict_facts(verdict: Verdict, keys: tuple[str, ...] = METADATA_KEYS) -> dict[str, Any]:
    """The verdict's facts for message metadata, copied from the verdict JSON (never
    re-derived). Slack's payload values are strings, numbers, booleans and lists of flat
    objects, and null is not one: a missing value (or an empty list) is left out."""
    facts = verdict_json(verdict, work=False)  # none of the keys read here shows the work
    return {key: _no_nulls(facts[key]) for key in keys if facts.get(key) not in (None, [])}


def _no_nulls(value: Any) -> Any:
    """A list of objects (also_qualify) without their null values: Slack takes a payload's
    nested objects of strings, numbers and booleans only (an act_by past is null)."""
    if isinstance(value, list):
        return [
            {k: v for k, v in item.items() if v is not None} if isinstance(item, dict) else item
            for item in value
        ]
    return value


def verdict_metadata(verdict: Verdict, signed_inputs: str | None = None) -> dict[str, Any]:
    """The verdict as message metadata. `signed_inputs`: the check's inputs, signed, so a
    reader can check them again and know they are ours."""
    payload = verdict_facts(verdict, WORKFLOW_KEYS)
    if signed_inputs is not None:
        payload["inputs"] = signed_inputs
    return {"event_type": VERDICT_EVENT, "event_payload": payload}


def _fields(e: ShortAnswer) -> dict[str, Any]:
    return {
        "type": "section",
        "fields": [
            mrkdwn(clip(f"*{label}*\n{escape_mrkdwn(value)}", FIELD_LIMIT))
            for label, value in e.short_facts[:MAX_FIELDS]
        ],
    }


def _button(action_id: str, label: str, value: str) -> dict[str, Any]:
    """A verdict's button: its label on one line, cut at a word if ever too long."""
    return {
        "type": "button",
        "action_id": action_id,
        "text": plain(label, BUTTON_TEXT_LIMIT, emoji=True),
        "value": value,
    }


def verdict_message(
    verdict: Verdict,
    asked_by: str | None = None,
    remind: str | None = None,
    readings: tuple[str, ...] = (),
    signed_inputs: str | None = None,
) -> SlackMessage:
    """The short answer (issues 26, 35): the outcome, the one summary sentence (who may
    petition, with whom and by when, or why nothing is to be done), the facts the sentence
    does not say as fields, the "Today's
    code" notes that change what to do in one line, and who asked and when; the working is
    behind "Show the work". `remind`: the signed value of a "Remind this channel" button
    (handlers.slack.remind.remind_clicked), given where the verdict has a deadline still ahead.
    `readings`: lines of a reading the inputs came from (the scan's retention reading).
    `signed_inputs`: the inputs, signed, for the message metadata."""
    e = short_answer(verdict)  # the short answer's fields alone: the work is behind a button
    icon = _ICONS[verdict.outcome]
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": plain(f"{icon} {e.headline}", HEADER_LIMIT, emoji=True)},
        {"type": "section", "text": mrkdwn(escape_mrkdwn(e.short))},
        _fields(e),
    ]
    notes = (*e.todays_code_short, *readings)
    if notes:
        blocks.append({"type": "context", "elements": [mrkdwn(escape_mrkdwn(" · ".join(notes)))]})
    asked = f" · asked by {mention(asked_by)}" if asked_by else ""
    blocks.append(
        {
            "type": "context",
            # the header names the race: the short answer does not say it twice
            "elements": [
                mrkdwn(f"{escape_mrkdwn(e.read_as_unlabelled)} · {escape_mrkdwn(e.as_of)}{asked}")
            ],
        }
    )
    # the two used most first (issue 35): the record for the minutes, the petition draft
    buttons: list[dict[str, Any]] = []
    value = saved_inputs(verdict)
    # a very long race still gets its verdict, not the buttons that carry its inputs
    fits = len(value) <= BUTTON_VALUE_LIMIT
    if fits:  # the same inputs: the record is this verdict, checked again
        buttons.append(_button(RECORD_ACTION_ID, "Print record", value))
    if fits and why_no_petition(verdict) is None:  # only where something can be filed
        buttons.append(_button(PETITION_ACTION_ID, "Petition draft", value))
    if remind is not None and len(remind) <= BUTTON_VALUE_LIMIT:
        buttons.append(_button(REMIND_ACTION_ID, "Remind this channel", remind))
    if fits:
        buttons.append(_button(work_action(readings), "Show the work", value))
        buttons.append(_button(ADJUST_ACTION_ID, "Adjust & re-check", value))
    if buttons:
        blocks.append({"type": "actions", "block_id": "verdict_actions", "elements": buttons})
    # the notification: which race (its label, else its counts) and the one sentence
    text = escape(f"{icon} {e.outcome} — {e.called}: {e.short} ({e.citation})")
    return SlackMessage(
        text=clip(text, SECTION_LIMIT),
        blocks=blocks,
        metadata=verdict_metadata(verdict, signed_inputs),
    )


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
