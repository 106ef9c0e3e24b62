"""The outermost HTTP layer: what reaches Bolt is a small, signed, well-formed Slack request.

Everything else is answered here, before any parsing that can raise: 404/405 for other paths
and methods, 413 for a body over MAX_BODY (judged on Content-Length, then while reading), 401
for a missing, malformed or wrong signature or timestamp, 400 for a body that is not UTF-8 or
not the shape of a Slack request. Whatever still goes wrong inside becomes a 500 with a JSON
body and one JSON log line, never a plain-text traceback.

A refusal that leaves the body unread (413, or 404/405/400 before reading) must still reach
the client: closing a socket with unread bytes in it sends a reset, which can destroy the
answer before the client reads it. So after such an answer is written the connection is
half-closed and what the client still sends is read and dropped, up to LINGER_BYTES and
LINGER_S, before the server closes it (`_Lingering`).
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import logging
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import unquote_plus

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

log = logging.getLogger("recount.http")

# Slack's requests are small: a slash command is under 2 KB; the largest, a modal's
# view_submission, carries the view's blocks and state (each text input at most 3,000
# characters), tens of KB at most. 256 KB leaves room and still bounds what is read.
MAX_BODY: Final = 256 * 1024
MAX_CLOCK_SKEW: Final = 5 * 60  # seconds, as Slack's own verification allows
# A refused body is read and dropped after the answer, this much at most, so that the client
# sees the answer instead of a reset: the 1.2 MB bodies of a misbehaving client, not more.
LINGER_BYTES: Final = 8 * 1024 * 1024
LINGER_S: Final = 2.0
# Where the server puts the connection's socket in the environ (bot.server.http_server; gunicorn
# puts its own under "gunicorn.socket").
SOCKET_KEYS: Final = ("recount.socket", "gunicorn.socket")
# The interaction types the bot answers, with the keys each must carry to be read at all.
INTERACTIONS: Final = {
    "block_actions": "actions",
    "view_submission": "view",
    "view_closed": "view",
    "message_action": "callback_id",
    "shortcut": "callback_id",
    "block_suggestion": "action_id",
}


ENVELOPE: Final = ("user", "team", "enterprise", "channel", "container", "view", "message")


def _answer(
    start_response: StartResponse, status: str, message: str, *, json_body: bool = False
) -> list[bytes]:
    body = json.dumps({"error": message}) if json_body else f"{message}\n"
    kind = "application/json" if json_body else "text/plain; charset=utf-8"
    start_response(status, [("Content-Type", kind), ("Content-Length", str(len(body)))])
    return [body.encode()]


def signed(secret: str, timestamp: str, body: bytes, signature: str, now: float) -> bool:
    """Slack's v0 signature over the raw bytes; the timestamp must be digits and recent."""
    if not timestamp.isascii() or not timestamp.isdigit() or len(timestamp) > 12:
        return False
    if abs(now - int(timestamp)) > MAX_CLOCK_SKEW:
        return False
    base = b"v0:" + timestamp.encode() + b":" + body
    expected = "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), signature.encode("utf-8", "replace"))


def _readable_response_urls(value: object) -> bool:
    """Bolt reads `response_urls` while it builds its context, before any listener (and before
    it has a logger to warn with): several of them, or any that is not an object with a text
    response_url, make it raise. The bot's forms never ask Slack for one."""
    if value is None:
        return True
    return (
        isinstance(value, list)
        and len(value) <= 1
        and all(isinstance(v, dict) and isinstance(v.get("response_url"), str) for v in value)
    )


def _well_formed_interaction(payload: object) -> bool:
    if not isinstance(payload, dict):
        return False
    kind = payload.get("type")
    needed = INTERACTIONS.get(kind) if isinstance(kind, str) else None
    if needed is None:
        return False  # e.g. workflow_step_edit: not ours, and Bolt cannot read it
    # Bolt reads these to build its context before any listener runs: objects, or absent.
    for envelope in ENVELOPE:
        if payload.get(envelope) is not None and not isinstance(payload[envelope], dict):
            return False
    if not _readable_response_urls(payload.get("response_urls")):
        return False
    value = payload.get(needed)
    if needed == "actions":
        return (
            isinstance(value, list)
            and len(value) > 0  # Bolt reads the first action before any listener runs
            and all(isinstance(a, dict) and isinstance(a.get("action_id"), str) for a in value)
        )
    if needed == "view":
        return (
            isinstance(value, dict)
            and isinstance(value.get("type"), str)
            and isinstance(value.get("callback_id"), str)
        )
    return isinstance(value, str)


