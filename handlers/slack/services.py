"""What the listeners share: built once by `bot.app.create_app`, handed to each `register`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from typing import Any, Protocol

from slack_bolt import BoltContext, Respond

from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import NOT_VERIFIED, MetadataSigner
from handlers.slack.observability import request_id_of
from handlers.slack.payload import text_at
from handlers.watch.service import Watching


class DownloadProblem(Enum):
    FORBIDDEN = "forbidden"  # 401/403: no permission
    GONE = "gone"  # 404/410: deleted
    UNREACHABLE = "unreachable"  # any other failure to get it
    TOO_SLOW = "too slow"  # over the time limit


class DownloadFailed(Exception):
    def __init__(self, problem: DownloadProblem) -> None:
        super().__init__(problem.value)
        self.problem = problem


class Download(Protocol):
    """Fetches a file Slack shared (bot.net.download): its bytes, at most `limit` + 1 of
    them. Raises DownloadFailed."""

    def __call__(self, url: str, token: str | None, limit: int, timeout_s: float) -> bytes: ...


@dataclass(frozen=True)
class Services:
    signer: MetadataSigner  # signs the form's private_metadata
    today: Callable[[], date]  # today in Montana (tests fix it)
    after_ack: AfterAck  # runs the Slack calls that follow an acknowledgement
    now: Callable[[], datetime]  # now in Montana, aware, for reminders (tests fix it)
    watching: Watching  # the watch database (opened on first use), URL policy and poller
    download: Download  # a shared file's bytes (bot.net.download)

    def not_verified(self, respond: Respond, body: dict[str, Any], context: BoltContext) -> None:
        """Tells the clicker, privately and after the ack, that a button's signed value did
        not verify (a forged button, or one signed before a rotation): nothing was done."""
        if text_at(body, "response_url") is None:
            return
        self.after_ack.run(
            lambda: respond(response_type="ephemeral", replace_original=False, text=NOT_VERIFIED),
            body=body,
            request_id=request_id_of(context),
        )
