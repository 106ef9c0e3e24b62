"""The slash command (`/recount`): the form, help, or a quick check answered in the channel.

Every branch acknowledges at once. A quick check's verdict is the acknowledgement itself
(response_type in_channel): no outbound call that could be slow, rate-limited or refused,
and the bot need not be in the channel. Only the form then calls Slack (views.open), after
the ack.
"""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient

from domain import InputError, check
from handlers.slack.after_ack import Later
from handlers.slack.check.form import form_view
from handlers.slack.check.help import help_message
from handlers.slack.check.verdict import error_message, verdict_message
from handlers.slack.metadata import FormContext
from handlers.slack.remind.reminding import remind_value
from handlers.slack.saved_check import signed_inputs
from handlers.slack.services import Services
from handlers.slack.text import unescape_command_text
from handlers.slack.watch.command import watch_command
from handlers.syntax import FormRequest, HelpRequest, QuickSyntaxError, parse


def recount_command(
    ack: Ack,
    command: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    text = unescape_command_text(str(command.get("text") or ""))
    if text.lower().split()[:1] == ["watch"]:
        watch_command(text, ack, command, client, respond, services, later)
        return
    to = FormContext(
        channel=str(command.get("channel_id", "")),
        user=str(command.get("user_id", "")),
        response_url=command.get("response_url"),
    )
    today = services.today()
    try:
        parsed = parse(text, today)
    except InputError as error:
        example = error.example if isinstance(error, QuickSyntaxError) else None
        ack(response_type="ephemeral", **error_message(error.message, example).as_kwargs())
        return
    if isinstance(parsed, HelpRequest):
        ack(response_type="ephemeral", **help_message().as_kwargs())
        return
    if isinstance(parsed, FormRequest):
        ack()
        view = form_view(services.signer.dumps(to))
        # trigger_id lives for 3 seconds: the form is the first thing done after the ack.
        later.run(lambda: client.views_open(trigger_id=command["trigger_id"], view=view))
        return
    verdict = check(parsed, today)
    remind = remind_value(verdict, services.signer)
    message = verdict_message(
        verdict,
        asked_by=to.user,
        remind=remind,
        signed_inputs=signed_inputs(verdict, services.signer),
    )
    ack({"response_type": "in_channel", **message.as_kwargs()})  # whole: with metadata
