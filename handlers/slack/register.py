"""Every listener, registered on one Bolt app: the observability middleware first, then each
surface's group (commands, actions, views, shortcuts, events), each of which registers its
files, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack import actions, commands, events, observability, shortcuts, views
from handlers.slack.services import Services


def register_all(app: App, services: Services) -> None:
    observability.register(app)  # first: its middleware stamps every request
    for group in (commands, views, actions, shortcuts, events):
        group.register(app, services)
