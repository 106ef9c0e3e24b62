"""The offline self-test: the real HTTP application answers /healthz, /readyz and a signed
command on loopback, with no Slack and no credentials."""

from __future__ import annotations

import io

import pytest

from bot.cli import main


def test_the_self_test_answers_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "SLACK_API_URL"):
        monkeypatch.delenv(name, raising=False)
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--http", "--self-test"], out, err) == 0
    assert out.getvalue() == (
        "ok   GET /healthz: 200\n"
        "ok   GET /readyz: 200\n"
        "ok   a signed /recount help: 200\n"
        "The HTTP server answers as installed.\n"
    )


def test_the_self_test_goes_with_http() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--self-test"], out, err) == 2
    assert "--self-test goes with --http" in err.getvalue()
