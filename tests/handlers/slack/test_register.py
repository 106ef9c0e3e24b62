"""Every listener is registered: each id the bot sends is answered, any other is not."""

from __future__ import annotations

import logging

import pytest
from slack_bolt import App

from ...fake_slack import FakeSlack, payload_body
from ...slack_helpers import button_payload, dispatch, run_command, signed_form, state, view_payload


def test_each_listener_answers_and_an_unknown_id_is_404(app: App, fake: FakeSlack) -> None:
    assert run_command(app, fake, "help").status == 200
    view = signed_form("county")
    assert dispatch(app, payload_body(view_payload(view, state()))).status == 200
    select = view_payload(view, state("county"), kind="block_actions")
    assert dispatch(app, payload_body(select)).status == 200
    assert dispatch(app, payload_body(button_payload('{"kind":"county"}'))).status == 200
    select["actions"][0]["action_id"] = "nobody_listens"
    assert dispatch(app, payload_body(select)).status == 404


def test_every_request_is_stamped_and_logged_once(
    app: App, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="recount.requests"):
        run_command(app, fake, "help")
    (line,) = [r for r in caplog.records if r.getMessage() == "request"]
    assert len(line.request_id) == 12  # type: ignore[attr-defined]
    assert (line.kind, line.user) == ("command", "U0CLERK")  # type: ignore[attr-defined]
    assert "help" not in str(vars(line).values())  # never the command text
