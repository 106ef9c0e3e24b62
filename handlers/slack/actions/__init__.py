"""Buttons and selects, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.actions import (
    cancel_reminders,
    new_check,
    remind,
    stop_watch,
)
from handlers.slack.home import refresher
from handlers.slack.services import Services


def register(app: App, services: Services) -> None:
    stop_watch.register(app, services)
    new_check.register(app, services)
    # a reminder scheduled or cancelled redraws the clicker's Home tab
    refresh_home = refresher(services)
    remind.register(app, services, refresh_home)
    cancel_reminders.register(app, services, refresh_home)
