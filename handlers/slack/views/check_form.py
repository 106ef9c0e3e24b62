"""The form's listeners: choosing a kind redraws it; submitting checks and posts."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient

from domain import InputError, check
from handlers.slack.actions.reminders import remind_value
from handlers.slack.blocks.check_form import FORM_CALLBACK_ID, KIND_ACTION_ID, KIND_BLOCK, form_view
from handlers.slack.blocks.verdict import verdict_message
from handlers.slack.delivery import deliver
from handlers.slack.form_state import errors_by_block, read_form, selected_kind, text_values
from handlers.slack.observability import request_id_of
from handlers.slack.payload import dig, mapping_at, text_at
from handlers.slack.services import Services
from handlers.syntax import COMMAND

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

    @app.view(FORM_CALLBACK_ID)
    def form_submitted(
        ack: Ack,
        body: dict[str, Any],
        view: dict[str, Any],
        client: WebClient,
        context: BoltContext,
    ) -> None:
        to = services.signer.loads(text_at(view, "private_metadata"))
        user = text_at(body, "user", "id")
        if to is None or to.user != user:
            # Not our metadata, or not the asker's form: post nowhere.
            log.warning(
                "form submission with unverifiable private_metadata ignored",
                extra={"request_id": context.get("request_id"), "user": user},
            )
            ack(
                response_action="errors",
                errors={KIND_BLOCK: f"This form has expired. Please run {COMMAND} again."},
            )
            return
        values = mapping_at(view, "state", "values")
        try:
            inputs = read_form(values)
        except InputError as error:
            blocks = dig(view, "blocks")
            block_ids = {
                str(b["block_id"])
                for b in (blocks if isinstance(blocks, list) else [])
                if isinstance(b, dict) and isinstance(b.get("block_id"), str)
            }
            ack(response_action="errors", errors=errors_by_block(error, block_ids))
            return
        verdict = check(inputs, services.today())
        message = verdict_message(
            verdict, asked_by=to.user, remind=remind_value(verdict, services.signer)
        )
        ack()  # closes the form
        services.after_ack.run(
            lambda: deliver(client, to, message),
            body={"response_url": to.response_url},
            request_id=request_id_of(context),
        )
