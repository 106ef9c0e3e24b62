"""The gate's own rules, one at a time: the signature's clock window, the body's limit, and the
linger after a refusal that left the body unread (the whole server: test_fuzz_http)."""

from __future__ import annotations

import hashlib
import hmac
import io
import socket
import threading

import pytest

from bot.server.gate import (
    LINGER_BYTES,
    MAX_BODY,
    MAX_CLOCK_SKEW,
    gate,
    linger,
    read_body,
    signed,
)

SECRET = "s3cret"
NOW = 1_800_000_000


def signature(timestamp: str, body: bytes) -> str:
    base = b"v0:" + timestamp.encode() + b":" + body
    return "v0=" + hmac.new(SECRET.encode(), base, hashlib.sha256).hexdigest()


@pytest.mark.parametrize(
    ("skew", "ok"),
    [(MAX_CLOCK_SKEW - 1, True), (MAX_CLOCK_SKEW, True), (MAX_CLOCK_SKEW + 1, False)],
)
def test_a_signature_is_good_for_five_minutes_either_way(skew: int, ok: bool) -> None:
    for timestamp in (str(NOW - skew), str(NOW + skew)):
        assert signed(SECRET, timestamp, b"body", signature(timestamp, b"body"), NOW) is ok


def test_a_wrong_signature_or_timestamp_is_refused() -> None:
    good = signature(str(NOW), b"body")
    assert not signed("other", str(NOW), b"body", good, NOW)
    assert not signed(SECRET, str(NOW), b"other", good, NOW)
    assert not signed(SECRET, "12e9", b"body", good, NOW)


@pytest.mark.parametrize(
    ("size", "ok"), [(MAX_BODY - 1, True), (MAX_BODY, True), (MAX_BODY + 1, False)]
)
def test_the_body_limit(size: int, ok: bool) -> None:
    by_length = {"wsgi.input": io.BytesIO(b"x" * size), "CONTENT_LENGTH": str(size)}
    by_reading = {"wsgi.input": io.BytesIO(b"x" * size)}
    for environ in (by_length, by_reading):
        assert (read_body(environ) is not None) is ok


def test_linger_drops_what_the_client_still_sends_then_lets_go() -> None:
    server, client = socket.socketpair()
    sent = b"y" * (LINGER_BYTES // 4)

    def send_then_close() -> None:
        client.sendall(sent)
        client.close()

    writer = threading.Thread(target=send_then_close)
    writer.start()
    linger(server, seconds=5)  # returns once the client has closed: everything was read
    writer.join(timeout=5)
    assert not writer.is_alive()
    server.close()


@pytest.mark.parametrize(
    ("ready", "status", "body"),
    [(True, "200 OK", b"ready\n"), (False, "503 Service Unavailable", b"database not ready\n")],
)
def test_readyz_says_whether_the_database_answers_and_healthz_stays_liveness(
    ready: bool, status: str, body: bytes
) -> None:
    def never(environ: object, start_response: object) -> list[bytes]:
        raise AssertionError("Bolt is not asked")

    app = gate(never, "secret", "/healthz", "/slack/events", ready=lambda: ready)
    seen: list[str] = []

    def start(said: str, headers: object) -> None:
        seen.append(said)

    answer = b"".join(app({"PATH_INFO": "/readyz", "REQUEST_METHOD": "GET"}, start))  # type: ignore[arg-type]
    assert (seen[-1], answer) == (status, body)
    answer = b"".join(app({"PATH_INFO": "/healthz", "REQUEST_METHOD": "GET"}, start))  # type: ignore[arg-type]
    assert (seen[-1], answer) == ("200 OK", b"ok\n")
