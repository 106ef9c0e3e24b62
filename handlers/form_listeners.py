"""The form's listeners: choosing a kind redraws it; submitting checks and posts."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from typing import Any

from slack_bolt import Ack, App
from slack_sdk import WebClient

from domain import InputError, check
from handlers.delivery import deliver
from handlers.form_state import errors_by_block, read_form, selected_kind, text_values
from handlers.form_view import FORM_CALLBACK_ID, KIND_ACTION_ID, KIND_BLOCK, form_view
from handlers.metadata import MetadataSigner
from handlers.verdict_message import verdict_message

log = logging.getLogger(__name__)


def register(app: App, signer: MetadataSigner, today: Callable[[], date]) -> None:
    @app.action(KIND_ACTION_ID)
    def kind_chosen(ack: Ack, body: dict[str, Any], client: WebClient) -> None:
        ack()
        view = body.get("view") or {}
        values = (view.get("state") or {}).get("values") or {}
        client.views_update(
            view_id=view["id"],
            hash=view.get("hash"),
            view=form_view(
                view.get("private_metadata", ""), selected_kind(values), text_values(values)
            ),
        )

    @app.view(FORM_CALLBACK_ID)
    def form_submitted(
        ack: Ack, body: dict[str, Any], view: dict[str, Any], client: WebClient
    ) -> None:
        to = signer.loads(view.get("private_metadata"))
        user = (body.get("user") or {}).get("id")
        if to is None or to.user != user:
            # Not our metadata, or not the asker's form: post nowhere.
            log.warning("form submission with unverifiable private_metadata ignored")
            ack(
                response_action="errors",
                errors={KIND_BLOCK: "This form has expired. Please run /recount again."},
            )
            return
        values = (view.get("state") or {}).get("values") or {}
        try:
            inputs = read_form(values)
        except InputError as error:
            block_ids = {b.get("block_id") for b in view.get("blocks", []) if b.get("block_id")}
            ack(response_action="errors", errors=errors_by_block(error, block_ids))
            return
        verdict = check(inputs, today())
        ack()  # closes the form
        deliver(client, to, verdict_message(verdict, asked_by=to.user))
