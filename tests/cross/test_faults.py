"""Slack slow, rate limiting, failing or unreachable: every request is still answered."""

from __future__ import annotations

import json
import logging
import socket
import time

import pytest
from slack_bolt import App

from bot.app import create_app
from bot.settings import Settings
from handlers.slack.after_ack import AfterAck

from ..conftest import TODAY
from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, Reply, command_body
from ..slack_helpers import QUICK, dispatch, run_command, submit_form

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow

ACK_BUDGET = 3.0  # Slack waits 3 seconds for an acknowledgement


def unreachable_url() -> str:
    """A loopback port nobody listens on: connections are refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/"


@pytest.fixture
def offline_app(after_ack: AfterAck) -> App:
    settings = Settings.from_env(
        {
            "SLACK_BOT_TOKEN": BOT_TOKEN,
            "SLACK_SIGNING_SECRET": SIGNING_SECRET,
            "SLACK_API_URL": unreachable_url(),
        }
    )
    return create_app(settings, today=lambda: TODAY, after_ack=after_ack)


def timed_command(
    app: App, text: str, response_url: str = "http://127.0.0.1:9/x"
) -> tuple[float, int, str]:
    start = time.monotonic()
    response = dispatch(app, command_body(text, response_url))
    return time.monotonic() - start, response.status, response.body


def test_quick_check_is_answered_with_slack_unreachable(offline_app: App) -> None:
    elapsed, status, body = timed_command(offline_app, QUICK)
    assert status == 200 and elapsed < ACK_BUDGET
    assert json.loads(body)["response_type"] == "in_channel"
    assert "Recount available" in body


def test_form_request_is_acked_with_slack_unreachable(
    offline_app: App, after_ack: AfterAck, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    elapsed, status, _ = timed_command(offline_app, "")
    assert status == 200 and elapsed < ACK_BUDGET
    # views.open fails after the ack; the error handler logs it and the process carries on
    assert after_ack.drain(timeout=30)
    assert "unhandled error in a listener" in caplog.text
    elapsed, status, body = timed_command(offline_app, QUICK)
    assert status == 200 and "Recount available" in body


def test_slow_slack_does_not_delay_the_ack(app: App, fake: FakeSlack) -> None:
    fake.delay = 4.0
    start = time.monotonic()
    response = run_command(app, fake, "")
    assert response.status == 200
    assert time.monotonic() - start < 1.0
    fake.wait_for("views.open")  # the form is still opened, late


def test_rate_limit_is_retried_after_retry_after(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = [
        Reply(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": "1"})
    ]
    submit_form(app, fake)
    posts = fake.wait_for("chat.postMessage", count=2)
    assert posts[1].body["channel"] == "C0CANVASS"
    assert fake.to("respond/cmd") == []  # no fallback was needed


def test_long_retry_after_is_not_waited_for(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = [
        Reply(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": "120"})
    ]
    start = time.monotonic()
    submit_form(app, fake)
    fake.wait_for("respond/cmd")
    assert time.monotonic() - start < 5
    assert len(fake.to("chat.postMessage")) == 1


def test_server_errors_are_retried_a_bounded_number_of_times(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = [Reply(503), Reply(503), Reply(503), Reply(503)]
    submit_form(app, fake)
    sent = fake.wait_for("respond/cmd")[0]  # gave up after 1 + 2 tries and fell back
    assert sent.body["response_type"] == "in_channel"
    assert len(fake.to("chat.postMessage")) == 3


def test_listener_failure_is_explained_privately(app: App, fake: FakeSlack) -> None:
    fake.answers["views.open"] = {"ok": False, "error": "expired_trigger_id"}
    run_command(app, fake, "")
    told = fake.wait_for("respond/cmd")[0].body
    assert told["response_type"] == "ephemeral"
    assert "nothing was posted" in told["text"]
    assert run_command(app, fake, QUICK).status == 200  # and the app carries on
