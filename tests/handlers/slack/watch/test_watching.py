"""A watch in a channel: its request (the grammar's words, the scan's read), and its rounds,
against the fake Slack."""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from slack_bolt import App
from slack_sdk import WebClient

from bot.net.fetch import Policy, UrlFetcher
from bot.watcher import open_backend
from handlers.slack.after_ack import AfterAck
from handlers.slack.retries import retry_handlers
from handlers.slack.watch.watching import poller_run, slack_round, watch_request
from handlers.watch.ports import Fetched
from handlers.watch.records import Place, WatchSpec, utcnow
from handlers.watch.service import Watching, WatchService

from ....fake_slack import BOT_TOKEN, FakeSlack, Reply
from ....results_server import ResultsServer, Served
from ....slack_helpers import block_texts, run_command, settings_for
from ...results.fixtures import county_zip
from ..scan_payloads import blocks_of, dropped, send
from ..watch_payloads import answer

TODAY = date(2026, 11, 18)


def test_slack_links_how_often_and_the_canvass() -> None:
    request = watch_request(
        "<https://results.example/a.xlsx|a.xlsx> https://results.example/b.xlsx "
        "canvass 11/16 every 10m",
        TODAY,
    )
    assert request.sources == ("https://results.example/a.xlsx", "https://results.example/b.xlsx")
    assert request.every_s == 600
    assert request.options["canvass"] == "2026-11-16"


# A change of coverage is not a change of leader, in Slack (issue 31): a results server on
# loopback serving the county workbooks as one .zip, the real app against the fake Slack.
CANVASS_2022 = date(2022, 11, 30)  # two days after the 2022 county canvass


@pytest.fixture
def served() -> Iterator[ResultsServer]:
    server = ResultsServer()
    server.files["/results.zip"] = Served(county_zip(55))
    yield server
    server.stop()


def watching_app(
    fake: FakeSlack, after_ack: AfterAck, database: str, served: ResultsServer
) -> tuple[App, Watching]:
    from bot.app import create_app

    watching = Watching(
        partial(open_backend, database), UrlFetcher(Policy.from_setting(served.base))
    )
    app = create_app(
        settings_for(fake), today=lambda: CANVASS_2022, after_ack=after_ack, watching=watching
    )
    return app, watching


def round_posts(fake: FakeSlack) -> list[str]:
    """What the rounds posted in the channel (not the root message), words and blocks."""
    return [
        json.dumps(c.body, ensure_ascii=False)
        for c in fake.to("chat.postMessage")
        if " since " in str(c.body.get("text"))
    ]


@pytest.mark.slow
def test_the_last_county_arriving_in_a_slack_watch_is_coverage(
    fake: FakeSlack, after_ack: AfterAck, database: str, served: ResultsServer
) -> None:
    app, watching = watching_app(fake, after_ack, database, served)
    said = answer(run_command(app, fake, f"watch {served.url('/results.zip')} canvass 11/28/2022"))
    assert said == "Reading the sources…"
    assert after_ack.drain(timeout=60)
    root = json.dumps(fake.to("chat.update")[0].body, ensure_ascii=False)
    assert "*First reading: " in root and "Read 55 files: " in root
    served.files["/results.zip"] = Served(county_zip(56))  # the last county arrives
    (watch,) = watching.store().running("slack:")
    poller_run(app.client, watching, lambda: CANVASS_2022)(watch)
    (posted,) = round_posts(fake)
    assert "Leader changed" not in posted and "a tie before" not in posted
    assert re.search(r"Now whole: \d+ contests with a verdict that had none before", posted)
    assert "New contest — " in posted  # the 56th county's own contests


