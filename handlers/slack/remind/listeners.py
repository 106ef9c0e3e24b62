"""The reminders' listeners: what Slack sends (kind, id) and the function that answers it."""

from __future__ import annotations

from typing import Final

from handlers.slack.check.verdict import REMIND_ACTION_ID
from handlers.slack.listener import Listener
from handlers.slack.remind import cancel_clicked, remind_clicked
from handlers.slack.remind.reminding import CANCEL_ACTION_ID

LISTENERS: Final[tuple[Listener, ...]] = (
    ("action", REMIND_ACTION_ID, remind_clicked.remind),
    ("action", CANCEL_ACTION_ID, cancel_clicked.cancel),
)
