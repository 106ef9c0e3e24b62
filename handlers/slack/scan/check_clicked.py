"""A scanned contest's Check button: the contest's verdict, posted in the scan's thread."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient

from domain import InputError
from domain.readings import RETENTION
from handlers.results.contests import reading_line
from handlers.slack.after_ack import Later
from handlers.slack.check.verdict import verdict_message
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.remind.reminding import remind_value
from handlers.slack.saved_check import clicked_verdict, signed_inputs
from handlers.slack.scan.summary import (
    CHECK_RETENTION_ACTION_ID,
)
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id

log = logging.getLogger(__name__)


def check_clicked(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    channel = text_at(body, "channel", "id")
    message = mapping_at(body, "message")
    user = text_at(body, "user", "id")
    thread = text_at(message, "thread_ts") or text_at(message, "ts")
    if not (is_channel_id(channel) and isinstance(thread, str)):
        return
    try:
        verdict = clicked_verdict(body, services.today())
    except InputError as error:
        log.warning("scan Check button with inputs that do not check")  # never the inputs
        later.tell(respond, error.message)
        return
    retention = text_at(body, "actions", 0, "action_id") == CHECK_RETENTION_ACTION_ID
    posted = verdict_message(
        verdict,
        asked_by=str(user) if is_user_id(user) else None,
        remind=remind_value(verdict, services.signer),
        readings=(reading_line(RETENTION),) if retention else (),
        signed_inputs=signed_inputs(verdict, services.signer),
    )
    later.run(
        lambda: client.chat_postMessage(
            channel=str(channel), thread_ts=thread, **posted.as_kwargs()
        )
    )
