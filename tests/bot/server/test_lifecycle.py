"""Start-up's token check against the fake Slack: accepted, rejected in one plain line."""

from __future__ import annotations

import pytest

from bot.server.lifecycle import check_credentials
from bot.settings import SettingsError

from ...fake_slack import BOT_TOKEN, FakeSlack
from ...servers import free_port


def test_an_accepted_token_passes(fake: FakeSlack) -> None:
    check_credentials(BOT_TOKEN, fake.api_url)
    assert [c.path for c in fake.calls] == ["auth.test"]


def test_a_rejected_token_is_one_line_naming_slacks_reason(fake: FakeSlack) -> None:
    fake.answers["auth.test"] = {"ok": False, "error": "invalid_auth"}
    with pytest.raises(SettingsError, match=r"^Slack rejected SLACK_BOT_TOKEN \(invalid_auth\)$"):
        check_credentials(BOT_TOKEN, fake.api_url)


def test_a_refusing_proxy_is_named_as_the_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    port = free_port()  # nobody listens: the proxy refuses
    monkeypatch.setenv("HTTPS_PROXY", f"http://user:secret@127.0.0.1:{port}")
    with pytest.raises(SettingsError) as said:
        check_credentials("xoxb-1", "https://slack.example/api/")
    message = str(said.value)
    assert message.startswith(f"the proxy http://127.0.0.1:{port} refused the connection")
    assert "secret" not in message and "check HTTPS_PROXY" in message


def test_an_unreachable_slack_is_one_line_and_no_retry_lines(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level("DEBUG")
    with pytest.raises(SettingsError) as said:
        check_credentials("xoxb-1", f"http://127.0.0.1:{free_port()}/api/")
    assert "the connection was refused" in str(said.value)
    assert [r for r in caplog.records if r.name.startswith("slack_sdk")] == []
