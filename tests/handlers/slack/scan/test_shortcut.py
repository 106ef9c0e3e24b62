"""The Scan for recounts shortcut: the form opens at once, says what the file says, and the scan
lands in the message's thread."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.scan.form import SCAN_FORM_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.scan_payloads import TABLE, TS, blocks_of, scan_shortcut
from ....slack_helpers import CHANNEL, USER, block_texts, dispatch
from ...results.fixtures import LEGISLATIVE, need


def test_the_shortcut_asks_for_the_canvass_and_scans_in_the_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    shortcut = scan_shortcut(fake, {"ts": TS, "files": [{"id": "F0TABLE"}]})
    assert dispatch(app, payload_body(shortcut)).status == 200
    assert after_ack.drain(timeout=10)
    view = fake.to("views.open")[0].body["view"]
    view = json.loads(view) if isinstance(view, str) else view
    assert view["callback_id"] == SCAN_FORM_ID
    values = {
        "canvass": {"value": {"type": "datepicker", "selected_date": "2026-11-16"}},
        "complete": {"value": {"type": "checkboxes", "selected_options": [{"value": "complete"}]}},
    }
    submission = {
        "type": "view_submission",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "view": {**view, "id": "V9", "state": {"values": values}},
    }
    assert dispatch(app, payload_body(submission)).status == 200
    assert after_ack.drain(timeout=10)
    assert fake.to("chat.postMessage")[0].body["channel"] == CHANNEL
    assert fake.to("chat.postMessage")[0].body["thread_ts"] == TS
    assert "Deadlines from the county canvass of Mon Nov 16, 2026" in block_texts(
        blocks_of(fake.to("chat.update")[0].body)
    )


def test_a_shortcut_on_a_message_without_a_file_says_so_privately(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    shortcut = scan_shortcut(fake, {"ts": TS, "text": "hello"})
    dispatch(app, payload_body(shortcut))
    assert after_ack.drain(timeout=10)
    (ephemeral,) = fake.to("chat.postEphemeral")
    assert ephemeral.body["text"] == "That message carries no file to scan."
    assert fake.to("chat.postMessage") == []


def test_the_shortcuts_form_opens_at_once_then_says_what_the_file_says(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0LEG"] = (LEGISLATIVE.name, need(LEGISLATIVE).read_bytes())
    shortcut = scan_shortcut(fake, {"ts": TS, "files": [{"id": "F0LEG", "name": LEGISLATIVE.name}]})
    assert dispatch(app, payload_body(shortcut)).status == 200
    assert after_ack.drain(timeout=10)
    # views.open comes first, before the file is fetched; then views.update prefills it
    order = [c.path for c in fake.calls if c.path in ("views.open", "files.info", "views.update")]
    assert order == ["views.open", "files.info", "views.update"]
    opened = fake.to("views.open")[0].body["view"]
    opened = json.loads(opened) if isinstance(opened, str) else opened
    updated = fake.to("views.update")[0].body
    assert updated["view_id"] == "V123"
    view = json.loads(updated["view"]) if isinstance(updated["view"], str) else updated["view"]
    election = next(b for b in view["blocks"] if b.get("block_id") == "election")
    assert election["element"]["initial_option"]["value"] == "general"
    assert (
        "initial_option"
        not in next(b for b in opened["blocks"] if b.get("block_id") == "election")["element"]
    )
    said = next(b for b in view["blocks"] if b.get("block_id") == "file")
    assert (
        said["elements"][0]["text"]
        == f"{LEGISLATIVE.name}: the file says this is a general election."
    )
    assert view["private_metadata"] == opened["private_metadata"]


def test_for_one_file_the_form_asks_its_county_and_the_scan_names_it(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    shortcut = scan_shortcut(fake, {"ts": TS, "files": [{"id": "F0TABLE"}]})
    assert dispatch(app, payload_body(shortcut)).status == 200
    assert after_ack.drain(timeout=10)
    view = fake.to("views.open")[0].body["view"]
    view = json.loads(view) if isinstance(view, str) else view
    assert "county" in [b.get("block_id") for b in view["blocks"]]

    def submit(county: str) -> dict[str, object]:
        values = {
            "canvass": {"value": {"type": "datepicker", "selected_date": "2026-11-16"}},
            "county": {"value": {"type": "plain_text_input", "value": county}},
        }
        submission = {
            "type": "view_submission",
            "team": {"id": "T0MONTANA"},
            "user": {"id": USER},
            "view": {**view, "id": "V9", "state": {"values": values}},
        }
        answer = dispatch(app, payload_body(submission))
        return json.loads(answer.body) if answer.body else {}

    assert submit("Gotham") == {
        "response_action": "errors",
        "errors": {"county": "Gotham is not a Montana county"},
    }
    assert submit("Gallatin") == {}
    assert after_ack.drain(timeout=10)
    summary = block_texts(blocks_of(fake.to("chat.update")[-1].body))
    assert "County attorney — Gallatin County" in summary