@pytest.mark.slow
def test_complete_turned_on_in_slack_is_coverage_and_is_posted(
    fake: FakeSlack, after_ack: AfterAck, database: str, served: ResultsServer
) -> None:
    app, _ = watching_app(fake, after_ack, database, served)
    url = served.url("/results.zip")
    run_command(app, fake, f"watch {url} canvass 11/28/2022")
    assert after_ack.drain(timeout=60)
    run_command(app, fake, f"watch {url} canvass 11/28/2022 complete")  # the same watch
    assert after_ack.drain(timeout=60)
    (posted,) = round_posts(fake)  # what the new setting moved is told, not swallowed
    assert "Leader changed" not in posted
    assert re.search(r"Now whole: \d+ contests", posted)


@pytest.mark.slow
def test_the_same_zip_dropped_again_with_complete_in_a_dm_is_coverage(
    fake: FakeSlack, after_ack: AfterAck
) -> None:
    from bot.app import create_app

    app = create_app(settings_for(fake), today=lambda: CANVASS_2022, after_ack=after_ack)
    fake.files["F0ZIP"] = ("county workbooks 2022.zip", county_zip(55))
    send(app, dropped("scan canvass 11/28/2022", ["F0ZIP"]))
    assert after_ack.drain(timeout=60)
    send(app, dropped("scan canvass 11/28/2022 complete", ["F0ZIP"]).replace("Ev0SCAN", "Ev0S2"))
    assert after_ack.drain(timeout=60)
    second = block_texts(blocks_of(fake.to("chat.update")[1].body))
    assert "Since your last scan (" in second and "no contest changed band or leader" in second
    assert "Leader changed" not in second
    assert re.search(r"Now whole: \d+ contests", second)


# A slow Slack posts each change once (issue 32): a watch of a results file in a channel, its
# rounds run against the fake Slack by a client that waits 1 s for an answer (the bot's waits
# HTTP_TIMEOUT, 5 s) while the fake holds chat.postMessage's answer past it: Slack has the
# message, the bot never hears so.
CHANNEL_TODAY = date(2026, 11, 18)  # two days after the Nov 16 canvass


def county_table(smith: int, jones: int) -> bytes:
    rows = f"County attorney,Smith,{smith}\nCounty attorney,Jones,{jones}\n"
    return f"contest,choice,votes\n{rows}".encode()


class ChannelWatch:
    """A running watch in C0CANVASS of one results file, its first reading told."""

    def __init__(self, folder: Path, database: str, fake: FakeSlack) -> None:
        self.path = folder / "results.csv"
        self.stamp = 1_700_000_000_000_000_000
        self.write(1204, 1199)  # margin 5: qualifies (up to 10)
        self.database = database
        self.client = WebClient(
            token=BOT_TOKEN, base_url=fake.api_url, timeout=1, retry_handlers=retry_handlers()
        )
        spec = WatchSpec(
            Place.slack("T0MONTANA", "C0CANVASS"),
            (str(self.path),),
            {"canvass": "2026-11-16"},
            60,
        )
        self.service = self.restarted()
        self.watch = self.service.open(spec, started_by="U0CLERK").watch
        first = self.service.round(self.watch, CHANNEL_TODAY)
        self.service.told(first.untold)  # the root message's summary tells the first reading

    def restarted(self) -> WatchService:
        """The watch service of a process started afresh on the same database."""
        return Watching(
            partial(open_backend, self.database), UrlFetcher(Policy.from_setting(None))
        ).service()

    def write(self, smith: int, jones: int) -> None:
        self.path.write_bytes(county_table(smith, jones))
        self.stamp += 1_000_000_000  # a new modification time, whatever the clock's grain
        os.utime(self.path, ns=(self.stamp, self.stamp))

    def round(self, service: WatchService | None = None) -> None:
        slack_round(self.client, service or self.service, self.watch, CHANNEL_TODAY)

    def untold(self) -> int:
        return len(self.service.store.changes(self.watch.id, unposted=True))


def change_posts(fake: FakeSlack) -> list[dict[str, Any]]:
    return [c.body for c in fake.to("chat.postMessage") if " since " in str(c.body.get("text"))]


