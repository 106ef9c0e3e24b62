"""The scan's summary message: valid Block Kit within Slack's limits, escaped, with Check."""

from __future__ import annotations

import json
from datetime import date

from handlers.results import ScanOptions, scan
from handlers.slack.blocks.scan import CHECK_ACTION_ID, MAX_LISTED, scan_error, scan_summary

from ....slack_helpers import assert_valid, block_texts


def summary_of(rows: list[str]) -> object:
    data = "\n".join(["contest,choice,votes", *rows]).encode()
    return scan(
        [("t.csv", data)], ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16))
    )


def test_each_contest_to_act_on_has_a_check_button() -> None:
    message = scan_summary(summary_of(["Sheriff,Smith,1204", "Sheriff,Jones,1199"]))  # type: ignore[arg-type]
    assert_valid(message.blocks)
    buttons = [b["accessory"] for b in message.blocks if "accessory" in b]
    assert [b["action_id"] for b in buttons] == [CHECK_ACTION_ID]
    assert json.loads(buttons[0]["value"])["kind"] == "county"
    assert message.text.startswith("Scan: 1 contest, 1 recount available")


def test_many_contests_stay_within_fifty_blocks_and_names_are_escaped() -> None:
    rows = [f"Sheriff {i},<b>{i},{1000 + i}" for i in range(40)] + [
        f"Sheriff {i},Jones,{999 + i}" for i in range(40)
    ]
    message = scan_summary(summary_of(rows))  # type: ignore[arg-type]
    assert_valid(message.blocks)
    assert len(message.blocks) <= 50
    assert sum("accessory" in b for b in message.blocks) == MAX_LISTED
    text = block_texts(message.blocks)
    assert "and 25 more in the CSV" in text and "<b>" not in text


def test_an_error_is_one_line() -> None:
    message = scan_error("x.csv: not a results file <!here>")
    assert_valid(message.blocks)
    assert message.text == ":warning: x.csv: not a results file &lt;!here&gt;"
