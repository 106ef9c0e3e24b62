"""Scanning in Slack, end to end against the fake Slack: a file dropped in a DM, the message
shortcut, the summary and CSV in the thread, a Check button, and errors for bad files."""

from __future__ import annotations

import json
from typing import Any

import pytest
from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.blocks.scan import CHECK_ACTION_ID, CHECK_RETENTION_ACTION_ID
from handlers.slack.scan_listeners import SCAN_FORM_ID, SCAN_SHORTCUT_ID

from ...fake_slack import FakeSlack, payload_body
from ...slack_helpers import CHANNEL, USER, block_texts, dispatch
from ..results.fixtures import LEGISLATIVE, need

DM = "D0CLERK"
TS = "1700000001.000200"
TABLE = (
    b"contest,choice,votes\n"
    b"County attorney,Smith,1204\nCounty attorney,Jones,1199\nSheriff,Brown,900\n"
)


def dropped(
    text: str = "scan canvass 11/16/2026", files: list[str] | None = None, **event: Any
) -> str:
    return json.dumps(
        {
            "token": "legacy",
            "team_id": "T0MONTANA",
            "api_app_id": "A0RECOUNT",
            "type": "event_callback",
            "event_id": "Ev0SCAN",
            "event_time": 1700000001,
            "event": {
                "type": "message",
                "subtype": "file_share",
                "channel": DM,
                "channel_type": "im",
                "user": USER,
                "ts": TS,
                "text": text,
                "files": [{"id": f} for f in (files or ["F0TABLE"])],
                **event,
            },
        }
    )


