"""The Home tab opened: published afresh for the user who opened it."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import App, BoltContext
from slack_sdk import WebClient

from handlers.slack.home import refresher
from handlers.slack.observability import request_id_of
from handlers.slack.payload import text_at
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id

log = logging.getLogger(__name__)


def register(app: App, services: Services) -> None:
    refresh = refresher(services)

    @app.event("app_home_opened")
    def home_opened(event: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        user, tab = text_at(event, "user"), text_at(event, "tab")
        if not is_user_id(user) or tab not in (None, "home"):
            return
        dm = text_at(event, "channel")
        services.after_ack.run(
            lambda: refresh(client, str(user), dm if is_channel_id(dm) else None),
            body={},
            request_id=request_id_of(context),
        )
