"""Message shortcuts, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.services import Services
from handlers.slack.shortcuts import scan


def register(app: App, services: Services) -> None:
    scan.register(app, services)
