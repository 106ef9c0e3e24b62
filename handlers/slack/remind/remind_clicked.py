"""A verdict's Remind this channel button: two reminders of the day to act, in its thread."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from handlers.slack.after_ack import Later
from handlers.slack.home.home import refresh_home
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.remind.reminding import schedule, slack_error
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id

log = logging.getLogger(__name__)


def remind(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    channel = text_at(body, "channel", "id") or text_at(body, "container", "channel_id")
    message = mapping_at(body, "message")
    message_ts = text_at(message, "ts")
    user = text_at(body, "user", "id")
    has_url = text_at(body, "response_url") is not None

    def tell(text: str) -> None:
        if has_url:
            respond(response_type="ephemeral", replace_original=False, text=text)

    if data is None or not isinstance(data.get("s"), str) or not is_channel_id(channel):
        log.warning("reminder button that does not verify: nothing scheduled")
        later.not_verified(respond)
        return
    if message_ts is None:
        return
    thread = text_at(message, "thread_ts") or message_ts
    now = services.now()

    def work() -> None:
        try:
            result = schedule(client, services.signer, data, str(channel), message_ts, thread, now)
        except (SlackApiError, SlackClientError, OSError) as error:
            tell(slack_error(error))
            return
        if isinstance(result, str):
            tell(result)
            return
        client.chat_postMessage(
            channel=str(channel), thread_ts=thread, text="Reminders scheduled", blocks=result
        )
        if user:
            refresh_home(client, services, user)

    later.run(work)
