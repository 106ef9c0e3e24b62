"""`/recount`: the form, help, or a quick check answered in the channel.

Every branch acknowledges first and at once; only the form then calls Slack (views.open),
and if that fails the global error handler tells the asker privately.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, Final

from slack_bolt import Ack, App
from slack_sdk import WebClient

from domain import InputError, check
from handlers.form_view import form_view
from handlers.help_message import help_message
from handlers.metadata import FormContext, MetadataSigner
from handlers.quick_syntax import FormRequest, HelpRequest, QuickSyntaxError, parse
from handlers.slack_text import unescape_command_text
from handlers.verdict_message import error_message, verdict_message

COMMAND: Final = "/recount"


def register(app: App, signer: MetadataSigner, today: Callable[[], date]) -> None:
    @app.command(COMMAND)
    def recount_command(ack: Ack, command: dict[str, Any], client: WebClient) -> None:
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
        # The verdict travels in the acknowledgement itself: no outbound call that could be
        # slow, rate-limited or refused (the bot need not even be in the channel).
        verdict = check(parsed, today())
        ack(response_type="in_channel", **verdict_message(verdict, asked_by=to.user).as_kwargs())
