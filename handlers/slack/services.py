"""What the listeners share: built once by `bot.app.create_app`, put in every request's context
(handlers.slack.listener.Bind), and named `services` by any listener that needs it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from typing import Protocol

from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import MetadataSigner
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
