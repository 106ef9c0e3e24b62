"""The "Recount kit" button on a scan's listed contest: its workbook read again and the kit
uploaded into the scan's thread, through the fake Web API; a forged button does nothing."""

from __future__ import annotations

import io
from typing import Any

import pypdf
import pytest
from slack_bolt import App

from handlers.results.precincts import Wanted
from handlers.slack.after_ack import AfterAck
from handlers.slack.scan.recount_kit import _wanted
from handlers.slack.scan.summary import KIT_ACTION_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.scan_payloads import DM, TS, blocks_of, dropped, send
from ....slack_helpers import button_payload, dispatch
from ...results.fixtures import COUNTY_WORKBOOKS, need

CASCADE = "CTYALL Results(7).xlsx"


def clicked(fake: FakeSlack, value: str) -> dict[str, Any]:
    return button_payload(
        value,
        action_id=KIT_ACTION_ID,
        channel=DM,
        thread_ts=TS,
        response_url=fake.response_url("kit"),
    )


def test_the_kit_button_uploads_the_kit_into_the_scans_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0CASCADE"] = (CASCADE, need(COUNTY_WORKBOOKS).joinpath(CASCADE).read_bytes())
    send(app, dropped("scan canvass 11/28/2022", ["F0CASCADE"]))
    assert after_ack.drain(timeout=20)
    blocks = blocks_of(fake.to("chat.update")[-1].body)
    values = [
        e["value"]
        for b in blocks
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == KIT_ACTION_ID
    ]
    assert values  # the clerk and recorder's race is listed, from a workbook with precincts
    fake.uploads.clear()
    assert dispatch(app, payload_body(clicked(fake, values[0]))).status == 200
    assert after_ack.drain(timeout=20)
    (complete,) = fake.to("files.completeUploadExternal")[-1:]
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (DM, TS)
    reader = pypdf.PdfReader(io.BytesIO(fake.uploads[-1]))
    first = " ".join(reader.pages[0].extract_text().split())
    assert first.startswith("Certificate of the recount (13-16-418)")
    assert "County: Cascade County" in first  # the scan's contest: its county with it


def test_a_signed_value_names_the_contest_whole_or_is_refused() -> None:
    wanted = _wanted({"contest": "SHERIFF", "party": "REP", "county": "Lake", "precinct": None})
    assert wanted == Wanted("SHERIFF", "REP", "Lake", None, exact=True)
    for bad in ({"contest": 5}, {"contest": "SHERIFF", "party": ["REP"]}):
        with pytest.raises(ValueError):
            _wanted(bad)


def test_a_forged_kit_button_does_nothing(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    assert dispatch(app, payload_body(clicked(fake, "forged.value"))).status == 200
    assert after_ack.drain(timeout=5)
    assert fake.to("files.completeUploadExternal") == []
