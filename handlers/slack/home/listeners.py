"""The Home tab's listeners: what Slack sends (kind, id) and the function that answers it."""

from __future__ import annotations

from typing import Final

from handlers.slack.home import new_check, opened
from handlers.slack.home.view import NEW_CHECK_ACTION_ID
from handlers.slack.listener import Listener

LISTENERS: Final[tuple[Listener, ...]] = (
    ("event", "app_home_opened", opened.home_opened),
    ("action", NEW_CHECK_ACTION_ID, new_check.new_check),
)
