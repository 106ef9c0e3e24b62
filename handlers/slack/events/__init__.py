"""Events API subscriptions, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.events import home_opened
from handlers.slack.services import Services


def register(app: App, services: Services) -> None:
    home_opened.register(app, services)
