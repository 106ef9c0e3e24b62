"""The Home tab opened: published afresh for the user who opened it."""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk import WebClient

from handlers.slack.after_ack import Later
from handlers.slack.home.home import refresh_home
from handlers.slack.payload import text_at
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id

log = logging.getLogger(__name__)


def home_opened(event: dict[str, Any], client: WebClient, services: Services, later: Later) -> None:
    user, tab = text_at(event, "user"), text_at(event, "tab")
    if not is_user_id(user) or tab not in (None, "home"):
        return
    dm = text_at(event, "channel")
    later.run(
        lambda: refresh_home(client, services, str(user), dm if is_channel_id(dm) else None),
        body={},
    )
