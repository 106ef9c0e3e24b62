""" "Print record" and "Petition draft": the verdict's record for the canvass minutes, or a
petition draft, as a PDF uploaded into the verdict's thread. The same inputs are
checked again on the same day, so the page says what the message says; an upload that fails
is told to the clicker in plain words."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import InputError
from domain.explain import explain
from handlers.slack.after_ack import Later
from handlers.slack.check.verdict import PETITION_ACTION_ID
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.saved_check import clicked_verdict
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id

log = logging.getLogger(__name__)
NOT_UPLOADED = (
    "The record could not be put in the thread: Slack would not take the file. Nothing was "
    "posted. Click the button again in a minute; the verdict above is unchanged."
)


def print_record(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    channel = text_at(body, "channel", "id") or text_at(body, "container", "channel_id")
    message = mapping_at(body, "message")
    thread = text_at(message, "thread_ts") or text_at(message, "ts")
    if not (is_channel_id(channel) and isinstance(thread, str)):
        return
    try:
        verdict = clicked_verdict(body, services.today())
    except InputError as error:
        later.tell(respond, error.message)
        return
    # reportlab loads at the first print, not at the bot's start-up (about 70 ms of it)
    from handlers.paper.petition import NoPetition, petition_pdf
    from handlers.paper.record import Provenance, record_pdf

    who = text_at(body, "user", "name") or text_at(body, "user", "username")
    asked_by = who or text_at(body, "user", "id")
    provenance = Provenance(services.now(), asked_by=asked_by)
    petition = text_at(body, "actions", 0, "action_id") == PETITION_ACTION_ID

    def make_and_upload() -> None:  # in the long lane: a PDF is made there
        if petition:
            try:
                pdf = petition_pdf(verdict, provenance)
            except NoPetition as nothing:  # the verdict changed since (a day passed)
                respond(
                    response_type="ephemeral",
                    replace_original=False,
                    text=f"No petition drafted: {nothing}.",
                )
                return
            name = f"recount petition draft {verdict.today.isoformat()}.pdf"
        else:
            pdf = record_pdf(verdict, provenance)
            name = f"recount record {verdict.today.isoformat()}.pdf"
        try:
            client.files_upload_v2(
                channel=str(channel),
                thread_ts=thread,
                content=pdf,
                filename=name,
                title=explain(verdict).headline,
            )
        except (SlackApiError, SlackClientError):
            log.warning("record: the upload failed")  # never the verdict's inputs
            respond(response_type="ephemeral", replace_original=False, text=NOT_UPLOADED)

    later.heavy_for_clicker(respond, make_and_upload)
