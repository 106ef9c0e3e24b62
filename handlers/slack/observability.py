"""A request id for every request, one log line per request, and the global error handler.

Logs carry the request id, the kind of request and the Slack user id; never the command
text, candidate names, tokens or secrets.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from typing import Any

from slack_bolt import App, BoltContext, BoltRequest, BoltResponse
from slack_bolt.middleware import Middleware
from slack_sdk.errors import SlackClientError
from slack_sdk.webhook import WebhookClient

from handlers.slack.retries import HTTP_TIMEOUT, retry_handlers
from handlers.syntax import COMMAND

log = logging.getLogger("recount.requests")
SORRY = (
    f":warning: Something went wrong while answering your {COMMAND} request, and nothing was "
    "posted. Please try again; if it keeps happening, tell whoever runs the bot the "
    "request id {rid}."
)


def request_id_of(context: BoltContext) -> str:
    """The id this module gave the request, for log lines and work done after the ack."""
    return str(context.get("request_id", "-"))


def _kind(body: dict[str, Any]) -> str:
    if "command" in body:
        return "command"
    return str(body.get("type", "unknown"))


class StampRequest(Middleware):
    """The request id and the one log line. A Middleware object, not a function: Bolt calls
    it directly instead of working out its arguments on every request."""

    def process(
        self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]
    ) -> BoltResponse | None:
        context = req.context
        context["request_id"] = uuid.uuid4().hex[:12]
        log.info(
            "request",
            extra={
                "request_id": context["request_id"],
                "kind": _kind(req.body),
                "user": context.user_id,
            },
        )
        return next()


def register(app: App) -> None:
    app.use(StampRequest())

    @app.error
    def on_error(error: Exception, body: dict[str, Any], context: BoltContext) -> None:
        report_failure(error, body, request_id_of(context), context.user_id)


def report_failure(
    error: Exception, body: dict[str, Any], request_id: str, user: str | None = None
) -> None:
    """Logs a failure and, where Slack gave a response_url, tells the asker privately."""
    log.error(
        "unhandled error in a listener: %s",
        type(error).__name__,
        exc_info=error,
        extra={"request_id": request_id, "user": user},
    )
    url = body.get("response_url")
    if isinstance(url, str) and url:
        try:
            WebhookClient(url, timeout=HTTP_TIMEOUT, retry_handlers=retry_handlers()).send(
                response_type="ephemeral",
                replace_original=False,
                text=SORRY.format(rid=request_id),
            )
        except (SlackClientError, OSError):
            log.warning(
                "could not tell the asker about the error", extra={"request_id": request_id}
            )
