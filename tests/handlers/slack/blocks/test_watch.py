"""A watch's messages: the root names who started it."""

from __future__ import annotations

from datetime import date

from domain.changes import compare
from handlers.results import ScanOptions, scan
from handlers.results.compare import readings_of
from handlers.slack.blocks.watch import changes_message, root_message

from ....slack_helpers import USER
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
