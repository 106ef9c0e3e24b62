"""A watch's messages: the root names who started it and each contest to act on, with Check;
a change post says what to do and leaves the long paragraphs to Show the work."""

from __future__ import annotations

from datetime import date

from slack_bolt import App

from domain.changes import compare
from handlers.results import Scan, ScanOptions, scan
from handlers.results.compare import changes_between, readings_of
from handlers.slack.after_ack import AfterAck
from handlers.slack.check.work import WORK_ACTION_ID, work_view
from handlers.slack.scan.summary import CHECK_ACTION_ID
from handlers.slack.watch.messages import (
    MAX_ROOT_CONTESTS,
    NOTHING_TO_ACT_ON,
    STOP_ACTION_ID,
    changes_message,
    root_message,
)

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import (
    CHANNEL,
    USER,
    assert_valid,
    block_texts,
    button_payload,
    dispatch,
)
from ....slack_limits import assert_within_limits
from ....workbooks import add_votes
from ...results.fixtures import COUNTY_WORKBOOKS, need


def test_the_root_message_mentions_who_started_it() -> None:
    message = root_message(["https://results.example/<x>.xlsx"], 300, USER, None, "signed")
    assert message.text == f"Watching 1 source every 5 min — started by <@{USER}>"
    section = message.blocks[0]["text"]["text"]
    assert f"<@{USER}>" in section and "&lt;x&gt;" in section  # the URL's words escaped


def test_a_change_post_says_what_was_read_and_when() -> None:

    name = "CTYALL Results(7).xlsx"
    data = need(COUNTY_WORKBOOKS).joinpath(name).read_bytes()
    options = ScanOptions(today=date(2022, 11, 30), canvass=date(2022, 11, 28))
    before = scan([(name, data)], options)
    after = scan([(name, add_votes(data, "CLERK AN", "D", 60))], options)
    message = changes_message(compare(readings_of(before), readings_of(after)), after, "then")
    (context,) = [b for b in message.blocks if b["type"] == "context"][:1]
    said = context["elements"][0]["text"]
    assert said.startswith(f"Read {name}: 2022 Unofficial General Election Results;")
    assert "downloaded 11/23/2022" in said and "unofficial" in said


def _bond_band_scan() -> Scan:
    rows = ["Sheriff,Smith,10000", "Sheriff,Jones,9920", "Mayor,Ann,500", "Mayor,Bob,480"]
    data = "\n".join(["contest,choice,votes", *rows]).encode()
    return scan([("t.csv", data)], OPTIONS)


OPTIONS = ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16))


def test_the_root_names_each_contest_to_act_on_with_check(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    """The Sheriff's margin (80 of 19,920) is in the bond band; the Mayor's (20 of 980) is
    too large: the root names the one, with a Check button that posts its verdict in the
    root's thread, and leaves the other out."""
    message = root_message(["https://results.example/r.xlsx"], 300, USER, _bond_band_scan(), "s")
    assert_valid(message.blocks)
    assert_within_limits(message.blocks)
    text = block_texts(message.blocks)
    assert "First reading: 2 contests, 0 recount available, 1 in the bond band" in text
    named = [b for b in message.blocks if "accessory" in b]
    assert [b["text"]["text"].split("\n")[0] for b in named] == [
        "*Recount with a bond may be available (13-16-211)* — Sheriff — county not named in t.csv"
    ]
    assert "Mayor" not in text
    (check,) = [b["accessory"] for b in named]
    assert (check["action_id"], check["text"]["text"]) == (CHECK_ACTION_ID, "Check")
    assert [b["elements"][0]["action_id"] for b in message.blocks if b["type"] == "actions"] == [
        STOP_ACTION_ID
    ]
    # the button has a listener: a click posts the Sheriff's verdict in the root's thread
    root_ts = "1700000000.000100"
    click = button_payload(check["value"], action_id=CHECK_ACTION_ID, channel=CHANNEL)
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)
    (posted,) = fake.to("chat.postMessage")
    assert (posted.body["channel"], posted.body["thread_ts"]) == (CHANNEL, root_ts)
    assert "Jones" in block_texts(posted.body["blocks"])


def test_a_root_with_nothing_to_act_on_says_so() -> None:
    rows = ["Mayor,Ann,500", "Mayor,Bob,480"]
    data = "\n".join(["contest,choice,votes", *rows]).encode()
    message = root_message(["u"], 300, USER, scan([("t.csv", data)], OPTIONS), "s")
    assert NOTHING_TO_ACT_ON in block_texts(message.blocks)
    assert not [b for b in message.blocks if "accessory" in b]


def test_more_to_act_on_than_the_root_names_are_counted() -> None:
    """At, and one above, the contests a root names."""
    for count in (MAX_ROOT_CONTESTS, MAX_ROOT_CONTESTS + 1):
        rows = [f"Sheriff {i},Smith,{1000 + i}\nSheriff {i},Jones,{995 + i}" for i in range(count)]
        data = "\n".join(["contest,choice,votes", *rows]).encode()
        message = root_message(["u"], 300, USER, scan([("t.csv", data)], OPTIONS), "s")
        assert_valid(message.blocks)
        assert len([b for b in message.blocks if "accessory" in b]) == MAX_ROOT_CONTESTS
        more = "… and 1 more to act on." in block_texts(message.blocks)
        assert more is (count > MAX_ROOT_CONTESTS)


def test_a_bond_band_change_post_leaves_the_long_paragraphs_to_the_work() -> None:
    """The 60-word "After filing" paragraph and today's code are the modal's (Show the
    work); the post says the votes, the margin and what to do."""
    after = _bond_band_scan()
    message = changes_message(changes_between({}, after), after, "then")
    assert_valid(message.blocks)
    text = block_texts(message.blocks)
    assert "Jones is 80 votes behind Smith" in text
    assert "Jones may petition for a recount with a bond (13-16-211)" in text
    assert "After filing" not in text and "Would qualify with" not in text
    actions = [
        e["action_id"] for b in message.blocks if b["type"] == "actions" for e in b["elements"]
    ]
    assert WORK_ACTION_ID in actions
    (sheriff,) = [c for c in after.contests if c.contest.title == "Sheriff"]
    assert sheriff.verdict is not None
    assert "After filing: " in block_texts(work_view(sheriff.verdict)["blocks"])
