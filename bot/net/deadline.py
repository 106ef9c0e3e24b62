"""A transfer's time in all, whatever the pace of its bytes.

A socket timeout bounds one wait for bytes, not a transfer: a server sending one byte every
5 s never lets a 10 s timeout fire, and so held a "60 s in all" fetch for 150 s and more. So
each transfer runs under a `Deadline`: the sockets it opens wait at most the time left, and a
watchdog shuts them when the time is up, which ends at once any read blocked in them (in the
status line, the headers, a TLS handshake or the body alike). `Transfers.stop()` (the process
ending) shuts every transfer in flight the same way, so a stop never waits for a trickle.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from types import TracebackType
from typing import Final

# A socket timeout of 0 would make the socket non-blocking: the shortest wait given instead.
_SHORTEST_S: Final = 0.001


class Deadline:
    """`seconds` for everything one transfer does, from `with Deadline(...)` to its end."""

    def __init__(self, seconds: float, transfers: Transfers | None = None) -> None:
        self.seconds = seconds
        self.ends = time.monotonic() + seconds
        self.expired = False  # the time ran out
        self.stopped = False  # Transfers.stop(): the process is ending
        self._transfers = transfers
        self._lock = threading.Lock()
        # duplicates of the transfer's sockets: shutting one ends a read blocked in the
        # other, and a TLS wrapper (which takes over the plain socket) does not hide it
        self._watched: list[socket.socket] = []
        self._timer = threading.Timer(max(seconds, 0.0), self._expire)
        self._timer.daemon = True

    def __enter__(self) -> Deadline:
        self._timer.start()
        if self._transfers is not None:
            self._transfers.add(self)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._timer.cancel()
        if self._transfers is not None:
            self._transfers.discard(self)
        with self._lock:
            watched, self._watched = self._watched, []
        for sock in watched:
            sock.close()

    @property
    def over(self) -> bool:
        """The time ran out, or the transfer was stopped."""
        return self.expired or self.stopped

    def left(self) -> float:
        return max(0.0, self.ends - time.monotonic())

    def timeout(self, most: float) -> float:
        """A socket's timeout for its next wait: at most `most`, never past the deadline."""
        return max(_SHORTEST_S, min(most, self.left()))

    def watch(self, sock: socket.socket) -> socket.socket:
        """Puts one of the transfer's sockets under the deadline; returns it."""
        watched = socket.socket(fileno=os.dup(sock.fileno()))
        with self._lock:
            self._watched.append(watched)
            over = self.over
        if over:
            _shut(watched)
        return sock

    def stop(self) -> None:
        self.stopped = True
        self._shut_all()

    def _expire(self) -> None:
        self.expired = True
        self._shut_all()

    def _shut_all(self) -> None:
        with self._lock:
            watched = list(self._watched)
        for sock in watched:
            _shut(sock)


def _shut(sock: socket.socket) -> None:
    # OSError: already closed by the other side, so nothing is blocked on it
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


class Transfers:
    """The transfers in flight of one fetcher, to stop them all when the process ends. Once
    stopped, a transfer begun later is stopped as it begins."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: set[Deadline] = set()
        self.stopped = False

    def add(self, deadline: Deadline) -> None:
        with self._lock:
            self._live.add(deadline)
            stopped = self.stopped
        if stopped:
            deadline.stop()

    def discard(self, deadline: Deadline) -> None:
        with self._lock:
            self._live.discard(deadline)

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            live = list(self._live)
        for deadline in live:
            deadline.stop()
