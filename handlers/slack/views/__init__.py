"""Modal submissions, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.services import Services
from handlers.slack.views import check_form, scan_form


def register(app: App, services: Services) -> None:
    check_form.register(app, services)
    scan_form.register(app, services)
