"""The watch's listeners: what Slack sends (kind, id) and the function that answers it.
`/recount watch ...` arrives through the slash command (check/command.py hands it to
watch/command.py)."""

from __future__ import annotations

from typing import Final

from handlers.slack.listener import Listener
from handlers.slack.watch import stop_clicked
from handlers.slack.watch.messages import STOP_ACTION_ID

LISTENERS: Final[tuple[Listener, ...]] = (("action", STOP_ACTION_ID, stop_clicked.stop_clicked),)
