"""The answer to "primary or general?" for a file that does not say: the scan runs again,
read as the election chosen, in the same thread."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, BoltContext, Respond
from slack_sdk import WebClient

from handlers.results import ScanOptions
from handlers.slack.after_ack import Later
from handlers.slack.payload import text_at
from handlers.slack.scan.scanning import chosen_scan, dm_memory, in_flight, run_scan, scan_later
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def election_chosen(
    ack: Ack,
    body: dict[str, Any],
    client: WebClient,
    respond: Respond,
    context: BoltContext,
    services: Services,
    later: Later,
) -> None:
    ack()
    data = services.signer.verify(text_at(body, "actions", 0, "value"))
    try:
        if data is None:
            raise ValueError("not signed")
        to, files, saved = chosen_scan(data)
        options = ScanOptions.from_json(saved, services.today())
    except (ValueError, TypeError, KeyError):
        log.warning("scan election button that does not verify")
        later.not_verified(respond)
        return
    chooser = text_at(body, "user", "id")
    team = str(text_at(body, "team", "id") or text_at(context, "team_id") or "T")
    in_a_dm = to.channel.startswith("D")  # a DM's scans are remembered, as there

    def scan_again() -> None:  # after the ack: the question replaced, then the scan queued
        respond(
            replace_original=True,
            text=f"Scanning again as a {options.election} election (chosen by <@{chooser}>).",
        )
        scan_later(
            later,
            client,
            to,
            lambda: run_scan(
                client,
                services.download,
                to,
                files,
                options,
                memory=dm_memory(services, team, to) if in_a_dm else lambda result: None,
                signer=services.signer,
                in_flight=in_flight(services),
            ),
        )

    later.run(scan_again)
