"""Every listener, registered on one Bolt app, with what the listeners share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from slack_bolt import App

from handlers.after_ack import AfterAck
from handlers.metadata import MetadataSigner


@dataclass(frozen=True)
class Services:
    signer: MetadataSigner  # signs the form's private_metadata
    today: Callable[[], date]  # today in Montana (tests fix it)
    after_ack: AfterAck  # runs the Slack calls that follow an acknowledgement


def register_all(app: App, services: Services) -> None:
    from handlers import commands, form_listeners, observability, whatif

    observability.register(app)
    for module in (commands, form_listeners, whatif):
        module.register(app, services)
