""" "Recount kit" on a scan's listed contest: its files read again, precinct by precinct, and
the recount board's kit (certificate and tally sheets) uploaded into the scan's thread."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain.plain_text import visible
from handlers.results.precincts import Wanted, precinct_rows
from handlers.results.tables import ResultsFileError
from handlers.slack.after_ack import Later
from handlers.slack.payload import text_at
from handlers.slack.scan.scanning import chosen_scan, download_shared
from handlers.slack.services import Services
from handlers.slack.text import escape

log = logging.getLogger(__name__)
KIT_NOT_UPLOADED = (
    "The recount kit could not be put in the thread: Slack would not take the file. Nothing "
    "was posted. Click Recount kit again in a minute; the summary above is unchanged."
)


def recount_kit(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    try:
        if data is None:
            raise ValueError("not signed")
        wanted = _wanted(data)
        to, files, _ = chosen_scan({**data, "options": {}})
    except (ValueError, TypeError, KeyError):
        later.not_verified(respond)
        return

    def make_and_upload() -> None:
        try:
            rows = precinct_rows(
                [download_shared(client, services.download, f) for f in files], wanted
            )
        except ResultsFileError as error:
            # the message names the file, as Slack gave its name: escaped, like any text
            respond(response_type="ephemeral", replace_original=False, text=escape(str(error)))
            return
        # reportlab loads at the first kit, not at the bot's start-up (about 70 ms of it)
        from handlers.paper.record import Provenance
        from handlers.paper.recount_kit import kit_pdf

        pdf = kit_pdf(rows, Provenance(services.now()))
        try:
            client.files_upload_v2(
                channel=to.channel,
                thread_ts=to.thread_ts,
                content=pdf,
                filename="recount kit.pdf",
                title=visible(f"Recount kit: {rows.label} ({len(rows.rows)} precincts)"),
            )
        except (SlackApiError, SlackClientError):
            log.warning("kit: the upload failed")
            respond(response_type="ephemeral", replace_original=False, text=KIT_NOT_UPLOADED)

    later.heavy_for_clicker(respond, make_and_upload)


def _wanted(data: dict[str, Any]) -> Wanted:
    """The scan's contest a signed button carries: its title whole, its party, county and
    precinct (each a string or none), and the scan's election. Raises ValueError otherwise."""
    contest = data.get("contest")
    fields = [data.get(name) for name in ("party", "county", "precinct", "election")]
    if not isinstance(contest, str) or not all(f is None or isinstance(f, str) for f in fields):
        raise ValueError("not a contest")
    party, county, precinct, election = (f if isinstance(f, str) else None for f in fields)
    return Wanted(contest, party, county, precinct, exact=True, election=election)
