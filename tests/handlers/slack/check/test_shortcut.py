""" "Check recount" on any message: the form filled from what the message says, or empty
with the reason; the verdict in the message's thread."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.check.shortcut import CHECK_SHORTCUT_ID, shortcut_form

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import CHANNEL, USER, dispatch, state, submit

TS = "1700000005.000500"


def shortcut(text: str, fake: FakeSlack) -> str:
    return payload_body(
        {
            "type": "message_action",
            "callback_id": CHECK_SHORTCUT_ID,
            "team": {"id": "T0MONTANA"},
            "user": {"id": USER},
            "channel": {"id": CHANNEL},
            "message": {"ts": TS, "text": text},
            "trigger_id": "1.2.5",
            "response_url": fake.response_url("sc"),
        }
    )


def opened(fake: FakeSlack) -> dict[str, Any]:
    view = fake.to("views.open")[-1].body["view"]
    return json.loads(view) if isinstance(view, str) else dict(view)


def test_a_pasted_check_opens_the_form_filled_and_posts_in_the_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, shortcut("county Smith 1204 Jones 1199 canvass 11/16", fake))
    assert after_ack.drain(timeout=10)
    view = opened(fake)
    blocks = {b.get("block_id", b["type"]): b for b in view["blocks"]}
    assert blocks["context"]["elements"][0]["text"].startswith(
        "Read as: county office; Smith 1,204"
    )
    assert blocks["candidates"]["element"]["initial_value"] == "Smith: 1204\nJones: 1199"
    assert blocks["canvass"]["element"]["initial_date"] == "2026-11-16"
    submit(app, view, state("county", canvass="2026-11-16", candidates="Smith: 1204\nJones: 1199"))
    post = fake.wait_for("chat.postMessage")[0]
    assert (post.body["channel"], post.body["thread_ts"]) == (CHANNEL, TS)


def test_a_message_that_reads_as_no_check_opens_the_empty_form_with_the_reason() -> None:
    view = shortcut_form("Results are in! Smith won by a nose.", "m", date(2026, 11, 18))
    note = view["blocks"][0]["elements"][0]["text"]
    assert note.startswith("Could not read a check from that message:")
    assert [b.get("block_id") for b in view["blocks"][1:]] == ["kind", None]
    empty = shortcut_form("", "m", date(2026, 11, 18))
    assert "holds no check" in empty["blocks"][0]["elements"][0]["text"]
