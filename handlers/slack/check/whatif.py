""" "Adjust & re-check": the verdict's button opens the form filled with the same inputs."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient

from domain import InputError
from handlers.slack.after_ack import Later
from handlers.slack.check.form import form_view, prefill_values
from handlers.slack.metadata import FormContext
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.saved_check import saved_check, saved_fields
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id

log = logging.getLogger(__name__)


def adjust(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    channel = text_at(body, "channel", "id") or text_at(body, "container", "channel_id")
    message = mapping_at(body, "message")
    user = text_at(body, "user", "id") or ""
    value = text_at(body, "actions", 0, "value") or ""
    try:
        kind, fields = saved_fields(value)
        saved_check(value)  # a date out of range, or inputs that no longer check: say so
    except InputError as error:
        ack()
        if text_at(body, "response_url"):  # say why privately, after the ack
            later.tell(respond, error.message)
        else:
            log.info("what-if button with inputs that do not check")  # never the inputs
        return
    ack()
    if not is_channel_id(channel):
        log.warning("what-if button without a channel ignored")
        return
    to = FormContext(
        channel=str(channel),
        user=str(user),
        response_url=text_at(body, "response_url"),
        # reply in the thread of the first verdict, even when this one is itself a reply
        thread_ts=text_at(message, "thread_ts") or text_at(message, "ts"),
    )
    view = form_view(services.signer.dumps(to), kind, prefill_values(fields))
    trigger = text_at(body, "trigger_id")
    later.run(lambda: client.views_open(trigger_id=trigger, view=view))
