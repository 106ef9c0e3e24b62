"""The HTTP server's start-up check: missing settings are one line on stderr and exit 2."""

from __future__ import annotations

import pytest

from bot.server.startup import check_http_settings_or_exit


def test_missing_credentials_exit_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit) as stopped:
        check_http_settings_or_exit()
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith("error: ") and said.count("\n") == 1 and "SLACK_" in said
