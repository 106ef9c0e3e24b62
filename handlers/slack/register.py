"""Every listener, registered on one Bolt app: the middleware first (the request's id and log
line, then what each listener is handed, then Slack's retries dropped), then each feature's
table of listeners (handlers.slack.listener)."""

from __future__ import annotations

from typing import Final

from slack_bolt import App

from handlers.slack import observability
from handlers.slack.check import listeners as check
from handlers.slack.home import listeners as home
from handlers.slack.listener import Bind, Listener
from handlers.slack.remind import listeners as remind
from handlers.slack.retried import DropRetries
from handlers.slack.scan import listeners as scan
from handlers.slack.services import Services
from handlers.slack.watch import listeners as watch

FEATURES: Final[tuple[tuple[Listener, ...], ...]] = (
    check.LISTENERS,
    scan.LISTENERS,
    watch.LISTENERS,
    remind.LISTENERS,
    home.LISTENERS,
)


def register_all(app: App, services: Services) -> None:
    observability.register(app)  # first: its middleware stamps every request
    app.use(Bind(services))
    app.use(DropRetries())  # before any listener sees a retried event
    for table in FEATURES:
        for kind, listening_for, listener in table:
            on = {
                "command": app.command,
                "action": app.action,
                "view": app.view,
                "shortcut": app.shortcut,
                "event": app.event,
            }[kind]
            on(listening_for)(listener)
