"""A request read whole before any thread is given to it, so that a slow peer costs a socket
and a few bytes, never a thread.

A server that hands a connection to a thread and lets the thread read the request is taken
offline by as many clients as it has threads, each sending a few bytes and then nothing
(eight of them took gunicorn's eight threads, `/healthz` included). So the servers read each
request without blocking, in their one event loop (bot.server.http_server, and the gunicorn
worker bot.server.worker), with `Incoming` saying when the request is whole: the head, then
the body its Content-Length announces. A request not whole within READ_TIMEOUT_S gets 408
and is closed; a head too large gets 431, a body without a length 411. A body declared over
the gate's MAX_BODY is handed on at its head, for the gate to answer 413 (and linger).
"""

from __future__ import annotations

import logging
import socket
import time
from typing import Final, TypeVar

from bot.server.gate import MAX_BODY

log = logging.getLogger("recount.http")

# Slack sends a request within a second and gives up on an answer after 3 s: 10 s for the
# head and body together is generous to a slow link, and short for a peer that trickles.
READ_TIMEOUT_S: Final = 10.0
# Slack's headers are under 2 KB; http.server allows 100 header lines of 64 KB each.
MAX_HEAD: Final = 64 * 1024
# Connections still sending their request, at most; past it the one waiting longest is
# dropped, so that a flood of idle sockets cannot keep a real request from being read.
MAX_WAITING: Final = 512
_CHUNK: Final = 64 * 1024


def _answer(status: str, text: str) -> bytes:
    body = f"{text}\n".encode()
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


TIMED_OUT: Final = _answer("408 Request Timeout", "request not received in time")
HEAD_TOO_LARGE: Final = _answer("431 Request Header Fields Too Large", "headers too large")
NO_LENGTH: Final = _answer("411 Length Required", "a body needs a Content-Length")


class Incoming:
    """What one connection has sent of its request so far, and until when it may send."""

    def __init__(self, now: float | None = None, seconds: float = READ_TIMEOUT_S) -> None:
        self.data = bytearray()
        self.seconds = seconds
        self.started = time.monotonic() if now is None else now
        self.ends = self.started + seconds
        self._head_end: int | None = None
        self._gone = False  # the peer closed or reset the connection

    def feed(self, chunk: bytes) -> None:
        self.data += chunk

    def receive(self, sock: socket.socket) -> bool | None:
        """Reads what the (non-blocking) peer sent: None while the request is not whole,
        True once it is, False when the connection is to end (the peer went, or the request
        is refused): the caller stops watching the socket, then calls `end`."""
        try:
            chunk = sock.recv(_CHUNK)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            chunk = b""  # reset by the peer: nothing to answer
        if not chunk:
            self._gone = True
            return False
        self.feed(chunk)
        if self.refusal() is not None:
            return False
        return True if self.whole() else None

    def end(self, sock: socket.socket) -> None:
        """Answers a refused request (one log line), or closes after a peer that went."""
        refusal = None if self._gone else self.refusal()
        if refusal is None:
            sock.close()
            return
        refuse(sock, refusal, refusal.split(b"\r\n", 1)[0].decode()[len("HTTP/1.1 ") :])

    def refusal(self) -> bytes | None:
        """The answer that refuses this request as it stands, if any (431, 411)."""
        self._find_head()
        if self._head_end is None:
            return HEAD_TOO_LARGE if len(self.data) > MAX_HEAD else None
        if self._head_end > MAX_HEAD:
            return HEAD_TOO_LARGE
        if self._header("transfer-encoding") is not None:
            return NO_LENGTH  # chunked: Slack never sends it, and wsgiref cannot read it
        return None

    def whole(self) -> bool:
        """Whether the request can be handed on: its head and the body it announces, or a
        head whose length the gate refuses anyway (not digits, or over MAX_BODY)."""
        self._find_head()
        if self._head_end is None:
            return False
        declared = self._header("content-length")
        if declared is None:
            return True  # no body (GET, HEAD, or a POST without one: the gate judges it)
        if not (declared.isascii() and declared.isdigit()) or int(declared) > MAX_BODY:
            return True
        return len(self.data) >= self._head_end + int(declared)

    def _find_head(self) -> None:
        if self._head_end is not None:
            return
        # http.server also takes bare LF line ends: the head ends at the first empty line
        ends = [
            (at + len(mark)) for mark in (b"\r\n\r\n", b"\n\n") if (at := self.data.find(mark)) >= 0
        ]
        if ends:
            self._head_end = min(ends)

    def _header(self, name: str) -> str | None:
        assert self._head_end is not None
        head = bytes(self.data[: self._head_end]).decode("latin-1")
        for line in head.splitlines()[1:]:
            field, colon, value = line.partition(":")
            if colon and field.strip().lower() == name:
                return value.strip()
        return None


Conn = TypeVar("Conn")


def oldest_to_drop(waiting: dict[Conn, Incoming]) -> Conn | None:
    """With MAX_WAITING connections still sending (oldest first), the one waiting longest,
    which the caller drops to make room (said in one log line); else None."""
    if len(waiting) < MAX_WAITING:
        return None
    log.info("connection dropped: %d others still sending their request", MAX_WAITING)
    return next(iter(waiting))


def refuse(sock: socket.socket, answer: bytes, why: str) -> None:
    """Writes a refusal without waiting on the peer, says so in one log line, and closes."""
    try:
        sock.setblocking(False)
        sock.send(answer)
    except OSError:
        pass  # the peer is gone or not reading: closing is all that is left
    finally:
        sock.close()
    log.info("request refused: %s", why)


def timed_out(sock: socket.socket, incoming: Incoming) -> None:
    """A request not whole in time: 408 if any of it came, else closed; one line either way."""
    if incoming.data:
        refuse(sock, TIMED_OUT, f"not received whole within {incoming.seconds:g} s (408)")
        return
    sock.close()
    log.info("connection closed: no request within %g s", incoming.seconds)
