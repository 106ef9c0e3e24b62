"""Every listener, registered on one Bolt app."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from slack_bolt import App

from handlers import commands, form_listeners, observability, whatif
from handlers.metadata import MetadataSigner


def register_all(app: App, signer: MetadataSigner, today: Callable[[], date]) -> None:
    observability.register(app)
    for module in (commands, form_listeners, whatif):
        module.register(app, signer, today)
