"""Modal submissions, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.services import Services
from handlers.slack.views import scan_form


def register(app: App, services: Services) -> None:
    scan_form.register(app, services)
