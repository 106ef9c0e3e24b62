"""Publishing the Home tab: the reminders read from Slack (chat.scheduledMessages.list), the
watches from the database, the view from home/view."""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from handlers.slack.home.view import home_view
from handlers.slack.services import Services
from handlers.watch.records import DatabaseError, Place, PlaceKind, WatchOverview

log = logging.getLogger(__name__)


def upcoming(client: WebClient) -> list[dict[str, Any]]:
    """Every message the bot has scheduled, soonest first (its own queue in Slack)."""
    items = client.chat_scheduledMessages_list().get("scheduled_messages") or []
    return sorted(
        (i for i in items if isinstance(i, dict) and isinstance(i.get("post_at"), int)),
        key=lambda i: int(i["post_at"]),
    )


def refresh_home(client: WebClient, services: Services, user: str, dm: str | None = None) -> None:
    """Publishes the Home tab for `user` (`dm`: the DM channel the tab belongs to, if known);
    a Slack failure leaves the old tab."""
    try:
        reminders: list[dict[str, Any]] | None = upcoming(client)
    except (SlackApiError, SlackClientError, OSError):
        reminders = None
    value = services.signer.sign({"u": user, "c": dm})
    try:
        watches: list[WatchOverview] | None = services.watching.service().overview(
            Place.prefix(PlaceKind.SLACK)
        )
    except DatabaseError:
        watches = None
    try:
        client.views_publish(user_id=user, view=home_view(value, reminders, watches))
    except (SlackApiError, SlackClientError, OSError):
        log.warning("the Home tab could not be published")
