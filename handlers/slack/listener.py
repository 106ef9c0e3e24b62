"""How a feature declares its listeners, and what each listener is handed.

Each feature (check, scan, watch, remind, home) lists its listeners in one table, `LISTENERS`
in its `listeners.py`: rows of (kind, id or pattern, function); register.py walks the tables. A
listener is a named top-level function, importable and callable on its own. Bolt hands it
the arguments it names: Slack's (`ack`, `body`, `client`, `respond`, `command`, `view`,
`shortcut`, `event`, `context`) and whatever the request's context holds, where `Bind` puts,
for every request, `services` (what every listener shares) and `later` (the work after the
ack, bound to the request's id and body).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from slack_bolt import BoltRequest, BoltResponse
from slack_bolt.middleware import Middleware

from handlers.slack.after_ack import Later
from handlers.slack.observability import request_id_of
from handlers.slack.services import Services

Kind = Literal["command", "action", "view", "shortcut", "event"]
Listener = tuple[Kind, str | re.Pattern[str], Callable[..., None]]


class Bind(Middleware):
    """Puts `services` and this request's `later` in its context, once, for its listener."""

    def __init__(self, services: Services) -> None:
        self._services = services

    def process(
        self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]
    ) -> BoltResponse | None:
        context = req.context
        context["services"] = self._services
        context["later"] = Later(self._services.after_ack, req.body, request_id_of(context))
        return next()
