"""A results file dropped in a direct message with the bot: scanned, the summary in its thread,
and compared with the last scan of the same election there."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import BoltContext
from slack_sdk import WebClient

from domain import InputError
from handlers.results import scan_request
from handlers.slack.after_ack import Later
from handlers.slack.payload import text_at
from handlers.slack.scan.scanning import (
    ScanTarget,
    dm_memory,
    in_flight,
    run_scan,
    scan_later,
    shared_files,
)
from handlers.slack.scan.summary import (
    scan_error,
)
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id
from handlers.watch.records import DatabaseError

log = logging.getLogger(__name__)


def file_in_a_dm(
    event: dict[str, Any],
    body: dict[str, Any],
    client: WebClient,
    context: BoltContext,
    services: Services,
    later: Later,
) -> None:
    if event.get("channel_type") != "im" or event.get("subtype") != "file_share":
        return  # only files dropped in a direct message with the bot
    channel, user, ts = event.get("channel"), event.get("user"), event.get("ts")
    shared = shared_files(event)
    if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str) and shared):
        return
    to = ScanTarget(str(channel), ts, str(user))
    team = str(event.get("team") or text_at(context, "team_id") or "T")
    text = str(event.get("text") or "")
    today = services.today()

    event_id = body.get("event_id")

    def work() -> None:
        if isinstance(event_id, str) and not first_delivery(services, event_id):
            log.info("event delivered again: not scanned twice")
            return
        try:
            options = scan_request(text, today)
        except InputError as error:
            message = scan_error(error.message)
            client.chat_postMessage(
                channel=to.channel, thread_ts=to.thread_ts, **message.as_kwargs()
            )
            return
        run_scan(
            client,
            services.download,
            to,
            shared,
            options,
            dm_memory(services, team, to),
            signer=services.signer,
            in_flight=in_flight(services),
        )

    scan_later(later, client, to, work)


def first_delivery(services: Services, event_id: str) -> bool:
    """Whether this event is new to the database (so to every replica). Slack's retries are
    dropped before this by their header (handlers/slack/retried.py); this catches the same event
    delivered twice without one. With the database down it cannot say: the scan goes on, as
    scanning twice is better than never."""
    try:
        return services.watching.service().store.first_delivery(event_id)
    except DatabaseError as error:
        log.warning("event: the database cannot say whether it was seen (%s)", error)
        return True
