"""`recount serve` and `recount run` as processes: what they need, and what they serve."""

from __future__ import annotations

import io
import subprocess
import sys

from bot.serve import serve
from bot.settings import Settings

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, command_body, signed_headers
from ..servers import env_without_slack, free_port, post, serving


def test_serve_without_credentials_names_the_variables() -> None:
    for args, names in (
        (["serve", "--http"], ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"]),
        (["serve"], ["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"]),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "bot", *args],
            capture_output=True,
            text=True,
            env=env_without_slack(),
            timeout=60,
        )
        assert done.returncode == 2
        assert done.stdout == ""
        for name in names:
            assert name in done.stderr
        assert "README" in done.stderr and "Traceback" not in done.stderr


def test_run_without_credentials_starts_the_console() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        input="county A 5 B 4\n",
        capture_output=True,
        text=True,
        env=env_without_slack(),
        timeout=60,
    )
    assert done.returncode == 0
    assert "local console" in done.stderr
    assert "B is 1 vote behind A" in done.stdout


def test_serve_http_as_a_process(fake: FakeSlack) -> None:
    port, logs = free_port(), list[str]()
    argv = [sys.executable, "-m", "bot", "serve", "--http", "--port", str(port)]
    with serving(argv, port, fake, logs) as base:
        body = command_body("question for 3237 against 3250 signers 12", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200
        assert "13-16-201(3)" in text
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]


def test_serve_options_are_checked() -> None:
    settings = Settings.from_env(
        {"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET}
    )
    for args, message in (
        (["--verbose"], 'serve does not take "--verbose"'),
        (["--http", "--port", "http"], '--port "http" is not a port number'),
        (["--http", "--port=70000"], '--port "70000" is not a port number'),
        (["--port", "3000"], "--port goes with --http"),
    ):
        err = io.StringIO()
        assert serve(args, err, settings) == 2
        assert message in err.getvalue()
