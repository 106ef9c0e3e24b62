""" "Show the work": the verdict's working in a modal (handlers.slack.check.work), from the
same inputs checked again; no post, so it works where the bot is not a member."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import InputError
from domain.readings import RETENTION
from handlers.results.contests import reading_line
from handlers.slack.after_ack import Later
from handlers.slack.check.work import WORK_RETENTION_ACTION_ID, work_view
from handlers.slack.payload import text_at
from handlers.slack.saved_check import clicked_verdict
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def show_work(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    trigger = text_at(body, "trigger_id")
    try:
        verdict = clicked_verdict(body, services.today())
    except InputError as error:
        later.tell(respond, error.message)
        return
    retention = text_at(body, "actions", 0, "action_id") == WORK_RETENTION_ACTION_ID
    view = work_view(verdict, (reading_line(RETENTION),) if retention else ())
    if not isinstance(trigger, str):
        return

    def open_modal() -> None:  # the first thing after the ack: a trigger lasts 3 seconds
        try:
            client.views_open(trigger_id=trigger, view=view)
        except (SlackApiError, SlackClientError):
            log.warning("show the work: the modal could not be opened")

    later.run(open_modal)
