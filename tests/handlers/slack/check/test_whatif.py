""" "Adjust & re-check": the verdict's button opens the form filled, and the answer is a reply."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import CHANNEL, block_texts, button_payload, dispatch, quick, state, submit
from ....slack_limits import assert_short


def test_adjust_button_opens_the_form_prefilled_and_replies_in_thread(
    app: App, fake: FakeSlack
) -> None:
    verdict = quick(app, fake)
    buttons = [e for b in verdict["blocks"] if b["type"] == "actions" for e in b["elements"]]
    button = buttons[-1]  # the least used, last (issue 35)
    assert button["text"]["text"] == "Adjust & re-check"

    dispatch(
        app, payload_body(button_payload(button["value"], response_url=fake.response_url("msg")))
    )
    opened = fake.wait_for("views.open")[0].body["view"]
    blocks = {b["block_id"]: b for b in opened["blocks"]}
    assert blocks["kind"]["element"]["initial_option"]["value"] == "county"
    assert blocks["candidates"]["element"]["initial_value"] == "Smith: 1204\nJones: 1199"
    assert blocks["canvass"]["element"]["initial_date"] == "2026-11-16"

    # "what if the canvass moves two votes?"
    values = state("county", canvass="2026-11-16", candidates="Smith: 1205\nJones: 1198", seats="1")
    submit(app, opened, values)
    reply = fake.wait_for("chat.postMessage")[0]
    assert (reply.body["channel"], reply.body["thread_ts"]) == (CHANNEL, "1700000000.000100")
    assert "7 votes (largest that qualifies: 10)" in block_texts(reply.body["blocks"])
    assert_short(reply.body["blocks"])  # a what-if is as short as the answer it adjusts
    assert reply.body["metadata"]["event_payload"]["margin"] == 7


def test_a_reply_to_a_reply_stays_in_the_first_thread(app: App, fake: FakeSlack) -> None:
    button = next(
        e for b in quick(app, fake)["blocks"] if b["type"] == "actions" for e in b["elements"]
    )
    dispatch(app, payload_body(button_payload(button["value"], thread_ts="1699999999.000001")))
    opened = fake.wait_for("views.open")[0].body["view"]
    submit(app, opened, state("county", candidates="A: 5\nB: 4"))
    assert fake.wait_for("chat.postMessage")[0].body["thread_ts"] == "1699999999.000001"


def test_an_unreadable_button_value_is_answered_privately(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, payload_body(button_payload("{not json", response_url=fake.response_url("msg"))))
    sent = fake.wait_for("respond/msg")[0]
    assert sent.body["response_type"] == "ephemeral"
    assert "could not be read back" in sent.body["text"]
    assert after_ack.drain(timeout=5)
    assert fake.to("views.open") == []


def test_a_saved_date_out_of_range_is_refused_not_dropped(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    value = json.dumps(
        {
            "kind": "county",
            "candidates": [{"name": "A", "votes": 5}, {"name": "B", "votes": 4}],
            "canvass": "9999-12-31",
        }
    )
    dispatch(app, payload_body(button_payload(value, response_url=fake.response_url("msg"))))
    sent = fake.wait_for("respond/msg")[0]
    assert "from 1900 to 2100" in sent.body["text"]
    assert after_ack.drain(timeout=5)
    assert fake.to("views.open") == []
