"""Every listener, registered on one Bolt app."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack import observability, scan_listeners, watch_listeners
from handlers.slack.actions import reminders, whatif
from handlers.slack.commands import recount as commands
from handlers.slack.events import home
from handlers.slack.services import Services
from handlers.slack.shortcuts import check as check_shortcut
from handlers.slack.views import check_form as form_listeners


def register_all(app: App, services: Services) -> None:
    observability.register(app)  # first: its middleware stamps every request
    for module in (
        commands,
        form_listeners,
        whatif,
        scan_listeners,
        watch_listeners,
        home,
        check_shortcut,
    ):
        module.register(app, services)
    # a reminder scheduled or cancelled redraws the clicker's Home tab
    reminders.register(app, services, home.refresher(services))
