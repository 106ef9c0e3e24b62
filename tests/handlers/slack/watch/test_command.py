"""`/recount watch ...` in a channel: list, stop, and the refusals with the fix."""

from __future__ import annotations

from pathlib import Path

from slack_bolt import App

from bot.store.backend import Store
from bot.store.database import open_database
from handlers.slack.after_ack import AfterAck
from handlers.slack.watch.watching import NO_DATABASE
from handlers.watch.records import Place, PlaceKind, WatchSpec, WatchStatus

from ....fake_slack import FakeSlack
from ....handlers.slack.watch_payloads import PLACE, answer, gone_away
from ....slack_helpers import USER, run_command


def test_list_and_stop_this_channels_watches(
    app: App, fake: FakeSlack, after_ack: AfterAck, database: str
) -> None:
    store = Store(open_database(database))
    spec = WatchSpec(PLACE, ("https://results.example/x.xlsx",), {}, 300)
    watch = store.watch_for(spec, USER)
    store.set_root(watch.id, "1700000000.000100")
    other = store.watch_for(
        WatchSpec(Place.slack("T0MONTANA", "C0OTHER"), spec.sources, {}, 300), USER
    )
    listed = answer(run_command(app, fake, "watch list"))
    assert listed.startswith("1 watch in this channel:")
    assert "https://results.example/x.xlsx every 5 min" in listed
    assert answer(run_command(app, fake, "watch stop")).startswith("Stopping")
    assert after_ack.drain(timeout=10)
    (update,) = fake.to("chat.update")
    assert update.body["ts"] == "1700000000.000100"
    assert update.body["text"].startswith(f"Stopped watching 1 source by <@{USER}> at ")
    assert "Stopped 1 watch(es)." in str(fake.to("respond/cmd")[-1].body)
    assert [w.status for w in store.watches(PLACE)] == [WatchStatus.STOPPED]
    running = [w.id for w in store.running(Place.prefix(PlaceKind.SLACK))]
    assert running == [other.id]  # another channel's watch runs on
    assert answer(run_command(app, fake, "watch list")).startswith("No watch runs")


def test_more_than_ten_sources_are_refused_with_the_number(app: App, fake: FakeSlack) -> None:
    urls = " ".join(f"https://results.example/{n}.xlsx" for n in range(11))
    said = answer(run_command(app, fake, f"watch {urls}"))
    assert said == "11 sources: a watch reads 10 at the most"
    assert fake.calls == []


def test_a_watch_without_a_url_says_how_to_write_one(app: App, fake: FakeSlack) -> None:
    said = answer(run_command(app, fake, "watch canvass 11/28"))
    assert said.startswith("name the results URL to watch.")
    assert "/recount watch URL..." in said


def test_watch_list_with_the_database_gone_away_answers_in_plain_words(
    fake: FakeSlack, after_ack: AfterAck, database: str, tmp_path: Path
) -> None:
    bot = gone_away(fake, after_ack, database, tmp_path)
    response = run_command(bot, fake, "watch list")
    assert response.status == 200
    assert answer(response) == NO_DATABASE


def test_a_refusal_quoting_what_was_typed_is_escaped(app: App, fake: FakeSlack) -> None:
    """`<!channel>` typed where a duration goes was quoted back as markup: Slack would have
    read it as a mention of everyone in the channel."""
    said = answer(run_command(app, fake, "watch https://results.example/x.xlsx every <!channel>"))
    assert said == '"&lt;!channel&gt;" is not a duration; write it like 90s, 5m or 1h'


def test_watch_stop_with_the_database_gone_away_answers_in_plain_words(
    fake: FakeSlack, after_ack: AfterAck, database: str, tmp_path: Path
) -> None:
    bot = gone_away(fake, after_ack, database, tmp_path)
    assert answer(run_command(bot, fake, "watch stop")).startswith("Stopping")
    assert after_ack.drain(timeout=10)
    assert fake.to("respond/cmd")[-1].body["text"] == NO_DATABASE
