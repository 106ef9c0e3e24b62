"""Bounded retries: a 429 is waited for only when its Retry-After is short."""

from __future__ import annotations

import pytest
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState

from handlers.slack.retries import MAX_RETRY_AFTER, BoundedRateLimitRetryHandler, retry_handlers


def can_retry(status: int, headers: dict[str, str | list[str]]) -> bool:
    handler = BoundedRateLimitRetryHandler(max_retry_count=2)
    request = HttpRequest(method="POST", url="https://slack.com/api/x", headers={}, data=None)
    response = HttpResponse(status_code=status, headers=headers)
    return handler._can_retry(state=RetryState(), request=request, response=response)


@pytest.mark.parametrize(
    ("headers", "ok"),
    [
        ({"Retry-After": [str(MAX_RETRY_AFTER - 1)]}, True),
        ({"retry-after": [str(MAX_RETRY_AFTER)]}, True),
        ({"Retry-After": [str(MAX_RETRY_AFTER + 1)]}, False),
        ({"Retry-After": ["soon"]}, False),
        ({}, True),
    ],
)
def test_rate_limit(headers: dict[str, str | list[str]], ok: bool) -> None:
    assert can_retry(429, headers) is ok


def test_only_429_is_a_rate_limit() -> None:
    assert can_retry(500, {"Retry-After": ["1"]}) is False


def test_each_client_gets_fresh_handlers() -> None:
    first, second = retry_handlers(), retry_handlers()
    assert len(first) == 3 and first[0] is not second[0]
