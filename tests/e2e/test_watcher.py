"""A watch in Slack, end to end as deployed: bot processes over real HTTP against the fake Slack,
a results server on loopback whose workbook a test changes, and one database between them.
Start, change, Stop; restart and see no repost; two processes, one post per change."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ..fake_slack import FakeSlack, command_body, payload_body, signed_headers
from ..handlers.results.fixtures import COUNTY_WORKBOOKS, need
from ..results_server import ResultsServer, Served
from ..servers import free_port, post, start_server
from ..workbooks import add_votes

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow

CASCADE = "CTYALL Results(7).xlsx"
FAST = {
    "RECOUNT_WATCH_MIN_INTERVAL_S": "1",
    "RECOUNT_WATCH_TICK_S": "0.2",
    "RECOUNT_WATCH_LEASE_S": "3",
}


def cascade(column: str = "D", delta: int = 0) -> bytes:
    original = (need(COUNTY_WORKBOOKS) / CASCADE).read_bytes()
    return add_votes(original, "CLERK AN", column, delta) if delta else original


@pytest.fixture
def results() -> Iterator[ResultsServer]:
    server = ResultsServer()
    server.files["/cascade.xlsx"] = Served(cascade())
    yield server
    server.stop()


def bot(fake: FakeSlack, results: ResultsServer) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    argv = [sys.executable, "-m", "bot", "serve", "--http", "--port", str(port)]
    process = start_server(
        argv,
        port,
        fake,
        RECOUNT_WATCH_HOSTS=f"http://127.0.0.1:{results.server.server_address[1]}",
        **FAST,
    )
    return process, f"http://127.0.0.1:{port}"


def stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    return err


def posts(fake: FakeSlack, containing: str) -> list[dict[str, Any]]:
    return [c.body for c in fake.to("chat.postMessage") if containing in str(c.body.get("text"))]


def blocks_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    blocks = body["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else list(blocks)


def wait_until(test: Any, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def start_watch(base: str, fake: FakeSlack, results: ResultsServer) -> None:
    body = command_body(
        f"watch {results.url('/cascade.xlsx')} canvass 2022-11-28 every 1s", fake.response_url()
    )
    status, text = post(f"{base}/slack/events", body, signed_headers(body))
    assert status == 200 and "Reading the sources" in text
    wait_until(lambda: fake.to("chat.update"))  # the root message, with the first reading


def test_start_change_and_stop(fake: FakeSlack, results: ResultsServer, any_database: str) -> None:
    process, base = bot(fake, results)
    try:
        start_watch(base, fake, results)
        (root,) = [c.body for c in fake.to("chat.postMessage")]
        assert root["text"].startswith("Watching 1 source every 1 s — started by")
        update = fake.to("chat.update")[0].body
        # the first reading: its counts, the contest to look at with its Check, what was read
        first = json.dumps(blocks_of(update), ensure_ascii=False)
        assert "First reading: 37 contests, 0 recount available, 1 deadline passed" in first
        assert "CLERK AND RECORDER/AUDITOR/SURVEYOR" in first and '"scan_check"' in first
        assert "Read cascade.xlsx" in first
        results.change("/cascade.xlsx", cascade("D", 60))  # 90: into the bond band
        wait_until(lambda: posts(fake, "1 change since"))
        (change,) = posts(fake, "1 change since")
        assert "Moved to the 13-16-211 bond band" in change["text"]
        said = blocks_of(change)
        # what was read, and when (the workbook's banner), then the change with its Check
        assert said[1]["type"] == "context" and "Read cascade.xlsx" in json.dumps(said[1])
        assert [e["action_id"] for e in said[3]["elements"]] == ["scan_check", "show_work"]
        # Stop: the signed button on the root message
        stop_button = blocks_of(update)[-1]["elements"][0]
        click = {
            "type": "block_actions",
            "team": {"id": "T0MONTANA"},
            "user": {"id": "U0CLERK"},
            "channel": {"id": "C0CANVASS"},
            "message": {"ts": "1700000000.000100"},
            "actions": [{"action_id": stop_button["action_id"], "value": stop_button["value"]}],
            "response_url": fake.response_url(),
        }
        body = payload_body(click)
        assert post(f"{base}/slack/events", body, signed_headers(body))[0] == 200
        wait_until(
            lambda: any(
                "Stopped watching" in str(c.body.get("text")) for c in fake.to("chat.update")
            )
        )
        results.change("/cascade.xlsx", cascade("D", 200))  # would be a change: nobody reads
        time.sleep(2)
        assert len(posts(fake, "change since")) == 1
    finally:
        stop(process)


def test_a_restart_reposts_nothing_and_two_processes_post_once(
    fake: FakeSlack, results: ResultsServer, any_database: str
) -> None:
    first, base = bot(fake, results)
    start_watch(base, fake, results)
    results.change("/cascade.xlsx", cascade("D", 60))
    wait_until(lambda: posts(fake, "change since"))
    stop(first)  # SIGTERM: its lease is given back
    second, _ = bot(fake, results)
    third, _ = bot(fake, results)  # two processes on one database
    try:
        time.sleep(2.5)  # rounds run: nothing changed, nothing is posted again
        assert len(posts(fake, "change since")) == 1
        results.change("/cascade.xlsx", cascade("C", 140))  # the loser leads
        wait_until(lambda: len(posts(fake, "change since")) == 2)
        time.sleep(2.5)  # both processes poll on: the change is told once
        changes = posts(fake, "change since")
        assert len(changes) == 2 and "Leader changed" in changes[1]["text"]
    finally:
        stop(second)
        stop(third)


def test_a_dead_pollers_watch_is_resumed_after_its_lease_expires(
    fake: FakeSlack, results: ResultsServer, any_database: str
) -> None:
    first, base = bot(fake, results)
    start_watch(base, fake, results)
    first.kill()  # no SIGTERM: its lease stays until it expires (3 s here)
    first.communicate(timeout=10)
    second, _ = bot(fake, results)
    try:
        results.change("/cascade.xlsx", cascade("D", 60))
        wait_until(lambda: posts(fake, "change since"), seconds=20)
        assert len(posts(fake, "change since")) == 1
    finally:
        stop(second)


def test_a_url_not_listed_is_refused_privately_and_fetched_never(
    fake: FakeSlack, results: ResultsServer
) -> None:
    process, base = bot(fake, results)
    try:
        body = command_body("watch https://results.example.org/x.xlsx", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200
        reply = json.loads(text)
        assert reply["response_type"] == "ephemeral"
        assert "results.example.org is not a host this server may fetch" in reply["text"]
        assert fake.to("chat.postMessage") == [] and results.requests == []
    finally:
        stop(process)


def test_a_bot_not_in_the_channel_says_how_to_add_it_and_starts_nothing(
    fake: FakeSlack, results: ResultsServer
) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    process, base = bot(fake, results)
    try:
        body = command_body(f"watch {results.url('/cascade.xlsx')}", fake.response_url())
        assert post(f"{base}/slack/events", body, signed_headers(body))[0] == 200
        wait_until(lambda: fake.to("respond/cmd"))
        said = fake.to("respond/cmd")[0].body
        assert "invite me with /invite @recount" in str(said) and "No watch was started" in str(
            said
        )
        assert results.requests == []  # nothing was fetched
        body = command_body("watch list", fake.response_url())
        _, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert "No watch runs in this channel" in json.loads(text)["text"]
    finally:
        stop(process)


def test_a_slack_slower_than_the_bots_wait_gets_each_change_once(
    fake: FakeSlack, results: ResultsServer
) -> None:
    """As shipped (a Web API call waits 5 s): Slack takes the round's post and answers after
    the bot stopped waiting; the next rounds find it in the channel and post nothing again."""
    process, base = bot(fake, results)
    try:
        start_watch(base, fake, results)
        fake.hold["chat.postMessage"] = slow = threading.Event()
        fake.held_s = 30
        results.change("/cascade.xlsx", cascade("D", 60))
        wait_until(lambda: fake.to("conversations.history"), seconds=30)  # it looked
        slow.set()
        del fake.hold["chat.postMessage"]
        time.sleep(2.5)  # rounds run on: the change is not posted again
        assert len(posts(fake, "change since")) == 1 and len(fake.messages) == 2  # root too
        results.change("/cascade.xlsx", cascade("C", 140))  # the loser leads
        wait_until(lambda: len(posts(fake, "change since")) == 2)
        time.sleep(2.5)
        assert len(posts(fake, "change since")) == 2
    finally:
        stop(process)
