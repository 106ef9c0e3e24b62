"""A watch's Stop button: the watch stopped, its root message marked so."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient

from handlers.slack.after_ack import Later
from handlers.slack.payload import text_at
from handlers.slack.services import Services
from handlers.slack.text import is_user_id
from handlers.slack.watch.watching import mark_stopped

log = logging.getLogger(__name__)


def stop_clicked(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    user = text_at(body, "user", "id")
    if data is None or not isinstance(data.get("w"), int):
        later.not_verified(respond)
        return

    def stop() -> None:
        store = services.watching.store()
        for watch in store.stop([int(data["w"])], by=user if is_user_id(user) else None):
            mark_stopped(client, watch, user if is_user_id(user) else None)

    later.run(stop)
