"""When a request is whole, so that a server gives it a thread: its head, then the body its
Content-Length announces; what is refused at once (431, 411); what the gate refuses itself
(a length over MAX_BODY or not digits) handed on at its head."""

from __future__ import annotations

import socket

import pytest

from bot.server.gate import MAX_BODY
from bot.server.incoming import (
    HEAD_TOO_LARGE,
    MAX_HEAD,
    NO_LENGTH,
    TIMED_OUT,
    Incoming,
    timed_out,
)

HEAD = b"POST /slack/events HTTP/1.1\r\nHost: bot\r\nContent-Length: 10\r\n\r\n"


def fed(*chunks: bytes) -> Incoming:
    incoming = Incoming(now=0.0)
    for chunk in chunks:
        incoming.feed(chunk)
    return incoming


def test_a_request_is_whole_with_its_head_and_the_body_it_announces() -> None:
    assert not fed(HEAD[:20]).whole()  # part of the request line
    assert not fed(HEAD[:-2]).whole()  # the head without its empty line
    assert not fed(HEAD, b"12345").whole()  # half the body
    assert fed(HEAD, b"12345", b"67890").whole()
    assert fed(b"GET /healthz HTTP/1.1\r\nHost: bot\r\n\r\n").whole()  # no body
    assert fed(b"GET /healthz HTTP/1.0\n\n").whole()  # bare line feeds, as http.server takes


@pytest.mark.parametrize("length", [str(MAX_BODY + 1), "5000000000", "12x", "-1", "²"])
def test_a_length_the_gate_refuses_is_handed_on_at_its_head(length: str) -> None:
    head = f"POST /slack/events HTTP/1.1\r\ncontent-length: {length}\r\n\r\n".encode()
    incoming = fed(head)
    assert incoming.whole() and incoming.refusal() is None  # the gate answers 413 or 400


def test_a_head_too_large_or_a_body_without_length_is_refused_at_once() -> None:
    assert fed(b"GET / HTTP/1.1\r\nX: " + b"a" * MAX_HEAD).refusal() == HEAD_TOO_LARGE
    chunked = b"POST /slack/events HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n"
    assert fed(chunked).refusal() == NO_LENGTH
    assert fed(HEAD).refusal() is None and fed(HEAD[:10]).refusal() is None


def test_its_time_runs_from_the_first_moment() -> None:
    incoming = Incoming(now=100.0, seconds=10.0)
    assert incoming.ends == 110.0 and incoming.seconds == 10.0


def test_a_late_request_gets_408_and_a_silent_one_is_closed() -> None:
    ours, peer = socket.socketpair()
    with peer:
        timed_out(ours, fed(HEAD[:20]))
        assert peer.recv(1000) == TIMED_OUT and TIMED_OUT.startswith(b"HTTP/1.1 408 ")
    ours, peer = socket.socketpair()
    with peer:
        timed_out(ours, fed())
        assert peer.recv(1000) == b""  # nothing asked: nothing answered
