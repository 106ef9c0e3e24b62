"""The slash command, /recount (one listener; `watch ...` is handed to commands.watch)."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.commands import recount
from handlers.slack.services import Services


def register(app: App, services: Services) -> None:
    recount.register(app, services)
