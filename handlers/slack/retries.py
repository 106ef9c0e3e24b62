"""How the bot retries Slack: bounded, and never waiting long.

slack_sdk's built-in handlers retry a connection error, a 5xx and a 429. A 429 is retried
after its Retry-After, but only when that wait is short: a listener that already acknowledged
may spend a few seconds, never minutes, and then falls back to the next way of delivering.

The wait between attempts is the SDK's (backoff, or Retry-After with jitter), but who waits is
injectable (`pause`): the tests record the waits instead of sleeping through them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
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


Pause = Callable[[float], None]


class _Paused(RetryHandler):
    """Waits between attempts through `pause` (time.sleep; the tests record instead)."""

    pause: Pause = staticmethod(time.sleep)

    def prepare_for_next_attempt(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        seconds = self._seconds(state, response, error)
        state.next_attempt_requested = True
        self.pause(seconds)
        state.increment_current_attempt()

    def _seconds(
        self, state: RetryState, response: HttpResponse | None, error: Exception | None
    ) -> float:
        """The SDK's backoff for this attempt."""
        return self.interval_calculator.calculate_sleep_duration(state.current_attempt)


class PausedConnectionErrorRetryHandler(_Paused, ConnectionErrorRetryHandler):
    pass


class PausedServerErrorRetryHandler(_Paused, ServerErrorRetryHandler):
    pass


class BoundedRateLimitRetryHandler(_Paused, RateLimitErrorRetryHandler):
    def _seconds(
        self, state: RetryState, response: HttpResponse | None, error: Exception | None
    ) -> float:
        """The Retry-After Slack asked for (at most MAX_RETRY_AFTER: `_can_retry`), with the
        SDK's jitter of up to a second."""
        if response is None:
            raise error or RuntimeError("a rate-limit retry without a response")
        after = 1
        for name, values in response.headers.items():
            if name.lower() == "retry-after":
                after = int(values[0])
        return after + random.random()

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


def retry_handlers(pause: Pause = time.sleep) -> list[RetryHandler]:
    """A fresh list per client (the handlers keep no state, but clients may add their own).
    `pause` waits between attempts (time.sleep; the tests record instead)."""
    handlers: list[_Paused | BoundedRateLimitRetryHandler] = [
        PausedConnectionErrorRetryHandler(max_retry_count=MAX_RETRIES),
        BoundedRateLimitRetryHandler(max_retry_count=MAX_RETRIES),
        PausedServerErrorRetryHandler(max_retry_count=MAX_RETRIES),
    ]
    for handler in handlers:
        handler.pause = pause
    return list(handlers)
