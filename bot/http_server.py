"""HTTP mode: `POST /slack/events` for commands and interactivity, `GET /healthz`."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Final
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

EVENTS_PATH: Final = "/slack/events"
HEALTH_PATH: Final = "/healthz"
log = logging.getLogger(__name__)


def wsgi_application(app: App) -> WSGIApplication:
    slack = SlackRequestHandler(app, path=EVENTS_PATH)

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == HEALTH_PATH and environ.get("REQUEST_METHOD") in {"GET", "HEAD"}:
            # Says only that the process answers: nothing about configuration.
            start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"ok\n"]
        if path == EVENTS_PATH:
            return slack(environ, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [b"not found\n"]

    return application


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog is 5: a burst of 32 clients then waits a full second
    # for SYN retries, or is refused. Canvass-day bursts must queue instead.
    request_queue_size = 1024


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        log.debug("%s %s", self.address_string(), format % args)


def make_http_server(app: App, host: str, port: int) -> WSGIServer:
    return make_server(
        host,
        port,
        wsgi_application(app),
        server_class=_ThreadingServer,
        handler_class=_QuietHandler,
    )
