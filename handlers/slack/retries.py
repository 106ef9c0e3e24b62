"""How the bot retries Slack: bounded, and never waiting long.

slack_sdk's built-in handlers retry a connection error, a 5xx and a 429. A 429 is retried
after its Retry-After, but only when that wait is short: a listener that already acknowledged
may spend a few seconds, never minutes, and then falls back to the next way of delivering.
"""

from __future__ import annotations

from typing import Final

from slack_sdk.http_retry import RetryHandler
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState

MAX_RETRIES: Final = 2  # per kind of failure, after the first attempt
MAX_RETRY_AFTER: Final = 5  # seconds; a longer Retry-After is not waited for
HTTP_TIMEOUT: Final = 5  # seconds for one Web API call


class BoundedRateLimitRetryHandler(RateLimitErrorRetryHandler):
    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if response is None or response.status_code != 429:
            return False
        for name, values in response.headers.items():
            if name.lower() == "retry-after":
                try:
                    return int(values[0]) <= MAX_RETRY_AFTER
                except (ValueError, IndexError):
                    return False
        return True


def retry_handlers() -> list[RetryHandler]:
    """A fresh list per client (the handlers keep no state, but clients may add their own)."""
    return [
        ConnectionErrorRetryHandler(max_retry_count=MAX_RETRIES),
        BoundedRateLimitRetryHandler(max_retry_count=MAX_RETRIES),
        ServerErrorRetryHandler(max_retry_count=MAX_RETRIES),
    ]
