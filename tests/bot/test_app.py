"""`create_app`: signed requests only, one token without auth.test, every listener wired."""

from __future__ import annotations

import inspect
import time

import pytest
from slack_bolt import App, BoltRequest

from bot.app import create_app
from bot.settings import Settings, SettingsError
from handlers.slack.after_ack import AfterAck

from ..fake_slack import SIGNING_SECRET, FakeSlack, command_body
from ..slack_helpers import QUICK, dispatch, run_command, settings_for


def test_wrong_stale_or_missing_signatures_get_401(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    body = command_body(QUICK, fake.response_url())
    assert dispatch(app, body, secret="not-the-secret").status == 401
    assert dispatch(app, body, timestamp=int(time.time()) - 60 * 10).status == 401
    assert app.dispatch(BoltRequest(body=body, headers={})).status == 401
    assert after_ack.drain(timeout=5)
    assert fake.calls == []


def test_a_request_never_waits_on_auth_test(app: App, fake: FakeSlack) -> None:
    assert run_command(app, fake, QUICK).status == 200
    assert fake.to("auth.test") == []


def test_no_bot_token_no_app() -> None:
    with pytest.raises(SettingsError, match="SLACK_BOT_TOKEN is not set"):
        create_app(Settings.from_env({"SLACK_SIGNING_SECRET": SIGNING_SECRET}))


def test_making_the_app_does_not_read_the_call_stack(
    fake: FakeSlack, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bolt names an unnamed app from inspect.stack(), which reads the source of every frame:
    a start-up cost (make bench) the bot does not pay."""

    def no_stack(*_: object) -> list[inspect.FrameInfo]:
        raise AssertionError("inspect.stack() was called")

    monkeypatch.setattr(inspect, "stack", no_stack)
    assert create_app(settings_for(fake)).name == "recount"