def well_formed(body: str, content_type: str) -> bool:
    """The shape of a Slack request: an event, a slash command, or an interaction."""
    if "json" in content_type:
        try:
            event = json.loads(body)
        except ValueError:
            return False
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            return False
        return event["type"] != "event_callback" or isinstance(event.get("event"), dict)
    # The field names only, without decoding every value (a slash command's dozen fields):
    # only an interaction's payload is decoded, to look at its shape.
    fields: dict[str, str] = {}
    for part in body.split("&"):
        name, _, value = part.partition("=")
        fields.setdefault(unquote_plus(name), value)
    if "payload" in fields:
        try:
            return _well_formed_interaction(json.loads(unquote_plus(fields["payload"])))
        except ValueError:
            return False
    return "command" in fields


def linger(sock: socket.socket, limit: int = LINGER_BYTES, seconds: float = LINGER_S) -> None:
    """Half-closes the connection (the answer already sent) and drops what the client still
    sends, until it closes, or up to `limit` bytes and `seconds`."""
    try:
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        return  # already gone
    deadline = time.monotonic() + seconds
    dropped = 0
    try:
        while dropped < limit:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            sock.settimeout(left)
            chunk = sock.recv(64 * 1024)
            if not chunk:
                return
            dropped += len(chunk)
    except OSError:
        return


class _Lingering:
    """A refusal's body; when the server closes it (after writing it), the connection lingers."""

    def __init__(self, body: list[bytes], sock: socket.socket) -> None:
        self._body = body
        self._sock = sock

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._body)

    def close(self) -> None:
        linger(self._sock)


def _unread_body(environ: WSGIEnvironment, answer: list[bytes]) -> Iterable[bytes]:
    """The answer, lingering after it where the request may still be sending a body."""
    declared = str(environ.get("CONTENT_LENGTH") or "")
    method = environ.get("REQUEST_METHOD", "")
    if declared == "0" or (not declared and method in {"GET", "HEAD"}):
        return answer
    for key in SOCKET_KEYS:
        sock = environ.get(key)
        if isinstance(sock, socket.socket):
            return _Lingering(answer, sock)
    return answer


def read_body(environ: WSGIEnvironment) -> bytes | None:
    """The body, or None when it is over MAX_BODY (Content-Length, or what arrives)."""
    declared = environ.get("CONTENT_LENGTH") or ""
    length = int(declared) if declared.isascii() and declared.isdigit() else None
    if length is not None and length > MAX_BODY:
        return None
    stream = environ["wsgi.input"]
    data: bytes = stream.read(length if length is not None else MAX_BODY + 1)
    return None if len(data) > MAX_BODY else data


READY_PATH: Final = "/readyz"


def gate(
    slack: WSGIApplication,
    signing_secret: str | None,
    health_path: str,
    events_path: str,
    clock: Callable[[], float] = time.time,
    ready: Callable[[], bool] = lambda: True,
) -> WSGIApplication:
    """`ready`: whether the database answers (GET /readyz: 200, else 503); /healthz stays
    liveness, the process answering."""

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        method = environ.get("REQUEST_METHOD", "")
        try:
            if path == health_path and method in {"GET", "HEAD"}:
                # Says only that the process answers: nothing about configuration.
                return _answer(start_response, "200 OK", "ok")
            if path == READY_PATH and method in {"GET", "HEAD"}:
                if ready():
                    return _answer(start_response, "200 OK", "ready")
                return _answer(start_response, "503 Service Unavailable", "database not ready")
            if path != events_path:
                return _unread_body(environ, _answer(start_response, "404 Not Found", "not found"))
            if method != "POST":
                return _unread_body(
                    environ, _answer(start_response, "405 Method Not Allowed", "POST only")
                )
            declared = environ.get("CONTENT_LENGTH") or ""
            if declared and not (declared.isascii() and declared.isdigit()):  # "²" too
                return _unread_body(
                    environ, _answer(start_response, "400 Bad Request", "bad Content-Length")
                )
            body = read_body(environ)
            if body is None:
                log.info("request refused: body over %d bytes", MAX_BODY)
                return _unread_body(
                    environ,
                    _answer(start_response, "413 Content Too Large", "request too large"),
                )
            timestamp = str(environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP", ""))
            signature = str(environ.get("HTTP_X_SLACK_SIGNATURE", ""))
            if signing_secret is not None and not signed(
                signing_secret, timestamp, body, signature, clock()
            ):
                # Never the body: it holds what the user typed (and a legacy token).
                log.info("request refused: missing or invalid Slack signature")
                return _answer(start_response, "401 Unauthorized", "invalid signature")
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                return _answer(start_response, "400 Bad Request", "body is not UTF-8")
            if not well_formed(text, str(environ.get("CONTENT_TYPE", ""))):
                log.info("request refused: not the shape of a Slack request")
                return _answer(start_response, "400 Bad Request", "not a Slack request")
            inner: dict[str, Any] = dict(environ)
            inner["wsgi.input"] = io.BytesIO(body)
            inner["CONTENT_LENGTH"] = str(len(body))
            return slack(inner, start_response)
        except Exception as error:
            log.error("unhandled error in the web layer: %s", type(error).__name__, exc_info=error)
            return _answer(
                start_response, "500 Internal Server Error", "internal error", json_body=True
            )

    return application
