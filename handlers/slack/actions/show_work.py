""" "Show the work": the verdict's working in a modal (handlers.slack.blocks.work), from the
same inputs checked again; no post, so it works where the bot is not a member."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import InputError
from domain.readings import RETENTION
from handlers.results.contests import reading_line
from handlers.slack.blocks.work import WORK_ACTION_ID, WORK_RETENTION_ACTION_ID, work_view
from handlers.slack.observability import request_id_of
from handlers.slack.payload import text_at
from handlers.slack.saved_check import clicked_verdict
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def register(app: App, services: Services) -> None:
    @app.action(WORK_ACTION_ID)
    @app.action(WORK_RETENTION_ACTION_ID)
    def show_work(
        ack: Ack, body: dict[str, Any], client: WebClient, respond: Respond, context: BoltContext
    ) -> None:
        ack()
        trigger = text_at(body, "trigger_id")
        try:
            verdict = clicked_verdict(body, services.today())
        except InputError as error:
            services.after_ack.tell(
                respond, error.message, body=body, request_id=request_id_of(context)
            )
            return
        retention = text_at(body, "actions", 0, "action_id") == WORK_RETENTION_ACTION_ID
        view = work_view(verdict, (reading_line(RETENTION),) if retention else ())
        if not isinstance(trigger, str):
            return
        try:
            # at once: a trigger lasts 3 seconds
            client.views_open(trigger_id=trigger, view=view)
        except (SlackApiError, SlackClientError):
            log.warning("show the work: the modal could not be opened")
