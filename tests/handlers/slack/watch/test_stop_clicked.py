"""A watch's Stop button: a value that does not verify stops nothing and tells the clicker; a
signed one stops that watch and marks its root message (the whole flow: tests/e2e/test_watcher)."""

from __future__ import annotations

from slack_bolt import App

from bot.store.backend import Store
from bot.store.database import open_database
from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import MetadataSigner
from handlers.slack.watch.messages import STOP_ACTION_ID
from handlers.watch.records import Place, WatchSpec, WatchStatus

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import CHANNEL, USER, dispatch, settings_for


def stop_click(fake: FakeSlack, value: str) -> dict[str, object]:
    return {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "channel": {"id": CHANNEL},
        "message": {"ts": "1700000000.000100"},
        "actions": [{"action_id": STOP_ACTION_ID, "value": value}],
        "response_url": fake.response_url("msg"),
    }


def test_a_stop_that_does_not_verify_stops_nothing(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    assert dispatch(app, payload_body(stop_click(fake, "made.elsewhere"))).status == 200
    assert after_ack.drain(timeout=10)
    assert "could not be verified" in fake.to("respond/msg")[-1].body["text"]
    assert fake.to("chat.update") == []


def test_a_signed_stop_stops_its_watch_and_marks_the_root(
    app: App, fake: FakeSlack, after_ack: AfterAck, database: str
) -> None:
    store = Store(open_database(database))
    watch = store.watch_for(
        WatchSpec(Place.slack("T0MONTANA", CHANNEL), ("https://x/r.xlsx",), {}, 300), USER
    )
    store.set_root(watch.id, "1700000000.000100")
    value = MetadataSigner(settings_for(fake).metadata_secret()).sign(
        {"w": watch.id, "p": str(watch.place)}
    )
    assert dispatch(app, payload_body(stop_click(fake, value))).status == 200
    assert after_ack.drain(timeout=10)
    assert [w.status for w in store.watches(watch.place)] == [WatchStatus.STOPPED]
    (update,) = fake.to("chat.update")
    assert update.body["ts"] == "1700000000.000100"
    assert update.body["text"].startswith(f"Stopped watching 1 source by <@{USER}>")
