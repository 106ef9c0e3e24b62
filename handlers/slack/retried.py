"""Slack's retries of an event are acknowledged and dropped.

Slack sends an event again (with `X-Slack-Retry-Num`) when our first answer was slow or
failed; the first delivery was acknowledged and its work is already under way after the ack,
so doing it again would scan twice: two summaries, two CSVs in the thread. A retry is
answered 200 at once and goes no further. The same event delivered twice without the header
(to this process or another replica) is caught where it costs: a file dropped in a DM is
scanned only the first time its `event_id` reaches the database (scan/file_in_dm.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from slack_bolt import BoltRequest, BoltResponse
from slack_bolt.middleware import Middleware

from handlers.slack.observability import request_id_of

log = logging.getLogger(__name__)

RETRY_HEADER = "x-slack-retry-num"


def retry_number(req: BoltRequest) -> str | None:
    """The retry number Slack sent with an event, or None for a first delivery."""
    values = req.headers.get(RETRY_HEADER)
    if not values:
        return None
    return str(values[0])


class DropRetries(Middleware):
    """An event Slack is retrying: acknowledged, not handled again."""

    def process(
        self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]
    ) -> BoltResponse | None:
        number = retry_number(req)
        if number is None or req.body.get("type") != "event_callback":
            return next()
        log.info(
            "retried event dropped",
            extra={"request_id": request_id_of(req.context), "retry": number},
        )
        return BoltResponse(status=200, body="")
