"""Every listener, registered on one Bolt app."""

from __future__ import annotations

from slack_bolt import App

from handlers import (
    check_shortcut,
    commands,
    form_listeners,
    home,
    observability,
    reminders,
    scan_listeners,
    watch_listeners,
    whatif,
)
from handlers.services import Services


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
