"""A results file dropped in a DM, against the fake Slack: scanned in its thread, errors for bad
files in plain words, and each scan compared with the last of its election."""

from __future__ import annotations

import pytest
from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack
from ....handlers.slack.scan_payloads import (
    DM,
    TABLE,
    TS,
    blocks_of,
    dropped,
    error_in_thread,
    send,
)
from ....slack_helpers import CHANNEL, block_texts
from ...results.fixtures import LEGISLATIVE, need


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
