"""What follows `/recount watch`: the URLs (as Slack writes links), how often, the scan's words;
and a watch's rounds in a channel, against the fake Slack."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date
from functools import partial

import pytest
from slack_bolt import App

from bot.net.fetch import Policy, UrlFetcher
from bot.watcher import open_backend
from domain import InputError
from handlers.slack.after_ack import AfterAck
from handlers.slack.watching import parse_watch, poller_run
from handlers.watch.service import MAX_SOURCES, Watching

from ...fake_slack import FakeSlack
from ...results_server import ResultsServer, Served
from ...slack_helpers import block_texts, run_command, settings_for
from ..results.fixtures import county_zip
from .scan_payloads import blocks_of, dropped, send
from .watch_payloads import answer

TODAY = date(2026, 11, 18)


def test_slack_links_how_often_and_the_canvass() -> None:
    request = parse_watch(
        "<https://results.example/a.xlsx|a.xlsx> https://results.example/b.xlsx "
        "canvass 11/16 every 10m",
        TODAY,
    )
    assert request.sources == ("https://results.example/a.xlsx", "https://results.example/b.xlsx")
    assert request.every_s == 600
    assert request.options["canvass"] == "2026-11-16"


@pytest.mark.parametrize(("count", "ok"), [(MAX_SOURCES, True), (MAX_SOURCES + 1, False)])
def test_at_most_ten_sources(count: int, ok: bool) -> None:
    text = " ".join(f"https://results.example/{i}.xlsx" for i in range(count))
    if ok:
        assert len(parse_watch(text, TODAY).sources) == count
    else:
        with pytest.raises(InputError, match=f"{count} sources"):
            parse_watch(text, TODAY)


def test_no_url_says_how_to_write_one() -> None:
    with pytest.raises(InputError, match="name the results URL"):
        parse_watch("canvass 11/16", TODAY)


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
    assert "Scanned 55 files" in json.dumps(fake.to("chat.update")[0].body)
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
