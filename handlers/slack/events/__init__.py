"""Events API subscriptions, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.events import file_in_dm, home_opened, retried
from handlers.slack.services import Services


def register(app: App, services: Services) -> None:
    retried.register(app, services)  # before any listener sees a retried event
    file_in_dm.register(app, services)
    home_opened.register(app, services)
