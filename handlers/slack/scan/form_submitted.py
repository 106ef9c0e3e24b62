"""The scan form submitted: its dates checked, the files scanned into the message's thread."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from domain import InputError
from handlers.results.scan import ONLY_FILE, county_named
from handlers.slack.after_ack import Later
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.scan.form import COUNTY_BLOCK
from handlers.slack.scan.scanning import (
    ScanTarget,
    SharedFile,
    form_options,
    in_flight,
    run_scan,
    scan_later,
)
from handlers.slack.services import Services

log = logging.getLogger(__name__)


def scan_form_submitted(
    ack: Ack,
    body: dict[str, Any],
    view: dict[str, Any],
    client: WebClient,
    services: Services,
    later: Later,
) -> None:
    data = services.signer.verify(text_at(view, "private_metadata"))
    user = text_at(body, "user", "id")
    if data is None or data.get("user") != user:
        ack(
            response_action="errors",
            errors={"canvass": "This form has expired; use the shortcut again."},
        )
        return
    values = mapping_at(view, "state", "values")
    files = [
        SharedFile(str(f[0]), str(f[1]))
        for f in data.get("files") or []
        if isinstance(f, list) and len(f) == 2
    ]
    try:
        options = form_options(values if isinstance(values, dict) else {}, services.today())
        county = text_at(values, COUNTY_BLOCK, "value", "value")
        if isinstance(county, str) and county.strip() and len(files) == 1:
            try:
                named = county_named(county)
            except InputError as error:
                raise InputError.about(COUNTY_BLOCK, error.message) from None
            options = replace(options, counties={ONLY_FILE: named})
    except InputError as error:
        field = error.problems[0].field if error.problems else None
        ack(response_action="errors", errors={field or "canvass": error.message})
        return
    ack()
    to = ScanTarget(str(data["channel"]), str(data["ts"]), str(user))
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
            signer=services.signer,
            in_flight=in_flight(services),
        ),
    )
