"""The form's kind chosen: the form redrawn with that kind's fields, what was typed kept."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from handlers.slack.after_ack import Later
from handlers.slack.check.form import form_view
from handlers.slack.check.form_state import selected_kind, text_values
from handlers.slack.payload import mapping_at, text_at

log = logging.getLogger(__name__)


def kind_chosen(ack: Ack, body: dict[str, Any], client: WebClient, later: Later) -> None:
    ack()
    values = mapping_at(body, "view", "state", "values")
    redrawn = form_view(
        text_at(body, "view", "private_metadata") or "",
        selected_kind(values),
        text_values(values),
    )
    view_id, view_hash = text_at(body, "view", "id"), text_at(body, "view", "hash")
    if view_id is None:
        log.warning("kind chosen in a view without an id: nothing to redraw")
        return
    later.run(lambda: client.views_update(view_id=view_id, hash=view_hash, view=redrawn))
