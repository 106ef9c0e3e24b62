"""One log line per request with its id; failures logged and explained to the asker."""

from __future__ import annotations

import logging

import pytest

from handlers.slack.observability import SORRY, report_failure

from ...fake_slack import FakeSlack


def test_sorry_names_the_command() -> None:
    assert SORRY.startswith(":warning: Something went wrong while answering your /recount")


def test_a_failure_is_logged_and_the_asker_told(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="recount.requests"):
        report_failure(RuntimeError("x"), {"response_url": fake.response_url()}, "abc123")
    (sent,) = fake.wait_for("respond/cmd")
    assert sent.body["response_type"] == "ephemeral"
    assert "abc123" in sent.body["text"]
    assert [r.request_id for r in caplog.records] == ["abc123"]  # type: ignore[attr-defined]


def test_without_a_response_url_it_is_only_logged(fake: FakeSlack) -> None:
    report_failure(RuntimeError("x"), {"response_url": 5}, "abc")
    assert fake.calls == []