def blocks_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's blocks as the fake received them (JSON text in a form post, or a list)."""
    blocks = body["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else list(blocks)


def scan_shortcut(fake: FakeSlack, message: dict[str, Any]) -> dict[str, Any]:
    """The Scan for recounts shortcut, used on `message` in the channel."""
    return {
        "type": "message_action",
        "callback_id": SCAN_SHORTCUT_ID,
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "channel": {"id": CHANNEL},
        "message": message,
        "trigger_id": "1.2.4",
        "response_url": fake.response_url(),
    }


def send(app: App, body: str) -> None:
    assert dispatch(app, body, content_type="application/json").status == 200


def test_a_file_dropped_in_a_dm_is_scanned_in_its_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    progress = fake.to("chat.postMessage")[0]
    assert (progress.body["channel"], progress.body["thread_ts"]) == (DM, TS)
    assert progress.body["text"] == "Scanning 1 file…"
    assert fake.to("GET download/F0TABLE")[0].headers["Authorization"].startswith("Bearer xoxb-")
    (update,) = fake.to("chat.update")
    text = block_texts(blocks_of(update.body))
    assert "Scan: 2 contests, 1 recount available" in text
    assert "Recount available — County attorney" in text
    (complete,) = fake.to("files.completeUploadExternal")
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (DM, TS)
    assert fake.uploads[0].decode().startswith("title,kind,subsection")


def test_the_check_button_posts_the_single_race_verdict(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    blocks = blocks_of(fake.to("chat.update")[0].body)
    button = next(
        b["accessory"] for b in blocks if b.get("accessory", {}).get("action_id") == CHECK_ACTION_ID
    )
    payload = {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "api_app_id": "A0RECOUNT",
        "channel": {"id": DM},
        "container": {"type": "message", "channel_id": DM, "message_ts": "1700000000.000100"},
        "message": {"ts": "1700000000.000100", "thread_ts": TS},
        "trigger_id": "1.2.3",
        "actions": [{"type": "button", "action_id": CHECK_ACTION_ID, "value": button["value"]}],
    }
    assert dispatch(app, payload_body(payload)).status == 200
    assert after_ack.drain(timeout=10)
    verdict = fake.to("chat.postMessage")[-1]
    assert (verdict.body["channel"], verdict.body["thread_ts"]) == (DM, TS)
    posted = block_texts(blocks_of(verdict.body))
    assert "Jones is 5 votes behind Smith" in posted and "Adjust & re-check" in posted


def test_a_real_workbook(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    fake.files["F0LEG"] = (LEGISLATIVE.name, need(LEGISLATIVE).read_bytes())
    send(app, dropped("scan canvass 11/28/2022", ["F0LEG"]))
    assert after_ack.drain(timeout=20)
    assert "Scan: 127 contests" in block_texts(blocks_of(fake.to("chat.update")[0].body))


def test_a_file_that_is_not_results_gets_one_line_in_the_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("people.csv", b"name,email\nA,a@example.com\n")
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    (update,) = fake.to("chat.update")
    assert update.body["text"].startswith(":warning: people.csv: not a results file")
    assert fake.to("files.completeUploadExternal") == []


def test_a_file_over_20_mb_is_not_downloaded(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.answers["files.info"] = {
        "ok": True,
        "file": {
            "id": "F0BIG",
            "name": "big.xlsx",
            "size": 30_000_000,
            "url_private_download": fake.base + "/download/F0BIG",
        },
    }
    send(app, dropped(files=["F0BIG"]))
    assert after_ack.drain(timeout=10)
    assert "big.xlsx: 30,000,000 bytes is over the 20 MB" in fake.to("chat.update")[0].body["text"]
    assert not [c for c in fake.calls if c.path.startswith("GET ")]


def test_words_the_scan_does_not_know_are_answered_in_the_thread(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped("scan please"))
    assert after_ack.drain(timeout=10)
    (reply,) = fake.to("chat.postMessage")
    assert (
        reply.body["thread_ts"] == TS
        and '"please": a scan takes canvass DATE' in reply.body["text"]
    )


def test_files_outside_a_dm_are_not_scanned(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(app, dropped(channel=CHANNEL, channel_type="channel"))
    send(app, dropped(subtype=None))
    assert after_ack.drain(timeout=10)
    assert fake.calls == []


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
    assert "Deadlines from the official canvass of Mon Nov 16, 2026" in block_texts(
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


def test_a_forged_scan_form_scans_nothing(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    submission = {
        "type": "view_submission",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "view": {
            "id": "V9",
            "type": "modal",
            "callback_id": SCAN_FORM_ID,
            "private_metadata": "e30.0000",
            "state": {"values": {}},
        },
    }
    body = json.loads(dispatch(app, payload_body(submission)).body)
    assert body["response_action"] == "errors"
    assert after_ack.drain(timeout=10)
    assert fake.calls == []


# --- a file Slack will not describe or serve: its name, plain words, what to do -------------


def error_in_thread(fake: FakeSlack) -> str:
    (update,) = fake.to("chat.update")
    return str(update.body["text"])


def test_a_file_slack_will_not_describe_is_named_by_the_events_name(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    # not in fake.files: files.info answers file_not_found
    send(
        app,
        dropped(files=["F0GONE"]).replace(
            '{"id": "F0GONE"}', '{"id": "F0GONE", "name": "CTYALL Results(7).xlsx"}'
        ),
    )
    assert after_ack.drain(timeout=10)
    assert error_in_thread(fake) == (
        ":warning: CTYALL Results(7).xlsx: Slack says this file is not there (it may have been "
        "deleted, or shared where I cannot see it); share it with me again."
    )


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (
            403,
            ":warning: results.csv: Slack would not let me download this file (no permission); "
            "share it with me again, or ask whoever installed the app to check that it may read "
            "files.",
        ),
        (
            404,
            ":warning: results.csv: Slack no longer has this file to download; it may have been "
            "deleted. Share it with me again.",
        ),
    ],
)
def test_a_download_slack_refuses_or_lost_says_so_in_plain_words(
    app: App, fake: FakeSlack, after_ack: AfterAck, status: int, said: str
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    fake.download_status["F0TABLE"] = status
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    text = error_in_thread(fake)
    assert text == said and "Error" not in text and "HTTP" not in text


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


def test_a_retention_contests_check_button_posts_the_reading(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    title = "Shall Judge JANE DOE of DISTRICT 18 DEPT 4 of the state of Montana be retained"
    fake.files["F0TABLE"] = (
        "results.csv",
        f"contest,choice,votes\n{title},Yes,4990\n{title},No,5000\n".encode(),
    )
    send(app, dropped("scan canvass 11/16/2026 complete"))
    assert after_ack.drain(timeout=10)
    blocks = blocks_of(fake.to("chat.update")[0].body)
    (button,) = [b["accessory"] for b in blocks if "accessory" in b]
    assert button["action_id"] == CHECK_RETENTION_ACTION_ID
    assert "this reading is ours" in block_texts(blocks)
    click = {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "channel": {"id": DM},
        "message": {"ts": "1700000000.000100", "thread_ts": TS},
        "actions": [{"action_id": button["action_id"], "value": button["value"]}],
        "response_url": fake.response_url(),
    }
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)
    posted = fake.to("chat.postMessage")[-1]
    assert "this reading is ours" in block_texts(blocks_of(posted.body))


def test_a_dm_scan_is_compared_with_the_last_scan_of_the_same_election(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", TABLE)  # County attorney: 5 votes apart
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    first = block_texts(blocks_of(fake.to("chat.update")[0].body))
    assert "Since your last scan" not in first
    fake.files["F0TABLE"] = (
        "results.csv",
        TABLE.replace(b"Jones,1199", b"Jones,1100"),  # 104 apart: out of the recount band
    )
    send(app, dropped().replace("Ev0SCAN", "Ev0SCAN2"))
    assert after_ack.drain(timeout=10)
    second = block_texts(blocks_of(fake.to("chat.update")[1].body))
    assert "Since your last scan (" in second and "1 change" in second
    assert "Left the recount band — County attorney" in second
