"""Start-up's token check against the fake Slack: accepted, rejected in one plain line."""

from __future__ import annotations

import pytest

from bot.server.lifecycle import check_credentials
from bot.settings import SettingsError

from ...fake_slack import BOT_TOKEN, FakeSlack


def test_an_accepted_token_passes(fake: FakeSlack) -> None:
    check_credentials(BOT_TOKEN, fake.api_url)
    assert [c.path for c in fake.calls] == ["auth.test"]


def test_a_rejected_token_is_one_line_naming_slacks_reason(fake: FakeSlack) -> None:
    fake.answers["auth.test"] = {"ok": False, "error": "invalid_auth"}
    with pytest.raises(SettingsError, match=r"^Slack rejected SLACK_BOT_TOKEN \(invalid_auth\)$"):
        check_credentials(BOT_TOKEN, fake.api_url)
