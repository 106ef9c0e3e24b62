"""gunicorn's threaded worker, reading each request whole before a thread is given to it
(gunicorn.conf.py: `worker_class`).

gunicorn's own gthread worker hands a connection to a thread as soon as its first bytes
arrive, and the thread then blocks reading the rest, with no time limit: eight clients each
sending part of a request and then nothing took all eight threads of the shipped settings
(two workers of four), `/healthz` included, until they went away (measured: 9.5 s for one
`/healthz` with only connections that sent nothing, none at all with part of a head). This
worker reads in its event loop, without blocking, until `bot.server.incoming.Incoming` says
the request is whole, and only then queues it for a thread, its bytes already in gunicorn's
parser; a request not whole within READ_TIMEOUT_S gets 408, with one log line, as in
`recount serve --http`.

It relies on gthread's internals (gunicorn is pinned in requirements.lock;
tests/e2e/test_worker.py runs it). TLS in gunicorn itself or HTTP/2 by prior knowledge would
read from the socket before any parser sees it: with either set, the worker is gthread's.
"""

from __future__ import annotations

import errno
import selectors
import socket
import time
from functools import partial
from typing import Any

from gunicorn import http  # type: ignore[import-untyped]
from gunicorn.workers.gthread import TConn, ThreadWorker  # type: ignore[import-untyped]

from bot.server.incoming import READ_TIMEOUT_S, Incoming, oldest_to_drop, timed_out


class BufferingWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn is untyped
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting: dict[Any, Incoming] = {}  # TConn -> what it sent; oldest first

    def _buffers(self) -> bool:
        cleartext = getattr(self.cfg, "http2_cleartext", None)
        return not self.cfg.is_ssl and cleartext not in ("prior-knowledge", "both")

    def accept(self, listener: socket.socket) -> None:
        if not self._buffers():
            super().accept(listener)
            return
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        self._wait(TConn(self.cfg, client, address, listener.getsockname()))

    def on_client_socket_readable(self, conn: Any, client: socket.socket) -> None:
        """A kept-alive connection sends its next request: read whole, like a new one."""
        if not self._buffers():
            super().on_client_socket_readable(conn, client)
            return
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._wait(conn)

    def _wait(self, conn: Any) -> None:
        oldest = oldest_to_drop(self.waiting)
        if oldest is not None:
            self._forget(oldest)
            oldest.close()
        conn.sock.setblocking(False)
        self.waiting[conn] = Incoming(seconds=READ_TIMEOUT_S)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._readable, conn))

    def _forget(self, conn: Any) -> None:
        """No longer waiting on `conn` (nor counting it, unless it is handed on)."""
        del self.waiting[conn]
        self.poller.unregister(conn.sock)
        self.nr_conns -= 1

    def _readable(self, conn: Any, client: socket.socket) -> None:
        incoming = self.waiting.get(conn)
        if incoming is None:
            return  # dropped by an accept earlier in the same batch of events
        whole = incoming.receive(conn.sock)
        if whole is None:
            return
        self._forget(conn)
        if not whole:
            incoming.end(conn.sock)
            return
        # The bytes go into gunicorn's parser (made here, as TConn.init would make it), and
        # the thread that parses them never waits on the peer for its request.
        if conn.parser is None:
            conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
        conn.parser.unreader.unread(bytes(incoming.data))
        conn.data_ready = True
        self.nr_conns += 1
        self.enqueue_req(conn)

    def murder_pending(self) -> None:
        """Also each tick of the loop (about a second): requests not whole in time get 408,
        and a stopping worker drops the ones still being sent."""
        super().murder_pending()
        now = time.monotonic()
        while self.waiting:
            conn, incoming = next(iter(self.waiting.items()))
            if incoming.ends > now and self.alive:
                return  # the rest came later: they end later
            self._forget(conn)
            if self.alive:
                timed_out(conn.sock, incoming)
            else:
                conn.close()
