"""The Home tab's view: the running watches."""

from __future__ import annotations

import json

from bot.net.fetch import Policy, UrlFetcher
from bot.store.backend import Store
from bot.store.database import open_database
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.slack.home.view import home_view
from handlers.watch.records import Place, WatchSpec
from handlers.watch.service import WatchService


def test_the_home_tab_lists_running_watches(database: str) -> None:
    store = Store(open_database(database))
    spec = WatchSpec(
        Place.slack("T0MONTANA", "C0CANVASS"), ("https://results.example/x.xlsx",), {}, 300
    )
    watch = store.watch_for(spec, "U0CLERK")
    before = ContestReading("k", "Sheriff", Band.NONE, 200, ("A",), "margin_too_large", ())
    after = ContestReading("k", "Sheriff", Band.RECOUNT, 9, ("A",), "recount_available", ())
    change = Change("k", "Sheriff", ChangeKind.ENTERED, before, after)
    store.store_reading(watch.id, "general", {}, {"k": after}, [change])
    text = json.dumps(
        home_view(
            "signed",
            [],
            WatchService(store, UrlFetcher(Policy.from_setting(None))).overview("slack:"),
        ),
        ensure_ascii=False,
    )
    assert "*Watches*" in text and "<#C0CANVASS>" in text
    assert "https://results.example/x.xlsx every 5 min" in text
    assert "last change: Entered the recount band — Sheriff: margin 9" in text
    assert "The bot's database could not be asked" in json.dumps(home_view("s", [], None))
