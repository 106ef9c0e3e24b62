"""What the Slack surface needs from the world beyond Slack's own client, as ports: a file a
clerk shared, downloaded (bot.net.download implements it; tests hand fakes). An adapter in
bot/ imports this module, never the listeners or their services (tests/cross/test_imports.py)."""

from __future__ import annotations

from enum import Enum
from typing import Protocol


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
