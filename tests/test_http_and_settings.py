"""HTTP mode through a real server on loopback, the serve/run commands, and settings."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.app import create_app
from bot.http_server import make_http_server
from bot.settings import Settings

from .fake_slack import (
    APP_TOKEN,
    BOT_TOKEN,
    SIGNING_SECRET,
    FakeSlack,
    command_body,
    signed_headers,
)
from .slack_helpers import TODAY, settings_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server(fake: FakeSlack) -> Iterator[str]:
    httpd = make_http_server(create_app(settings_for(fake), today=lambda: TODAY), "127.0.0.1", 0)
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def post(url: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body.encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_healthz_says_ok_and_nothing_else(server: str) -> None:
    with urllib.request.urlopen(f"{server}/healthz", timeout=5) as response:
        assert response.status == 200
        assert response.read() == b"ok\n"


def test_unknown_paths_are_404(server: str) -> None:
    status, _ = post(f"{server}/elsewhere", "x", {})
    assert status == 404


def test_signed_command_over_http_answers_in_channel(server: str, fake: FakeSlack) -> None:
    body = command_body("county Smith 1204 Jones 1199 canvass 11/16", fake.response_url())
    status, text = post(f"{server}/slack/events", body, signed_headers(body))
    assert status == 200
    answer = json.loads(text)
    assert answer["response_type"] == "in_channel"
    assert "13-16-201(1)" in json.dumps(answer["blocks"])


@pytest.mark.parametrize("how", ["wrong", "stale", "missing"])
def test_bad_signatures_over_http_get_401(server: str, fake: FakeSlack, how: str) -> None:
    body = command_body("county Smith 1204 Jones 1199", fake.response_url())
    headers = {
        "wrong": signed_headers(body, secret="nope"),
        "stale": signed_headers(body, timestamp=int(time.time()) - 3600),
        "missing": {"content-type": "application/x-www-form-urlencoded"},
    }[how]
    status, _ = post(f"{server}/slack/events", body, headers)
    assert status == 401
    time.sleep(0.1)
    assert fake.calls == []


def test_settings_never_show_secrets() -> None:
    settings = Settings.from_env(
        {
            "SLACK_BOT_TOKEN": BOT_TOKEN,
            "SLACK_SIGNING_SECRET": SIGNING_SECRET,
            "SLACK_APP_TOKEN": APP_TOKEN,
        }
    )
    for shown in (repr(settings), str(settings), settings.model_dump_json()):
        for secret in (BOT_TOKEN, SIGNING_SECRET, APP_TOKEN):
            assert secret not in shown


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(base: str, process: subprocess.Popen[str], seconds: float = 30) -> None:
    """Polls GET /healthz until the server process answers 200 (it must not exit first)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                assert response.read() == b"ok\n"
                return
        except (urllib.error.URLError, ConnectionError):
            assert process.poll() is None, process.communicate()[1]
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    env.update(extra)
    return env


def test_serve_without_credentials_names_the_variables() -> None:
    for args, names in (
        (["serve", "--http"], ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"]),
        (["serve"], ["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"]),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "bot", *args],
            capture_output=True,
            text=True,
            env=_env(),
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
        env=_env(),
        timeout=60,
    )
    assert done.returncode == 0
    assert "local console" in done.stderr
    assert "B is 1 vote behind A" in done.stdout


@contextmanager
def serving(
    argv: list[str], port: int, fake: FakeSlack, logs: list[str], **env: str
) -> Iterator[str]:
    """Runs a server process with the bot's credentials, until it answers /healthz; yields its
    base URL, then stops it and appends what it logged to `logs`."""
    process = subprocess.Popen(
        argv,
        env=_env(
            SLACK_BOT_TOKEN=BOT_TOKEN,
            SLACK_SIGNING_SECRET=SIGNING_SECRET,
            SLACK_API_URL=fake.api_url,
            **env,
        ),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, process)
        yield base
    finally:
        process.terminate()
        logs.append(process.communicate(timeout=15)[1])


def test_serve_http_as_a_process(fake: FakeSlack) -> None:
    port, logs = _free_port(), list[str]()
    argv = [sys.executable, "-m", "bot", "serve", "--http", "--port", str(port)]
    with serving(argv, port, fake, logs) as base:
        body = command_body("question for 3237 against 3250 signers 12", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200
        assert "13-16-201(3)" in text
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]


def test_gunicorn_serves_the_wsgi_app_with_our_config(fake: FakeSlack) -> None:
    port, logs = _free_port(), list[str]()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.wsgi:application"]
    with serving(argv, port, fake, logs, PORT=str(port), WEB_CONCURRENCY="1") as base:
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200 and json.loads(text)["response_type"] == "in_channel"
        status, _ = post(f"{base}/slack/events", body, signed_headers(body, secret="wrong"))
        assert status == 401
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]
    assert '"msg": "request"' in logs[0]  # structured request lines with their ids
