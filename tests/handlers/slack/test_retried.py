"""Slack's retries of an event already acknowledged, against the fake Slack: acknowledged and
not handled again, so a file dropped once is scanned once."""

from __future__ import annotations

from collections.abc import Sequence

from slack_bolt import App, BoltRequest

from handlers.slack.after_ack import AfterAck

from ...fake_slack import FakeSlack, signed_headers
from ...handlers.slack.home_payloads import opened
from ...handlers.slack.scan_payloads import TABLE, blocks_of, dropped, send
from ...slack_helpers import block_texts


def retry(app: App, body: str, number: int = 1) -> int:
    """Slack's retry of `body`, signed anew as Slack does; the status the app answers."""
    headers: dict[str, str | Sequence[str]] = {
        **signed_headers(body, content_type="application/json"),
        "x-slack-retry-num": str(number),
        "x-slack-retry-reason": "http_timeout",
    }
    return app.dispatch(BoltRequest(body=body, headers=headers)).status


def test_a_retried_file_event_is_acknowledged_and_scanned_once(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped())
    assert retry(app, dropped(), 1) == 200
    assert retry(app, dropped(), 2) == 200
    assert after_ack.drain(timeout=10)
    assert len(fake.to("files.info")) == 1
    assert len(fake.to("GET download/F0TABLE")) == 1
    (summary,) = fake.to("chat.update")
    assert "Scan: 2 contests, 1 recount available" in block_texts(blocks_of(summary.body))
    assert len(fake.to("files.completeUploadExternal")) == 1
    assert len(fake.uploads) == 1


def test_a_retry_alone_is_dropped_and_a_first_delivery_is_not(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    assert retry(app, dropped()) == 200
    assert after_ack.drain(timeout=10)
    assert fake.calls == []
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    assert len(fake.to("files.completeUploadExternal")) == 1


def test_a_retried_home_tab_event_is_not_published_again(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    assert retry(app, opened()) == 200
    assert after_ack.drain(timeout=10)
    assert fake.to("views.publish") == []


def test_an_event_delivered_twice_without_a_retry_header_is_scanned_once(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    """Its id is kept in the database, which every replica shares: the second delivery (to
    this process or another) is acknowledged and not scanned. Another event is."""
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    for event_id in ("Ev0ONCE", "Ev0ONCE", "Ev0OTHER"):
        send(app, dropped(event_id=event_id))
        assert after_ack.drain(timeout=10)
    assert len(fake.to("chat.update")) == 2
    assert len(fake.to("files.completeUploadExternal")) == 2
