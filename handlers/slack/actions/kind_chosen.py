"""The form's kind chosen: the form redrawn with that kind's fields, what was typed kept."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient

from handlers.slack.blocks.check_form import KIND_ACTION_ID, form_view
from handlers.slack.form_state import selected_kind, text_values
from handlers.slack.observability import request_id_of
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def register(app: App, services: Services) -> None:
    @app.action(KIND_ACTION_ID)
    def kind_chosen(
        ack: Ack, body: dict[str, Any], client: WebClient, context: BoltContext
    ) -> None:
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
        services.after_ack.run(
            lambda: client.views_update(view_id=view_id, hash=view_hash, view=redrawn),
            body=body,
            request_id=request_id_of(context),
        )
