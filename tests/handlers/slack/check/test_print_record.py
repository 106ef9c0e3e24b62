"""The verdict's "Print record" button: the record PDF uploaded into the verdict's thread,
through the fake Web API; an upload Slack refuses is told to the clicker in plain words."""

from __future__ import annotations

import io
import threading
from typing import Any

import pypdf
from slack_bolt import App

from handlers.slack.after_ack import BUSY_YOURS, AfterAck
from handlers.slack.check.print_record import NOT_UPLOADED
from handlers.slack.check.verdict import PETITION_ACTION_ID, RECORD_ACTION_ID, verdict_message

from ....builders import verdict_of
from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import CHANNEL, USER, dispatch

VERDICT_TS = "1700000000.000100"


def clicked(
    fake: FakeSlack, text: str = "county Smith 1204 Jones 1199 canvass 2026-11-16"
) -> dict[str, Any]:
    message = verdict_message(verdict_of(text))
    (actions,) = [b for b in message.blocks if b["type"] == "actions"]
    (button,) = [e for e in actions["elements"] if e["action_id"] == RECORD_ACTION_ID]
    return {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER, "name": "jane.clerk"},
        "api_app_id": "A0RECOUNT",
        "channel": {"id": CHANNEL},
        "container": {"type": "message", "channel_id": CHANNEL, "message_ts": VERDICT_TS},
        "message": {"ts": VERDICT_TS},
        "response_url": fake.response_url("record"),
        "trigger_id": "1.2.3",
        "actions": [{"type": "button", "action_id": RECORD_ACTION_ID, "value": button["value"]}],
    }


def test_the_record_is_uploaded_into_the_verdicts_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    assert dispatch(app, payload_body(clicked(fake))).status == 200
    assert after_ack.drain(timeout=10)
    assert fake.to("files.getUploadURLExternal")
    (complete,) = fake.to("files.completeUploadExternal")
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (CHANNEL, VERDICT_TS)
    text = pypdf.PdfReader(io.BytesIO(fake.uploads[0])).pages[0].extract_text()
    said = " ".join(text.split())
    assert said.startswith("Recount available — county office")
    assert "Asked in Slack by jane.clerk." in said and "not legal advice" in said


def test_an_upload_slack_refuses_is_told_to_the_clicker(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.answers["files.getUploadURLExternal"] = {"ok": False, "error": "not_in_channel"}
    assert dispatch(app, payload_body(clicked(fake))).status == 200
    assert after_ack.drain(timeout=10)
    (said,) = fake.to("respond/record")
    assert said.body["text"] == NOT_UPLOADED
    assert fake.to("files.completeUploadExternal") == []


def test_the_petition_draft_is_uploaded_into_the_verdicts_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    body = clicked(fake)
    body["actions"][0]["action_id"] = PETITION_ACTION_ID
    assert dispatch(app, payload_body(body)).status == 200
    assert after_ack.drain(timeout=10)
    (complete,) = fake.to("files.completeUploadExternal")
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (CHANNEL, VERDICT_TS)
    cover, petition = (p.extract_text() for p in pypdf.PdfReader(io.BytesIO(fake.uploads[0])).pages)
    assert "Cover note: not part of the petition" in cover
    assert "Before the Election Administrator of" in " ".join(petition.split())


def test_a_name_the_standard_fonts_lack_is_printed_as_slack_shows_it(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    click = clicked(fake, 'county "Nguyễn Thị Ánh" 1204 Jones 1199 canvass 2026-11-16')
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)
    said = pypdf.PdfReader(io.BytesIO(fake.uploads[0])).pages[0].extract_text()
    assert "Nguyễn Thị Ánh 1,204 (won)" in " ".join(said.split())


def test_a_third_print_while_two_are_being_made_is_told_busy(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    """Records and drafts are made in the long lane (after_ack.run_heavy): two of one
    clerk's at a time; a third is told, privately, to try again in a minute."""
    fake.hold["files.getUploadURLExternal"] = release = threading.Event()
    try:
        for _ in range(3):
            assert dispatch(app, payload_body(clicked(fake))).status == 200
        (told,) = fake.wait_for("respond/record")
        assert told.body == {
            "response_type": "ephemeral",
            "replace_original": False,
            "text": BUSY_YOURS,
        }
    finally:
        release.set()
    assert after_ack.drain(timeout=20)
    assert len(fake.to("files.completeUploadExternal")) == 2
