"""HTTP mode: `POST /slack/events` for commands and interactivity, `GET /healthz`."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any, Final
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.server.gate import gate

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


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    # Requests in flight are finished, not cut, when the server stops (bot.server.serve).
    daemon_threads = False
    block_on_close = True
    allow_reuse_address = True
    # socketserver's default backlog is 5: a burst of 32 clients then waits a full second
    # for SYN retries, or is refused. Canvass-day bursts must queue instead.
    request_queue_size = 1024

    def handle_error(self, request: object, client_address: object) -> None:
        # socketserver would print a plain-text traceback; the log is JSON lines.
        log.warning("connection error from a client", exc_info=True)


class _QuietHandler(WSGIRequestHandler):
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
        server_class=_ThreadingServer,
        handler_class=_QuietHandler,
    )
