"""Issue 26's "Done when", one test per outcome, through the real Bolt app and the fake Web
API: the channel's answer is short (at most 8 blocks, about 600 visible characters), names
the day to act, the office and the citation where there is something to file, carries
metadata equal to the JSON's fields, and its "Show the work" opens a modal holding the
quoted subsection, both deadline readings and the margin lines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from slack_bolt import App

from domain import Outcome, verdict_json
from domain.deadline import long_date
from domain.explain import explain
from handlers.slack.after_ack import AfterAck
from handlers.slack.blocks.text import escape_mrkdwn
from handlers.slack.blocks.verdict import METADATA_KEYS, VERDICT_EVENT
from handlers.slack.blocks.work import WORK_ACTION_ID

from ...builders import verdict_of
from ...conftest import TODAY
from ...fake_slack import FakeSlack, payload_body
from ...slack_helpers import bot_signer, button_payload, dispatch, run_command
from ...slack_limits import assert_short, assert_view_within_limits, visible_text

# One quick check per outcome, as a clerk types it on TODAY (Wed Nov 18, 2026).
CASES: list[tuple[Outcome, str]] = [
    (Outcome.AVAILABLE, "county Smith 1204 Jones 1199 canvass 11/16/2026"),
    (Outcome.TIE, "county Smith 1204 Jones 1204 canvass 11/16/2026"),
    (Outcome.DEADLINE_PASSED, "county Smith 1204 Jones 1199 canvass 11/2/2026"),
    (Outcome.PETITION_SHORT, "question yes 3237 no 3250 canvass 11/16/2026 signers 1"),
    (Outcome.NOT_AVAILABLE, "county Smith 5000 Jones 100 canvass 11/16/2026"),
    (
        Outcome.BOND,
        'legislature "MARTY MALONE" 3783 "SCOTT ROSENZWEIG" 3803 canvass 11/16/2026 '
        "state canvass 11/17/2026",
    ),
    (Outcome.CANVASS_BOARD, "canvass-error canvass 11/16/2026"),
]


def _work_button(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    buttons: list[dict[str, Any]] = [
        e for b in blocks if b["type"] == "actions" for e in b["elements"]
        if e["action_id"] == WORK_ACTION_ID
    ]  # fmt: skip
    (button,) = buttons
    return button


@pytest.mark.parametrize(("outcome", "text"), CASES, ids=[o.value for o, _ in CASES])
def test_the_short_answer_and_its_work(
    app: App, fake: FakeSlack, after_ack: AfterAck, outcome: Outcome, text: str
) -> None:
    v = verdict_of(text, TODAY)
    assert v.outcome is outcome  # the case is the outcome it is named for
    e = explain(v)
    body = json.loads(run_command(app, fake, text).body)
    assert body["response_type"] == "in_channel"
    blocks = body["blocks"]
    assert_short(blocks)
    shown = " ".join(visible_text(blocks).split())

    # the outcome, what to do (or why nothing), and the citation
    assert blocks[0]["type"] == "header" and e.outcome in blocks[0]["text"]["text"]
    assert escape_mrkdwn(e.short) in visible_text(blocks)
    assert v.subsection.citation in shown
    if v.to_file:
        assert v.file_with is not None and v.file_with.label in shown  # the office
        if v.act_by is not None:
            assert long_date(v.act_by) in shown  # the day to act
    else:
        assert "File with" not in shown and "Day to act" not in shown
    assert "not legal advice" in shown and "asked by <@U0CLERK>" in shown

    # the metadata: the JSON's own fields, and the inputs signed by this bot
    facts = verdict_json(v)
    metadata = body["metadata"]
    assert metadata["event_type"] == VERDICT_EVENT
    payload = dict(metadata["event_payload"])
    signed = payload.pop("inputs")
    assert payload == {k: facts[k] for k in METADATA_KEYS if facts[k] is not None}
    for key in ("outcome", "subsection", "kind", "act_by", "file_with", "deadline_safe"):
        assert payload.get(key) == facts[key], key
    assert bot_signer().verify(signed) == json.loads(_work_button(blocks)["value"])

    # "Show the work": a modal, no post
    after_ack.drain(timeout=5)
    click = button_payload(_work_button(blocks)["value"])
    click["actions"][0]["action_id"] = WORK_ACTION_ID
    assert dispatch(app, payload_body(click)).status == 200
    (opened,) = fake.to("views.open")
    view = opened.body["view"]
    assert_view_within_limits(view)
    work = " ".join(visible_text(view["blocks"]).split())
    for quote in e.quotes:
        assert " ".join(quote.split()) in work  # rich text: shown as written
    for line in e.margin_lines:
        assert " ".join(escape_mrkdwn(line).split()) in work
    d = v.deadline
    if d is not None and v.to_file:  # both readings: the safe date, and the 1-1-307 date
        assert long_date(d.deadline_safe) in work and long_date(d.deadline) in work
        assert f"Safe reading: {d.trace(safe=True)}" in work or not d.readings_differ
    assert fake.to("chat.postMessage") == []