def key_of(body: dict[str, Any]) -> str:
    return str(body["metadata"]["event_payload"]["post"])


@pytest.fixture
def watch(tmp_path: Path, database: str, fake: FakeSlack) -> ChannelWatch:
    return ChannelWatch(tmp_path, database, fake)


def test_a_post_slack_answers_too_late_is_found_and_each_change_is_posted_once(
    watch: ChannelWatch, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    fake.hold["chat.postMessage"] = slow = threading.Event()
    watch.write(1208, 1199)  # margin 9: a change of margin
    watch.round()  # no answer within the client's wait: a failed post, nothing marked
    assert "changes could not be posted (TimeoutError)" in caplog.text
    assert len(change_posts(fake)) == 1 and watch.untold() == 1
    slow.set()  # Slack answers at last, to nobody
    del fake.hold["chat.postMessage"]
    watch.round()  # nothing read has changed: the post is looked for, found, not sent again
    watch.round()
    assert len(change_posts(fake)) == 1 and watch.untold() == 0
    (looked,) = fake.to("conversations.history")
    assert looked.body["include_all_metadata"] in ("1", "true", True)
    watch.write(1210, 1199)  # margin 11: out of the band, a new change
    watch.round()
    first, second = change_posts(fake)
    assert first["text"].startswith("1 change since") and "9" in first["text"]
    assert second["text"].startswith("1 change since") and key_of(first) != key_of(second)
    assert watch.untold() == 0


def test_a_post_slack_refused_is_sent_again_once_with_its_key(
    watch: ChannelWatch, fake: FakeSlack
) -> None:
    fake.answers["chat.postMessage"] = [Reply(body={"ok": False, "error": "fatal_error"})]
    watch.write(1208, 1199)
    watch.round()
    assert watch.untold() == 1 and fake.messages == []
    watch.round()  # not in the channel: sent again, the same post
    watch.round()
    refused, posted = change_posts(fake)
    assert key_of(refused) == key_of(posted) and posted["text"].startswith("1 change since")
    assert watch.untold() == 0 and len(fake.messages) == 1


def test_a_restart_between_the_post_and_its_mark_posts_nothing_twice(
    watch: ChannelWatch, fake: FakeSlack, monkeypatch: pytest.MonkeyPatch
) -> None:
    def dies(post_id: int, ts: str | None) -> None:
        raise SystemExit("the process is killed after Slack answered, before the mark")

    monkeypatch.setattr(watch.service.store, "post_done", dies)
    watch.write(1208, 1199)
    with pytest.raises(SystemExit):
        watch.round()
    assert len(change_posts(fake)) == 1 and watch.untold() == 1
    watch.round(watch.restarted())  # the next process: the post is in the channel
    assert len(change_posts(fake)) == 1
    assert watch.restarted().store.changes(watch.watch.id, unposted=True) == []


def test_a_channel_the_bot_may_not_read_gets_the_post_again_rather_than_never(
    watch: ChannelWatch, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    fake.hold["chat.postMessage"] = slow = threading.Event()
    fake.answers["conversations.history"] = {"ok": False, "error": "missing_scope"}
    watch.write(1208, 1199)
    watch.round()
    slow.set()
    del fake.hold["chat.postMessage"]
    watch.round()
    assert len(change_posts(fake)) == 2 and watch.untold() == 0
    assert "missing_scope" in caplog.text and "channels:history" in caplog.text


def test_a_look_that_gets_no_answer_posts_nothing_until_slack_answers(
    watch: ChannelWatch, fake: FakeSlack
) -> None:
    fake.hold["chat.postMessage"] = slow = threading.Event()
    watch.write(1208, 1199)
    watch.round()
    fake.hold["conversations.history"] = looked = threading.Event()
    watch.round()  # whether Slack has the post is not known: not posted on a guess
    assert len(change_posts(fake)) == 1 and watch.untold() == 1
    slow.set()
    looked.set()
    fake.hold.clear()
    watch.round()
    assert len(change_posts(fake)) == 1 and watch.untold() == 0


# `/recount watch` reads its first round under the lease (issue 32): a results file on a
# server on loopback, the real app against the fake Slack.
@pytest.fixture
def county_file() -> Iterator[ResultsServer]:
    server = ResultsServer()
    server.files["/results.csv"] = Served(county_table(1204, 1199))
    yield server
    server.stop()


def test_a_new_watchs_first_round_is_read_under_its_lease_and_no_poller_finds_it_due(
    fake: FakeSlack, after_ack: AfterAck, database: str, county_file: ResultsServer
) -> None:
    app, watching = watching_app(fake, after_ack, database, county_file)
    run_command(app, fake, f"watch {county_file.url('/results.csv')} canvass 11/16 every 5m")
    assert after_ack.drain(timeout=30)
    (watch,) = watching.store().running("slack:")
    assert len(county_file.requests) == 1
    assert watch.lease_owner is None  # the command's lease, given back after its round
    store = watching.store()
    assert store.due(utcnow()) == []  # no poller reads it again before its interval
    assert [w.id for w in store.due(utcnow() + timedelta(minutes=5, seconds=1))] == [watch.id]


def test_the_first_round_is_read_holding_the_lease(
    fake: FakeSlack, after_ack: AfterAck, database: str, county_file: ResultsServer
) -> None:
    app, watching = watching_app(fake, after_ack, database, county_file)
    holders: list[str | None] = []
    served = county_file.files["/results.csv"]

    class Seen(UrlFetcher):
        def fetch(self, url: str, **conditions: str | None) -> Fetched:
            (watch,) = watching.store().running("slack:")
            holders.append(watch.lease_owner)
            return Fetched(200, served.body, None, None)

    watching.fetcher = Seen(Policy.from_setting(county_file.base))
    run_command(app, fake, f"watch {county_file.url('/results.csv')} canvass 11/16 every 5m")
    assert after_ack.drain(timeout=30)
    (holder,) = holders
    assert holder is not None and holder.startswith(f"{watching.owner}:start:")


@pytest.mark.parametrize("poller", ["another process", "this process"])
def test_a_watch_continued_while_a_poller_holds_it_is_left_to_that_poller(
    fake: FakeSlack, after_ack: AfterAck, database: str, county_file: ResultsServer, poller: str
) -> None:
    app, watching = watching_app(fake, after_ack, database, county_file)
    url = county_file.url("/results.csv")
    run_command(app, fake, f"watch {url} canvass 11/16 every 5m")
    assert after_ack.drain(timeout=30)
    store = watching.store()
    (watch,) = store.running("slack:")
    holder = watching.owner if poller == "this process" else "another process"
    assert store.take_lease(watch.id, holder, timedelta(minutes=10))
    run_command(app, fake, f"watch {url} canvass 11/16 complete every 5m")  # new settings
    assert after_ack.drain(timeout=30)
    assert len(county_file.requests) == 1  # not read here: the holder reads it
    (again,) = store.running("slack:")
    assert again.id == watch.id and again.options.get("complete") is True
    assert again.lease_owner == holder
    assert [w.id for w in store.due(utcnow())] == [watch.id]  # due at once, for the holder


def test_a_source_switching_between_two_readings_is_posted_once_with_a_word(
    watch: ChannelWatch, fake: FakeSlack
) -> None:
    for smith in (1208, 1204, 1208, 1204, 1208, 1204):  # margin 9, 5, 9, 5, 9, 5
        watch.write(smith, 1199)
        watch.round()
    posts = change_posts(fake)
    assert [p["text"].startswith("1 change since") for p in posts] == [True, True, True]
    saying = ["keeps switching between two readings" in json.dumps(p) for p in posts]
    assert saying == [False, False, True] and watch.untold() == 0
