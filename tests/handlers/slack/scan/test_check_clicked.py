"""A scanned contest's Check button: the single contest's verdict in the scan's thread."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.scan.summary import CHECK_ACTION_ID, CHECK_RETENTION_ACTION_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.scan_payloads import (
    DM,
    TABLE,
    TS,
    blocks_of,
    buttons_of,
    dropped,
    send,
)
from ....slack_helpers import USER, block_texts, button_payload, dispatch


def test_the_check_button_posts_the_single_race_verdict(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    blocks = blocks_of(fake.to("chat.update")[0].body)
    (button,) = buttons_of(blocks, CHECK_ACTION_ID)
    payload = button_payload(button["value"], action_id=CHECK_ACTION_ID, channel=DM, thread_ts=TS)
    assert dispatch(app, payload_body(payload)).status == 200
    assert after_ack.drain(timeout=10)
    verdict = fake.to("chat.postMessage")[-1]
    assert (verdict.body["channel"], verdict.body["thread_ts"]) == (DM, TS)
    posted = block_texts(blocks_of(verdict.body))
    assert "5 votes (largest that qualifies: 10)" in posted and "Adjust & re-check" in posted
    assert "Show the work" in posted
    assert verdict.body["metadata"]["event_type"] == "recount_verdict"


def test_a_retention_contests_check_button_posts_the_reading(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    title = "Shall Judge JANE DOE of DISTRICT 18 DEPT 4 of the state of Montana be retained"
    fake.files["F0TABLE"] = (
        "results.csv",
        f"contest,choice,votes\n{title},Yes,4990\n{title},No,5000\n".encode(),
    )
    send(app, dropped("scan canvass 11/16/2026 complete"))
    assert after_ack.drain(timeout=10)
    blocks = blocks_of(fake.to("chat.update")[0].body)
    (button,) = buttons_of(blocks, CHECK_RETENTION_ACTION_ID)
    # its work carries the reading too, never shown as a plain race
    assert buttons_of(blocks, "show_work") == []
    (work,) = buttons_of(blocks, "show_work_retention")
    assert work["value"] == button["value"]
    assert button["action_id"] == CHECK_RETENTION_ACTION_ID
    assert "this reading is ours" in block_texts(blocks)
    click = {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "channel": {"id": DM},
        "message": {"ts": "1700000000.000100", "thread_ts": TS},
        "actions": [{"action_id": button["action_id"], "value": button["value"]}],
        "response_url": fake.response_url(),
    }
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)
    posted = fake.to("chat.postMessage")[-1]
    assert "this reading is ours" in block_texts(blocks_of(posted.body))
    # the posted verdict's own Show the work opens the modal with the reading in it
    (work,) = buttons_of(blocks_of(posted.body), "show_work_retention")
    click["actions"] = [{"action_id": work["action_id"], "value": work["value"]}]
    click["trigger_id"] = "1.2.3"
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)  # the modal opens after the ack
    (opened,) = fake.to("views.open")
    assert "this reading is ours" in block_texts(opened.body["view"]["blocks"])
