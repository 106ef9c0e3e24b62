"""HTTP mode through a real server on loopback: /healthz, /slack/events, signatures."""

from __future__ import annotations

import contextlib
import json
import logging
import select
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from bot.app import create_app
from bot.server.http_server import THREADS, make_http_server
from handlers.slack.after_ack import AfterAck

from ...conftest import TODAY
from ...fake_slack import SIGNING_SECRET, FakeSlack, command_body, payload_body, signed_headers
from ...servers import SLOW_PARTS, healthz_seconds, post, slow_clients
from ...slack_helpers import settings_for


@pytest.fixture
def server(fake: FakeSlack, after_ack: AfterAck) -> Iterator[str]:
    app = create_app(settings_for(fake), today=lambda: TODAY, after_ack=after_ack)
    httpd = make_http_server(app, "127.0.0.1", 0, SIGNING_SECRET)
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


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
def test_bad_signatures_over_http_get_401(
    server: str, fake: FakeSlack, after_ack: AfterAck, how: str
) -> None:
    body = command_body("county Smith 1204 Jones 1199", fake.response_url())
    headers = {
        "wrong": signed_headers(body, secret="nope"),
        "stale": signed_headers(body, timestamp=int(time.time()) - 3600),
        "missing": {"content-type": "application/x-www-form-urlencoded"},
    }[how]
    status, _ = post(f"{server}/slack/events", body, headers)
    assert status == 401
    assert after_ack.drain(timeout=5)
    assert fake.calls == []


def test_a_form_opened_through_one_server_is_accepted_by_another(fake: FakeSlack) -> None:
    """Scale-out: replicas share nothing but the secrets, so any one takes any request."""
    from ...slack_helpers import FORM_VALUES, view_payload

    pools = [AfterAck(), AfterAck()]
    servers = [
        make_http_server(
            create_app(settings_for(fake), today=lambda: TODAY, after_ack=pool),
            "127.0.0.1",
            0,
            SIGNING_SECRET,
        )
        for pool in pools
    ]
    threads = [
        threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05}) for s in servers
    ]
    for thread in threads:
        thread.start()
    try:
        first, second = (f"http://127.0.0.1:{s.server_port}/slack/events" for s in servers)
        body = command_body("", fake.response_url())
        assert post(first, body, signed_headers(body))[0] == 200
        assert pools[0].drain(timeout=10)
        opened = fake.wait_for("views.open")[0].body["view"]
        opened = json.loads(opened) if isinstance(opened, str) else opened
        submission = payload_body(view_payload(opened, FORM_VALUES))
        status, answer = post(second, submission, signed_headers(submission))
        assert (status, answer) == (200, "")  # accepted: the form closes
        assert pools[1].drain(timeout=10)
        assert fake.to("chat.postMessage")[0].body["channel"] == "C0CANVASS"
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()


# --- slow peers ---------------------------------------------------------------------------


@pytest.mark.parametrize("sent", SLOW_PARTS)
def test_slow_clients_never_keep_healthz_waiting(server: str, sent: bytes) -> None:
    port = int(server.rsplit(":", 1)[1])
    threads = threading.active_count()
    clients = slow_clients(port, 40, sent)  # five times the server's threads
    try:
        for _ in range(3):
            assert healthz_seconds(server) < 1.0
        # a fixed pool: forty connections start no thread
        assert threading.active_count() <= threads + THREADS
    finally:
        for client in clients:
            client.close()


def test_a_request_not_whole_in_time_gets_408_and_one_log_line(
    fake: FakeSlack, after_ack: AfterAck, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="recount.http")
    app = create_app(settings_for(fake), today=lambda: TODAY, after_ack=after_ack)
    httpd = make_http_server(app, "127.0.0.1", 0, SIGNING_SECRET)
    httpd.read_timeout_s = 0.5  # type: ignore[attr-defined]  # the server's, 10 s
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        (late,) = slow_clients(httpd.server_port, 1, SLOW_PARTS[1])
        (silent,) = slow_clients(httpd.server_port, 1, b"")
        with late, silent:
            late.settimeout(10)
            silent.settimeout(10)
            assert late.recv(1000).startswith(b"HTTP/1.1 408 Request Timeout\r\n")
            assert silent.recv(1000) == b""  # dropped: it asked nothing
        # a trickle, one byte every 0.1 s, is cut at its time in all the same way
        (trickle,) = slow_clients(httpd.server_port, 1, b"G")
        with trickle:
            started = time.monotonic()
            answer = b""
            for byte in b"ET /healthz HTTP/1.1\r\nHost: bot\r\n\r\n":
                if select.select([trickle], [], [], 0.1)[0]:
                    break  # answered: sending more would only meet a reset
                try:
                    trickle.sendall(bytes([byte]))
                except OSError:
                    break
            with contextlib.suppress(OSError):
                answer = trickle.recv(1000)
            assert answer.startswith(b"HTTP/1.1 408 ") and time.monotonic() - started < 5
    finally:
        httpd.shutdown()
        httpd.server_close()
    said = [r.getMessage() for r in caplog.records if r.name == "recount.http"]
    assert said == [
        "request refused: not received whole within 0.5 s (408)",
        "connection closed: no request within 0.5 s",
        "request refused: not received whole within 0.5 s (408)",
    ]
    assert not any(r.exc_info for r in caplog.records)


def test_a_head_too_large_gets_431_and_a_chunked_body_411(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    for sent, status in (
        (b"GET /healthz HTTP/1.1\r\nX: " + b"a" * 70_000, b"431"),
        (b"POST /slack/events HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", b"411"),
    ):
        (client,) = slow_clients(port, 1, sent)
        with client:
            assert client.recv(1000).split(b" ")[1] == status


def test_past_the_most_connections_waiting_the_oldest_is_dropped(
    fake: FakeSlack,
    after_ack: AfterAck,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A flood of idle sockets cannot keep a real request from being read."""
    caplog.set_level(logging.INFO, logger="recount.http")
    monkeypatch.setattr("bot.server.incoming.MAX_WAITING", 4)  # the server's, 512
    app = create_app(settings_for(fake), today=lambda: TODAY, after_ack=after_ack)
    httpd = make_http_server(app, "127.0.0.1", 0, SIGNING_SECRET)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    try:
        clients = slow_clients(httpd.server_port, 10, SLOW_PARTS[0])
        try:
            assert healthz_seconds(base) < 1.0
            clients[0].settimeout(10)
            # the oldest: closed unanswered (or reset: what it sent was never read)
            with contextlib.suppress(ConnectionResetError):
                assert clients[0].recv(100) == b""
        finally:
            for client in clients:
                client.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    dropped = [r for r in caplog.records if r.getMessage().startswith("connection dropped")]
    assert len(dropped) >= 6  # ten and the health check, four kept at a time
