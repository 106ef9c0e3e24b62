"""HTTP mode: `POST /slack/events` for commands and interactivity, `GET /healthz`."""

from __future__ import annotations

import contextlib
import io
import logging
import selectors
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.server.gate import gate
from bot.server.incoming import READ_TIMEOUT_S, Incoming, oldest_to_drop, timed_out

if TYPE_CHECKING:
    from wsgiref.types import WSGIApplication

EVENTS_PATH: Final = "/slack/events"
HEALTH_PATH: Final = "/healthz"
log = logging.getLogger(__name__)


def wsgi_application(
    app: App, signing_secret: str | None, ready: Callable[[], bool] = lambda: True
) -> WSGIApplication:
    """Bolt behind the gate (bot.server.gate): only small, signed, well-formed requests reach it.
    `ready`: whether the database answers, for GET /readyz."""
    return gate(
        SlackRequestHandler(app, path=EVENTS_PATH),
        signing_secret,
        HEALTH_PATH,
        EVENTS_PATH,
        ready=ready,
    )


# Threads that run requests (each whole already, bot.server.incoming): the listeners are
# short and CPU-bound under one interpreter lock, so more threads would add no throughput;
# a few let a request that waits (the database, for /readyz) not hold the others.
THREADS: Final = 8
# A peer that does not read its answer is given up after this long (answers are a few KB,
# which the socket's buffer takes at once).
WRITE_TIMEOUT_S: Final = 10.0


class _BufferingServer(WSGIServer):
    """One event loop reads every request whole (bot.server.incoming: a slow peer costs a
    socket, never a thread, and gets 408 after READ_TIMEOUT_S), then a fixed pool of THREADS
    runs it. Stopping stops reading; the requests already whole are finished, not cut."""

    allow_reuse_address = True
    # socketserver's default backlog is 5: a burst of 32 clients then waits a full second
    # for SYN retries, or is refused. Canvass-day bursts must queue instead.
    request_queue_size = 1024
    read_timeout_s = READ_TIMEOUT_S  # for a request's head and body together (tests shorten it)

    def __init__(self, address: tuple[str, int], handler: type[WSGIRequestHandler]) -> None:
        super().__init__(address, handler)
        self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="recount-http")
        self._request = threading.local()  # the bytes read, for the thread that runs them
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self._wake_r, self._wake_w = socket.socketpair()

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self._stopped.clear()
        waiting: dict[socket.socket, Incoming] = {}  # oldest first
        with selectors.DefaultSelector() as selector:
            self.socket.setblocking(False)
            selector.register(self.socket, selectors.EVENT_READ, None)
            selector.register(self._wake_r, selectors.EVENT_READ, None)
            try:
                while not self._stopping.is_set():
                    wait = poll_interval
                    if waiting:
                        oldest = next(iter(waiting.values()))
                        wait = min(wait, max(0.0, oldest.ends - time.monotonic()))
                    for key, _ in selector.select(wait):
                        if key.fileobj is self.socket:
                            self._accept(selector, waiting)
                        elif key.fileobj is self._wake_r:
                            self._wake_r.recv(64)
                        else:
                            conn = key.fileobj
                            assert isinstance(conn, socket.socket)
                            self._read(selector, waiting, conn)
                    self._expire(selector, waiting)
            finally:
                for conn in waiting:
                    conn.close()  # stopping: a request not whole yet is not read
                self._stopped.set()

    def shutdown(self) -> None:
        """Stops the loop (from another thread) and returns once it has stopped."""
        self._stopping.set()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        self._stopped.wait()

    def server_close(self) -> None:
        # requests in flight are finished, not cut (bot.server.serve: then the Slack calls)
        self._pool.shutdown(wait=True)
        self._wake_r.close()
        self._wake_w.close()
        super().server_close()

    def _accept(
        self, selector: selectors.BaseSelector, waiting: dict[socket.socket, Incoming]
    ) -> None:
        for _ in range(64):  # a burst, without starving the connections already open
            try:
                conn, _address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                log.warning("could not accept a connection", exc_info=True)
                return
            conn.setblocking(False)
            oldest = oldest_to_drop(waiting)
            if oldest is not None:
                selector.unregister(oldest)
                del waiting[oldest]
                oldest.close()
            waiting[conn] = Incoming(seconds=self.read_timeout_s)
            selector.register(conn, selectors.EVENT_READ, None)

    def _read(
        self,
        selector: selectors.BaseSelector,
        waiting: dict[socket.socket, Incoming],
        conn: socket.socket,
    ) -> None:
        incoming = waiting.get(conn)
        if incoming is None:
            return  # dropped by an accept earlier in the same batch of events
        whole = incoming.receive(conn)
        if whole is None:
            return
        selector.unregister(conn)
        del waiting[conn]
        if not whole:
            incoming.end(conn)
            return
        self._pool.submit(self._run, conn, bytes(incoming.data))

    def _expire(
        self, selector: selectors.BaseSelector, waiting: dict[socket.socket, Incoming]
    ) -> None:
        now = time.monotonic()
        while waiting:
            conn, incoming = next(iter(waiting.items()))
            if incoming.ends > now:
                return  # the rest came later: they end later
            selector.unregister(conn)
            del waiting[conn]
            timed_out(conn, incoming)

    def _run(self, conn: socket.socket, data: bytes) -> None:
        """In a pool thread: the request (already read) through wsgiref and the app."""
        try:
            conn.setblocking(True)
            conn.settimeout(WRITE_TIMEOUT_S)
            address = conn.getpeername()
            self._request.data = data
            _QuietHandler(conn, address, self)
        except Exception:
            self.handle_error(conn, None)
        finally:
            self._request.data = b""
            self.shutdown_request(conn)

    def request_bytes(self) -> bytes:
        """The request the calling pool thread runs, as it was read."""
        data: bytes = getattr(self._request, "data", b"")
        return data

    def handle_error(self, request: object, client_address: object) -> None:
        # socketserver would print a plain-text traceback; the log is JSON lines.
        log.warning("connection error from a client", exc_info=True)


class _QuietHandler(WSGIRequestHandler):
    server: _BufferingServer

    def setup(self) -> None:
        super().setup()
        # the request was read whole by the server's loop: read from those bytes, answer on
        # the socket (the gate lingers on the socket itself after a refusal)
        self.rfile.close()
        self.rfile = io.BytesIO(self.server.request_bytes())

    def get_environ(self) -> dict[str, Any]:
        environ = super().get_environ()
        # the gate half-closes and lingers on it after a refusal that left the body unread
        environ["recount.socket"] = self.connection
        return environ

    def log_message(self, format: str, *args: object) -> None:
        log.debug("%s %s", self.address_string(), format % args)

    def get_stderr(self) -> io.StringIO:
        # wsgiref writes "A server error occurred" tracebacks here; the gate answers every
        # error itself, so whatever lands here is kept out of the JSON log.
        return io.StringIO()


def make_http_server(
    app: App,
    host: str,
    port: int,
    signing_secret: str | None,
    ready: Callable[[], bool] = lambda: True,
) -> WSGIServer:
    return make_server(
        host,
        port,
        wsgi_application(app, signing_secret, ready),
        server_class=_BufferingServer,
        handler_class=_QuietHandler,
    )
