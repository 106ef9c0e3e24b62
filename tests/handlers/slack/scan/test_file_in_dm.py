"""A results file dropped in a DM, against the fake Slack: scanned in its thread, errors for bad
files in plain words, and each scan compared with the last of its election."""

from __future__ import annotations

import io
import json
import threading
import time
import zipfile
from datetime import date, timedelta
from pathlib import Path

import pytest
from slack_bolt import App
from slack_sdk import WebClient
from sqlalchemy import select, update

from bot.store.backend import Store
from bot.store.database import open_database
from bot.store.models import ScanInFlight
from handlers.slack.after_ack import BUSY_YOURS, AfterAck
from handlers.slack.scan.scanning import INTERRUPTED, tell_interrupted
from handlers.watch.records import utcnow

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.scan_payloads import (
    DM,
    TABLE,
    TS,
    attached_blocks,
    blocks_of,
    dropped,
    error_in_thread,
    send,
)
from ....handlers.slack.watch_payloads import gone_away
from ....slack_helpers import (
    CHANNEL,
    assert_valid,
    block_texts,
    dispatch,
    settings_for,
    submit_form,
)
from ....slack_limits import assert_within_limits
from ...results.fixtures import COUNTY_WORKBOOKS, LEGISLATIVE, need


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
    assert "Not remembered" not in text  # kept: said only where the database failed
    table = block_texts(attached_blocks(update.body))  # the table, in attachments[].blocks
    assert "County attorney" in table and '"Recount available"' in table  # a table row
    (complete,) = fake.to("files.completeUploadExternal")
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (DM, TS)
    # UTF-8 with its byte order mark, so Excel reads the names as written
    assert fake.uploads[0].startswith(b"\xef\xbb\xbftitle,kind,subsection")


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


def test_the_56_county_workbooks_in_one_zip_post_a_table_with_the_work_a_click_away(
    fake: FakeSlack, after_ack: AfterAck
) -> None:
    """Slack carries at most 10 files a message: the 56 county workbooks come as one .zip.
    The summary stays within Block Kit's limits, its contests to act on are the table's rows,
    and each row's Check and Show the work are one click away."""
    from bot.app import create_app

    # two days after the 2022 county canvass of Mon Nov 28
    app = create_app(settings_for(fake), today=lambda: date(2022, 11, 30), after_ack=after_ack)
    folder = need(COUNTY_WORKBOOKS)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.glob("*.xlsx")):
            z.write(path, f"county workbooks/{path.name}")
    fake.files["F0ZIP"] = ("county workbooks 2022.zip", archive.getvalue())
    send(app, dropped("scan canvass 11/28/2022", ["F0ZIP"]))
    assert after_ack.drain(timeout=60)
    (update,) = fake.to("chat.update")
    blocks = blocks_of(update.body)
    assert_valid(blocks)
    assert_within_limits(blocks)
    assert blocks[0]["text"]["text"].startswith("Scan: 613 contests, 2 recount available")
    assert "56 files (sos-county-workbook)" in block_texts(blocks)
    # the table where Slack documents it: in attachments[].blocks, none in the blocks
    assert not [b for b in blocks if b["type"] == "table"]
    attached = attached_blocks(update.body)
    assert_valid(attached)
    (table,) = [b for b in attached if b["type"] == "table"]
    head, *rows = [[cell["text"] for cell in row] for row in table["rows"]]
    assert head == ["#", "Contest", "County or file", "Margin", "Outcome", "Day to act"]
    assert [row[1:3] for row in rows] == [
        ["Cascade County CLERK AND RECORDER/AUDITOR/SURVEYOR", "Cascade"],
        ["Sanders County SANDERS COUNTY MEDICAL MARIJUANA EXCISE TAX", "Sanders"],
    ]
    assert rows[0][3:] == [
        "30 votes (largest that qualifies: 71)",
        "Recount available",
        "Fri Dec 2, 2022",
    ]
    actions = [b for b in blocks if b["type"] == "actions"]
    assert len(actions) == len(rows)
    for number, block in enumerate(actions, start=1):
        check, work = block["elements"][:2]
        assert check["text"]["text"].startswith(f"{number}. Check ")
        assert work["action_id"] == "show_work" and work["value"] == check["value"]
    # the metadata: the counts, and each row's verdict facts
    payload = update.body["metadata"]
    payload = json.loads(payload) if isinstance(payload, str) else payload
    assert payload["event_type"] == "recount_scan"
    listed = payload["event_payload"]["listed"]
    assert [(r["row"], r["county"], r["outcome"], r["act_by"]) for r in listed] == [
        (1, "Cascade", "recount_available", "2022-12-02"),
        (2, "Sanders", "recount_available", "2022-12-02"),
    ]
    # one click: the first row's work opens in a modal
    work = actions[0]["elements"][1]
    click = {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": "U0CLERK"},
        "channel": {"id": DM},
        "message": {"ts": "1700000000.000100", "thread_ts": TS},
        "trigger_id": "1.2.3",
        "actions": [{"action_id": work["action_id"], "value": work["value"]}],
    }
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)  # the modal opens after the ack
    (opened,) = fake.to("views.open")
    shown = json.dumps(opened.body["view"])
    assert "SANDRA MERCHANT 14,331" in shown and "13-16-201(1)" in shown


