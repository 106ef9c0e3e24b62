"""The Home tab: three lines, New check, how to scan, and every scheduled reminder soonest
first, read from Slack; refreshed on opening and after a reminder changes."""

from __future__ import annotations

import json
from typing import Any

from slack_bolt import App

from bot.store.database import open_database
from bot.store.queries import Store, overview
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.slack.after_ack import AfterAck
from handlers.slack.events.home import NEW_CHECK_ACTION_ID, home_view
from handlers.watch.records import WatchSpec

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import USER, dispatch


def opened(user: str = USER) -> str:
    return json.dumps(
        {
            "type": "event_callback",
            "team_id": "T0MONTANA",
            "api_app_id": "A0RECOUNT",
            "event_id": "Ev0HOME",
            "event_time": 1700000000,
            "event": {"type": "app_home_opened", "user": user, "channel": "D0CLERK", "tab": "home"},
        }
    )


def published(fake: FakeSlack) -> dict[str, Any]:
    call = fake.to("views.publish")[-1]
    view = call.body["view"]
    assert call.body["user_id"] == USER
    return json.loads(view) if isinstance(view, str) else dict(view)


def test_the_home_tab_lists_reminders_soonest_first(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.scheduled += [
        {
            "id": "Q2",
            "channel_id": "C0TWO",
            "post_at": 1_800_000_000,
            "text": "x\nRace: later race",
        },
        {
            "id": "Q1",
            "channel_id": "C0ONE",
            "post_at": 1_790_000_000,
            "text": "x\nRace: sooner race\nThe verdict: https://montana.slack.com/archives/C0ONE/p1",
        },
    ]
    assert dispatch(app, opened(), content_type="application/json").status == 200
    assert after_ack.drain(timeout=10)
    view = published(fake)
    text = json.dumps(view)
    assert view["type"] == "home"
    assert text.index("sooner race") < text.index("later race")
    assert "<#C0ONE>" in text and "|verdict>" in text
    assert "Scan a whole canvass" in text and "New check" in text


def test_with_no_reminders_it_says_how_to_make_one(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, opened(), content_type="application/json")
    assert after_ack.drain(timeout=10)
    assert "No reminders scheduled" in json.dumps(published(fake))


def test_new_check_opens_the_form_for_the_dm(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, opened(), content_type="application/json")
    assert after_ack.drain(timeout=10)
    view = published(fake)
    button = next(e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"])
    assert button["action_id"] == NEW_CHECK_ACTION_ID
    payload = {
        "type": "block_actions",
        "user": {"id": USER},
        "team": {"id": "T0MONTANA"},
        "trigger_id": "1.2.3",
        "view": {"id": "VHOME", "type": "home", "callback_id": ""},
        "actions": [{"action_id": NEW_CHECK_ACTION_ID, "value": button["value"]}],
    }
    assert dispatch(app, payload_body(payload)).status == 200
    assert after_ack.drain(timeout=10)
    form = fake.to("views.open")[0].body["view"]
    assert "recount_form" in (form if isinstance(form, str) else json.dumps(form))
    # someone else's button opens nothing
    payload["user"] = {"id": "U0OTHER"}
    dispatch(app, payload_body(payload))
    assert after_ack.drain(timeout=10)
    assert len(fake.to("views.open")) == 1


def test_the_home_tab_lists_running_watches(database: str) -> None:
    store = Store(open_database(database))
    spec = WatchSpec("slack:T0MONTANA:C0CANVASS", ("https://results.example/x.xlsx",), {}, 300)
    watch = store.watch_for(spec, "U0CLERK")
    before = ContestReading("k", "Sheriff", Band.NONE, 200, ("A",), "margin_too_large", ())
    after = ContestReading("k", "Sheriff", Band.RECOUNT, 9, ("A",), "recount_available", ())
    change = Change("k", "Sheriff", ChangeKind.ENTERED, before, after)
    store.store_reading(watch.id, "general", {}, {"k": after}, [change])
    text = json.dumps(home_view("signed", [], overview(store, "slack:")), ensure_ascii=False)
    assert "*Watches*" in text and "<#C0CANVASS>" in text
    assert "https://results.example/x.xlsx every 5 min" in text
    assert "last change: Entered the recount band — Sheriff: margin 9" in text
    assert "The bot's database could not be asked" in json.dumps(home_view("s", [], None))
