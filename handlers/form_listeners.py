"""The form's listeners: choosing a kind redraws it; submitting checks and posts."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient

from domain import InputError, check
from handlers.delivery import deliver
from handlers.form_state import errors_by_block, read_form, selected_kind, text_values
from handlers.form_view import FORM_CALLBACK_ID, KIND_ACTION_ID, KIND_BLOCK, form_view
from handlers.services import Services
from handlers.syntax import COMMAND
from handlers.verdict_message import verdict_message

log = logging.getLogger(__name__)


def register(app: App, services: Services) -> None:
    @app.action(KIND_ACTION_ID)
    def kind_chosen(
        ack: Ack, body: dict[str, Any], client: WebClient, context: BoltContext
    ) -> None:
        ack()
        view = body.get("view") or {}
        values = (view.get("state") or {}).get("values") or {}
        redrawn = form_view(
            view.get("private_metadata", ""), selected_kind(values), text_values(values)
        )
        services.after_ack.run(
            lambda: client.views_update(view_id=view["id"], hash=view.get("hash"), view=redrawn),
            body=body,
            request_id=str(context.get("request_id", "-")),
        )

    @app.view(FORM_CALLBACK_ID)
    def form_submitted(
        ack: Ack,
        body: dict[str, Any],
        view: dict[str, Any],
        client: WebClient,
        context: BoltContext,
    ) -> None:
        to = services.signer.loads(view.get("private_metadata"))
        user = (body.get("user") or {}).get("id")
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
        values = (view.get("state") or {}).get("values") or {}
        try:
            inputs = read_form(values)
        except InputError as error:
            block_ids = {b.get("block_id") for b in view.get("blocks", []) if b.get("block_id")}
            ack(response_action="errors", errors=errors_by_block(error, block_ids))
            return
        message = verdict_message(check(inputs, services.today()), asked_by=to.user)
        ack()  # closes the form
        services.after_ack.run(
            lambda: deliver(client, to, message),
            body={"response_url": to.response_url},
            request_id=str(context.get("request_id", "-")),
        )
