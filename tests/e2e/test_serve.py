"""`recount serve` and `recount run` as processes: what they need, and what they serve."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, command_body, signed_headers
from ..servers import (
    SLOW_PARTS,
    env_without_slack,
    free_port,
    healthz_seconds,
    post,
    serving,
    sigterm_mid_trickle,
    slow_clients,
    start_server,
)

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def http_server_argv(port: int) -> list[str]:
    return [sys.executable, "-m", "bot", "serve", "--http", "--port", str(port)]


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


def test_run_without_credentials_at_a_terminal_starts_the_console() -> None:
    import os
    import pty

    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "run"],
        stdin=secondary,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_without_slack(),
        text=True,
    )
    os.write(primary, b"county A 5 B 4\n")
    os.write(primary, b"quit\n")
    out, err = process.communicate(timeout=60)
    os.close(primary)
    os.close(secondary)
    assert process.returncode == 0
    assert "local console" in err
    assert "B is 1 vote behind A" in out


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({}, "no Slack credentials and no terminal"),
        ({"SLACK_BOT_TOKEN": BOT_TOKEN}, "SLACK_BOT_TOKEN set but not SLACK_APP_TOKEN"),
        ({"SLACK_SIGNING_SECRET": SIGNING_SECRET}, "set but not SLACK_BOT_TOKEN"),
    ],
)
def test_run_under_a_service_manager_never_sits_in_a_console(
    env: dict[str, str], named: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env_without_slack(**env),
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert named in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("answer", "line"),
    [
        (
            {"ok": False, "error": "invalid_auth"},
            "error: Slack rejected SLACK_BOT_TOKEN (invalid_auth)",
        ),
        (None, "error: cannot reach"),
    ],
)
def test_start_up_checks_the_token_once(
    fake: FakeSlack, answer: dict[str, object] | None, line: str
) -> None:
    api = fake.api_url
    if answer is None:
        fake.stop()  # nobody answers: an unreachable Slack
    else:
        fake.answers["auth.test"] = answer
    for argv in (["serve", "--http", "--port", str(free_port())], ["serve"]):
        done = subprocess.run(
            [sys.executable, "-m", "bot", *argv],
            capture_output=True,
            text=True,
            env=env_without_slack(
                SLACK_BOT_TOKEN=BOT_TOKEN,
                SLACK_SIGNING_SECRET=SIGNING_SECRET,
                SLACK_APP_TOKEN="xapp-test",
                SLACK_API_URL=api,
            ),
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        lines = [entry for entry in done.stderr.splitlines() if not entry.startswith("{")]
        assert len(lines) == 1 and lines[0].startswith(line), done.stderr


def test_serve_http_as_a_process(fake: FakeSlack) -> None:
    port, logs = free_port(), list[str]()
    with serving(http_server_argv(port), port, fake, logs) as base:
        body = command_body("question for 3237 against 3250 signers 12", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200
        assert "13-16-201(3)" in text
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]


def test_serve_options_are_checked() -> None:
    from bot.cli import main

    for args, message in (
        (["--verbose"], "unrecognized arguments: --verbose"),
        (["--http", "--port", "http"], 'argument --port: "http" is not a port number'),
        (["--http", "--port=70000"], 'argument --port: "70000" is not a port number'),
        (["--port", "3000"], "--port goes with --http"),
    ):
        out, err = io.StringIO(), io.StringIO()
        assert main(["serve", *args], out, err) == 2
        assert message in err.getvalue() and err.getvalue().count("\n") == 1
        assert out.getvalue() == ""


def test_sigterm_finishes_a_verdict_already_promised(fake: FakeSlack) -> None:
    import signal
    import time

    from ..slack_helpers import FORM_VALUES, signed_form, view_payload

    port = free_port()
    process = start_server(http_server_argv(port), port, fake)
    base = f"http://127.0.0.1:{port}"
    fake.delay = 2.0  # Slack holds the verdict's post open
    from ..fake_slack import payload_body

    body = payload_body(view_payload(signed_form("county"), FORM_VALUES))
    status, _ = post(f"{base}/slack/events", body, signed_headers(body))
    assert status == 200  # acknowledged: the verdict is promised
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    elapsed = time.monotonic() - started
    assert process.returncode == 0, err
    assert len(fake.to("chat.postMessage")) == 1  # the held post went through
    assert 1.0 < elapsed < 20, elapsed  # it waited for the post, within the bound
    assert "all work after acknowledgements finished" in err
    assert "Traceback" not in err


def test_a_whole_runs_log_never_holds_what_was_typed(fake: FakeSlack) -> None:
    import json
    import signal

    from ..fake_slack import payload_body
    from ..slack_helpers import button_payload

    typed = "Zyxwvutsrq 1204 Qponmlkjih 1199"
    port = free_port()
    process = start_server(http_server_argv(port), port, fake)
    events = f"http://127.0.0.1:{port}/slack/events"
    command = command_body(f"county {typed}", fake.response_url())
    post(events, command, signed_headers(command))
    post(events, command, signed_headers(command, secret="rotated"))  # a bad signature
    unhandled = button_payload(json.dumps({"kind": "county", "note": typed}))
    unhandled["actions"][0]["action_id"] = "nobody_listens"
    body = payload_body(unhandled)
    post(events, body, signed_headers(body))  # Bolt's "Unhandled request (...)" warning
    broken = button_payload('{"kind": "county", "candidates": "Zyxwvutsrq"}')
    body = payload_body(broken)
    post(events, body, signed_headers(body))
    process.send_signal(signal.SIGTERM)
    _, log = process.communicate(timeout=30)
    assert process.returncode == 0
    assert log.strip() and all(line.startswith("{") for line in log.splitlines())  # JSON lines
    assert "Zyxwvutsrq" not in log and "Qponmlkjih" not in log


@pytest.mark.parametrize("sent", SLOW_PARTS)
def test_eight_slow_clients_never_keep_healthz_waiting(fake: FakeSlack, sent: bytes) -> None:
    port, logs = free_port(), list[str]()
    with serving(http_server_argv(port), port, fake, logs) as base:
        clients = slow_clients(port, 8, sent)
        try:
            assert [healthz_seconds(base) < 1.0 for _ in range(3)] == [True] * 3
            body = command_body("county Smith 1204 Jones 1199", fake.response_url())
            assert post(f"{base}/slack/events", body, signed_headers(body))[0] == 200
        finally:
            for client in clients:
                client.close()
    assert "Traceback" not in logs[0]


def test_sigterm_ends_the_bot_at_once_while_a_watched_server_trickles(fake: FakeSlack) -> None:
    from ..results_server import ResultsServer, Served

    results = ResultsServer()
    # one byte every 0.5 s: the fetch would hold its full 60 s
    results.files["/slow.csv"] = Served(b"contest,choice,votes\n" * 20, trickle_s=0.5)
    port = free_port()
    listed = f"http://127.0.0.1:{results.server.server_address[1]}"
    process = start_server(http_server_argv(port), port, fake, RECOUNT_WATCH_HOSTS=listed)
    try:
        body = command_body(f"watch {results.url('/slow.csv')} every 1m", fake.response_url())
        status, _ = post(f"http://127.0.0.1:{port}/slack/events", body, signed_headers(body))
        assert status == 200
        _, err, took = sigterm_mid_trickle(process, results)  # its first round, reading
    finally:
        results.stop()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and took < 10.0, (took, err)
    assert "Traceback" not in err and '"level": "ERROR"' not in err, err
    said = [str(c.body.get("text")) for c in fake.to("chat.postMessage")]
    assert not any("went wrong" in text for text in said), said


def test_serve_http_listens_where_host_says(fake: FakeSlack) -> None:
    """HOST=127.0.0.2 (loopback, but not 127.0.0.1): answered there, refused at 127.0.0.1,
    as the systemd unit's HOST=127.0.0.1 keeps the bot off every other interface."""
    port = free_port()
    process = start_server(http_server_argv(port), port, fake, at="127.0.0.2", HOST="127.0.0.2")
    try:
        assert healthz_seconds(f"http://127.0.0.2:{port}") < 10
        with pytest.raises(OSError):  # refused: not listening on every interface
            healthz_seconds(f"http://127.0.0.1:{port}")
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert f"recount listening on 127.0.0.2 port {port}" in err
