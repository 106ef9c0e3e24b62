"""What the listeners share: built once by `bot.app.create_app`, put in every request's context
(handlers.slack.listener.Bind), and named `services` by any listener that needs it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import MetadataSigner
from handlers.slack.ports import Download
from handlers.watch.service import Watching


@dataclass(frozen=True)
class Services:
    signer: MetadataSigner  # signs the form's private_metadata
    today: Callable[[], date]  # today in Montana (tests fix it)
    after_ack: AfterAck  # runs the Slack calls that follow an acknowledgement
    now: Callable[[], datetime]  # now in Montana, aware, for reminders (tests fix it)
    watching: Watching  # the watch database (opened on first use), URL policy and poller
    download: Download  # a shared file's bytes (bot.net.download)
