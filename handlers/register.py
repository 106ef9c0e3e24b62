"""Every listener, registered on one Bolt app."""

from __future__ import annotations

from slack_bolt import App

from handlers import commands, form_listeners, observability, scan_listeners, whatif
from handlers.services import Services


def register_all(app: App, services: Services) -> None:
    observability.register(app)  # first: its middleware stamps every request
    for module in (commands, form_listeners, whatif, scan_listeners):
        module.register(app, services)
