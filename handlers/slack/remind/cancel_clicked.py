"""Cancel reminders: the reminders a Remind click scheduled, deleted from Slack's queue."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from handlers.slack.after_ack import Later
from handlers.slack.home.home import refresh_home
from handlers.slack.payload import text_at
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id

log = logging.getLogger(__name__)


def cancel(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    channel = text_at(data, "c")
    ids = data.get("ids") if data is not None else None
    message_ts = text_at(body, "message", "ts")
    user = text_at(body, "user", "id")
    if not is_channel_id(channel) or not isinstance(ids, list) or message_ts is None:
        log.warning("cancel button that does not verify: nothing cancelled")
        later.not_verified(respond)
        return

    def work() -> None:
        for scheduled in ids:
            try:
                client.chat_deleteScheduledMessage(
                    channel=str(channel), scheduled_message_id=str(scheduled)
                )
            except SlackApiError as error:
                if error.response.get("error") != "invalid_scheduled_message_id":
                    respond(
                        response_type="ephemeral",
                        replace_original=False,
                        text="Slack would not cancel every reminder; try again shortly.",
                    )
                    return
                # already sent or already cancelled: nothing left to do for it
        client.chat_update(
            channel=str(channel),
            ts=message_ts,
            text="Reminders cancelled",
            blocks=[
                {
                    "type": "section",
                    "text": {"type": "mrkdwn", "text": ":no_bell: Reminders cancelled."},
                }
            ],
        )
        if user:
            refresh_home(client, services, user)

    later.run(work)
