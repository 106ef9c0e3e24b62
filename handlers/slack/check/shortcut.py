""" "Check recount": a message shortcut on any message. If its text reads in the quick syntax
(a pasted check, a line from a results e-mail), the form opens filled with what was read, the
"Read as" line above; otherwise the empty form says what could not be read. The verdict goes
to the message's channel, in its thread."""

from __future__ import annotations

import logging
from typing import Any, Final

from slack_bolt import Ack
from slack_sdk import WebClient

from domain import InputError
from domain.read_as import read_as
from handlers.slack.after_ack import Later
from handlers.slack.check.form import form_view, prefill_values
from handlers.slack.metadata import FormContext
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id, unescape_command_text
from handlers.syntax import FormRequest, HelpRequest, parse

log = logging.getLogger(__name__)
CHECK_SHORTCUT_ID: Final = "check_recount"
MAX_READ: Final = 3000


def shortcut_form(text: str, metadata: str, today: Any) -> dict[str, Any]:
    """The form for a message's text: filled, or empty with the reason."""
    try:
        parsed = parse(unescape_command_text(text.strip())[:MAX_READ], today)
    except InputError as error:
        return form_view(
            metadata, note=f"Could not read a check from that message: {error.message}"
        )
    if isinstance(parsed, HelpRequest | FormRequest):
        return form_view(metadata, note="That message holds no check to read; fill in the form.")
    values = prefill_values(parsed.model_dump(mode="json", exclude_none=True))
    return form_view(metadata, parsed.kind, values, note=f"Read as: {read_as(parsed)}")


def check_recount(
    ack: Ack,
    shortcut: dict[str, Any],
    client: WebClient,
    services: Services,
    later: Later,
) -> None:
    ack()
    channel = text_at(shortcut, "channel", "id")
    user = text_at(shortcut, "user", "id")
    message = mapping_at(shortcut, "message")
    ts = text_at(message, "thread_ts") or text_at(message, "ts")
    trigger = text_at(shortcut, "trigger_id")
    if not (is_channel_id(channel) and is_user_id(user) and ts and trigger):
        log.warning("Check recount shortcut without a channel, user or message")
        return
    to = FormContext(
        channel=str(channel),
        user=str(user),
        response_url=text_at(shortcut, "response_url"),
        thread_ts=ts,
    )
    view = shortcut_form(
        text_at(message, "text") or "", services.signer.dumps(to), services.today()
    )
    later.run(
        lambda: client.views_open(trigger_id=trigger, view=view),
        body={},
    )
