"""Cancel reminders: the reminders a Remind click scheduled, deleted from Slack's queue."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from handlers.slack.after_ack import Later
from handlers.slack.observability import request_id_of
from handlers.slack.payload import text_at
from handlers.slack.reminding import CANCEL_ACTION_ID
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id

log = logging.getLogger(__name__)


def register(app: App, services: Services, refresh_home: Callable[[WebClient, str], None]) -> None:
    @app.action(CANCEL_ACTION_ID)
    def cancel(
        ack: Ack,
        body: dict[str, Any],
        client: WebClient,
        respond: Respond,
        context: BoltContext,
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
                refresh_home(client, user)

        services.after_ack.run(work, body=body, request_id=request_id_of(context))
