"""gunicorn with the shipped settings (its worker bot.server.worker.BufferingWorker): slow
clients cost a socket, never a thread. Eight of them, each sending part of a head, part of a
body or nothing, and /healthz still answers within a second; a request not whole in 10 s
gets 408 and one log line; kept-alive connections still serve request after request."""

from __future__ import annotations

import http.client
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..fake_slack import FakeSlack, command_body, signed_headers
from ..servers import ROOT, SLOW_PARTS, free_port, healthz_seconds, post, serving, slow_clients

# Slow (server processes): `make quick` leaves it out.
pytestmark = pytest.mark.slow


@pytest.fixture
def gunicorn(fake: FakeSlack) -> Iterator[tuple[str, int, list[str]]]:
    """gunicorn as shipped: as many workers as the machine gives it, 4 threads each."""
    port, logs = free_port(), list[str]()
    program = str(Path(sys.executable).with_name("gunicorn"))
    argv = [program, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
    with serving(argv, port, fake, logs, HOST="127.0.0.1", PORT=str(port)) as base:
        yield base, port, logs
    assert "Traceback" not in logs[0], logs[0]


@pytest.mark.parametrize("sent", SLOW_PARTS)
def test_eight_slow_clients_never_take_gunicorn_offline(
    gunicorn: tuple[str, int, list[str]], fake: FakeSlack, sent: bytes
) -> None:
    base, port, _ = gunicorn
    clients = slow_clients(port, 8, sent)  # as many as the shipped threads on two CPUs
    try:
        time.sleep(0.5)  # every one accepted and waiting, as an attacker's would be
        took = [healthz_seconds(base) for _ in range(3)]
        assert all(seconds < 1.0 for seconds in took), took  # was 9.5 s, or never
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        assert post(f"{base}/slack/events", body, signed_headers(body))[0] == 200
    finally:
        for client in clients:
            client.close()


def test_a_request_not_whole_in_ten_seconds_gets_408_and_one_log_line(
    fake: FakeSlack,
) -> None:
    port, logs = free_port(), list[str]()
    program = str(Path(sys.executable).with_name("gunicorn"))
    argv = [program, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
    env = {"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "1"}
    with serving(argv, port, fake, logs, **env):
        (client,) = slow_clients(port, 1, SLOW_PARTS[1])
        with client:
            client.settimeout(30)
            started = time.monotonic()
            answer = client.recv(1000)
            took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert 9.0 <= took < 15.0  # 10 s, checked about once a second
    said = [json.loads(line) for line in logs[0].splitlines() if line.startswith("{")]
    refused = [entry for entry in said if entry["msg"].startswith("request refused")]
    assert [entry["msg"] for entry in refused] == [
        "request refused: not received whole within 10 s (408)"
    ]


def test_a_kept_alive_connection_serves_request_after_request(
    gunicorn: tuple[str, int, list[str]], fake: FakeSlack
) -> None:
    _, port, _ = gunicorn
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        for _ in range(3):
            connection.request("GET", "/healthz")
            assert connection.getresponse().read() == b"ok\n"
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        connection.request("POST", "/slack/events", body=body, headers=signed_headers(body))
        answer = connection.getresponse()
        assert answer.status == 200 and json.loads(answer.read())["response_type"] == "in_channel"
    finally:
        connection.close()