def test_the_attached_csv_opens_in_excel_with_its_names_as_written(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    table = "contest,choice,votes\nSheriff,José Núñez,1204\nSheriff,Nguyễn,1199\n".encode()
    fake.files["F0TABLE"] = ("results.csv", table)
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    (csv_file,) = fake.uploads
    assert csv_file.startswith(b"\xef\xbb\xbf")  # the mark Excel reads UTF-8 by
    assert "José Núñez" in csv_file.decode("utf-8-sig") and "Nguyễn" in csv_file.decode("utf-8-sig")


def test_a_scan_with_the_database_gone_away_is_still_posted(
    fake: FakeSlack, after_ack: AfterAck, database: str, tmp_path: Path
) -> None:
    bot = gone_away(fake, after_ack, database, tmp_path)
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    send(bot, dropped())
    assert after_ack.drain(timeout=10)
    (update,) = fake.to("chat.update")
    text = block_texts(blocks_of(update.body))
    assert "Scan: 2 contests, 1 recount available" in text
    assert "Not remembered: the bot's database cannot be opened" in text
    assert len(fake.to("files.completeUploadExternal")) == 1


def test_a_forms_verdict_is_posted_within_3_s_while_nine_scans_run(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    """Nine clerks drop files whose scans cannot finish (Slack's files.info held): with one
    pool for all, the ninth filled it and a form's verdict waited behind them (33 s in the
    report). The long lane runs two and holds seven; the verdict goes on its own."""
    fake.files["F0TABLE"] = ("results.csv", TABLE)
    fake.hold["files.info"] = release = threading.Event()
    fake.held_s = 30
    try:
        for n in range(9):
            send(app, dropped(user=f"U0CLERK{n}", ts=f"1700000001.00030{n}"))
        started = time.monotonic()
        submit_form(app, fake)
        deadline = started + 3
        while time.monotonic() < deadline and not verdicts(fake):
            time.sleep(0.01)
        assert verdicts(fake), "no verdict within 3 s while nine scans ran"
        # a clerk's second file waits its turn; a third, with two in the lane, is told at once
        for ts in ("1700000001.000400", "1700000001.000401"):
            send(app, dropped(user="U0CLERK0", ts=ts))
        busy = fake.wait_for("chat.postMessage", count=1 + 2 + 1)  # verdict, 2 progress, busy
        said = [c.body for c in busy if c.body.get("thread_ts", "").startswith("1700000001.0004")]
        assert [(b["channel"], b["thread_ts"], b["text"]) for b in said] == [
            (DM, "1700000001.000401", BUSY_YOURS)
        ]
    finally:
        release.set()
    assert after_ack.drain(timeout=60)
    assert len(fake.to("chat.update")) == 10  # each of the ten taken is answered in its thread


def verdicts(fake: FakeSlack) -> list[object]:
    return [c for c in fake.to("chat.postMessage") if c.body.get("channel") == CHANNEL]


def test_a_scan_is_listed_while_under_way_and_one_cut_off_is_told_so(
    app: App, fake: FakeSlack, after_ack: AfterAck, database: str
) -> None:
    """A scan lists its "Scanning…" message in the database while it runs; a process that
    dies mid-scan leaves it listed, and the poller's sweep (any process's) replaces it with
    what happened and what to do."""
    store = Store(open_database(database))

    def listed() -> list[tuple[str, str]]:
        with store.session() as s:
            return [(r.channel, r.ts) for r in s.scalars(select(ScanInFlight)).all()]

    fake.files["F0TABLE"] = ("results.csv", TABLE)
    fake.hold["files.info"] = release = threading.Event()
    try:
        send(app, dropped())
        fake.wait_for("files.info")
        assert listed() == [(DM, "1700000000.000100")]  # the progress message fake posted
    finally:
        release.set()
    assert after_ack.drain(timeout=20)
    assert listed() == []  # answered: off the list
    # a process cut off mid-scan: its entry left, 16 minutes old, and one a minute old
    cut = store.scan_started(DM, "1700000009.000100")
    store.scan_started(DM, "1700000009.000200")
    with store.session() as s:
        s.execute(
            update(ScanInFlight)
            .where(ScanInFlight.id == cut)
            .values(started_at=utcnow() - timedelta(minutes=16))
        )
    client = WebClient(token="xoxb-test", base_url=fake.api_url)
    assert tell_interrupted(client, store, utcnow()) == 1
    told = fake.to("chat.update")[-1].body
    assert (told["channel"], told["ts"], told["text"]) == (DM, "1700000009.000100", INTERRUPTED)
    assert tell_interrupted(client, store, utcnow()) == 0  # told once
    assert listed() == [(DM, "1700000009.000200")]  # a minute old: under way, not told
