"""The Home tab's New check button: the form, whose verdict goes to the user's DM with the bot."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from handlers.slack.after_ack import Later
from handlers.slack.check.form import form_view
from handlers.slack.metadata import FormContext
from handlers.slack.payload import text_at
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def new_check(
    ack: Ack, body: dict[str, Any], client: WebClient, services: Services, later: Later
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    user = text_at(body, "user", "id")
    # the DM channel from app_home_opened; else the user's id, which Slack takes as the DM
    dm = text_at(data, "c") or user
    trigger = text_at(body, "trigger_id")
    if data is None or user != text_at(data, "u") or dm is None or trigger is None:
        log.warning("New check from a Home tab that does not verify")
        return
    # The verdict of a check started from Home goes to the user's own DM with the bot.
    view = form_view(services.signer.dumps(FormContext(channel=str(dm), user=str(user))))
    later.run(lambda: client.views_open(trigger_id=trigger, view=view))
