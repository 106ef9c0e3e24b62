"""The check form submitted: read, checked, and the verdict delivered to the channel."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from domain import InputError, check
from handlers.slack.after_ack import Later
from handlers.slack.check.form import KIND_BLOCK
from handlers.slack.check.form_state import errors_by_block, read_form
from handlers.slack.check.verdict import verdict_message
from handlers.slack.delivery import deliver
from handlers.slack.payload import dig, mapping_at, text_at
from handlers.slack.remind.reminding import remind_value
from handlers.slack.saved_check import signed_inputs
from handlers.slack.services import Services
from handlers.syntax import COMMAND

log = logging.getLogger(__name__)


def form_submitted(
    ack: Ack,
    body: dict[str, Any],
    view: dict[str, Any],
    client: WebClient,
    services: Services,
    later: Later,
) -> None:
    to = services.signer.loads(text_at(view, "private_metadata"))
    user = text_at(body, "user", "id")
    if to is None or to.user != user:
        # Not our metadata, or not the asker's form: post nowhere.
        log.warning(
            "form submission with unverifiable private_metadata ignored",
            extra={"request_id": later.request_id, "user": user},
        )
        ack(
            response_action="errors",
            errors={KIND_BLOCK: f"This form has expired. Please run {COMMAND} again."},
        )
        return
    values = mapping_at(view, "state", "values")
    try:
        inputs = read_form(values)
    except InputError as error:
        blocks = dig(view, "blocks")
        block_ids = {
            str(b["block_id"])
            for b in (blocks if isinstance(blocks, list) else [])
            if isinstance(b, dict) and isinstance(b.get("block_id"), str)
        }
        ack(response_action="errors", errors=errors_by_block(error, block_ids))
        return
    verdict = check(inputs, services.today())
    message = verdict_message(
        verdict,
        asked_by=to.user,
        remind=remind_value(verdict, services.signer),
        signed_inputs=signed_inputs(verdict, services.signer),
    )
    ack()  # closes the form
    later.run(
        lambda: deliver(client, to, message),
        body={"response_url": to.response_url},
    )
