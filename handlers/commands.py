"""`/recount`: the form, help, or a quick check posted in the channel."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from typing import Any, Final

from slack_bolt import Ack, App, Respond
from slack_sdk import WebClient

from domain import InputError, check
from handlers.delivery import deliver
from handlers.form_view import form_view
from handlers.help_message import help_message
from handlers.metadata import FormContext, MetadataSigner
from handlers.quick_syntax import FormRequest, HelpRequest, QuickSyntaxError, parse
from handlers.slack_text import unescape_command_text
from handlers.verdict_message import error_message, verdict_message

COMMAND: Final = "/recount"
log = logging.getLogger(__name__)


def register(app: App, signer: MetadataSigner, today: Callable[[], date]) -> None:
    @app.command(COMMAND)
    def recount_command(
        ack: Ack, command: dict[str, Any], client: WebClient, respond: Respond
    ) -> None:
        text = unescape_command_text(str(command.get("text") or ""))
        to = FormContext(
            channel=str(command.get("channel_id", "")),
            user=str(command.get("user_id", "")),
            response_url=command.get("response_url"),
        )
        try:
            parsed = parse(text, today())
        except InputError as error:
            example = error.example if isinstance(error, QuickSyntaxError) else None
            ack(response_type="ephemeral", **error_message(error.message, example).as_kwargs())
            return
        if isinstance(parsed, HelpRequest):
            ack(response_type="ephemeral", **help_message().as_kwargs())
            return
        if isinstance(parsed, FormRequest):
            ack()
            # trigger_id lives for 3 seconds: open the form before anything else.
            client.views_open(trigger_id=command["trigger_id"], view=form_view(signer.dumps(to)))
            return
        verdict = check(parsed, today())
        ack()
        deliver(client, to, verdict_message(verdict, asked_by=to.user))
