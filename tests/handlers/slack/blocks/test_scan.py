"""The scan's summary message: valid Block Kit within Slack's limits, escaped, with Check."""

from __future__ import annotations

import json
from datetime import date

from handlers.results import ScanOptions, scan
from handlers.slack.blocks.scan import CHECK_ACTION_ID, MAX_LISTED, scan_error, scan_summary
from handlers.slack.blocks.work import WORK_ACTION_ID

from ....slack_helpers import assert_valid, block_texts
from ....slack_limits import assert_attachments_within_limits, assert_within_limits


def summary_of(rows: list[str]) -> object:
    data = "\n".join(["contest,choice,votes", *rows]).encode()
    return scan(
        [("t.csv", data)], ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16))
    )


def test_each_contest_to_act_on_has_a_check_button() -> None:
    message = scan_summary(summary_of(["Sheriff,Smith,1204", "Sheriff,Jones,1199"]))  # type: ignore[arg-type]
    assert_valid(message.blocks)
    (table,) = [b for b in message.attached_blocks() if b["type"] == "table"]
    assert [[c["text"] for c in row] for row in table["rows"]] == [
        ["#", "Contest", "County or file", "Margin", "Outcome", "Day to act"],
        [
            "1",
            "Sheriff — county not named in t.csv",
            "t.csv",
            "5 votes (largest that qualifies: 10)",
            "Recount available",
            "Fri Nov 20, 2026",
        ],
    ]
    (actions,) = [b for b in message.blocks if b["type"] == "actions"]
    buttons = actions["elements"]
    assert [b["action_id"] for b in buttons] == [CHECK_ACTION_ID, WORK_ACTION_ID]
    assert buttons[0]["text"]["text"] == "1. Check Sheriff — county not named in t.csv"
    assert json.loads(buttons[0]["value"])["kind"] == "county"
    assert buttons[1]["value"] == buttons[0]["value"]
    assert message.text.startswith("Scan: 1 contest, 1 recount available")


def test_many_contests_stay_within_fifty_blocks_and_names_are_escaped() -> None:
    rows = [f"Sheriff {i},<b>{i},{1000 + i}" for i in range(40)] + [
        f"Sheriff {i},Jones,{999 + i}" for i in range(40)
    ]
    message = scan_summary(summary_of(rows))  # type: ignore[arg-type]
    assert_valid(message.blocks)
    assert len(message.blocks) <= 50
    assert_within_limits(message.blocks)
    assert_attachments_within_limits(message.attachments)
    (table,) = [b for b in message.attached_blocks() if b["type"] == "table"]
    assert len(table["rows"]) == MAX_LISTED + 1  # and the header row
    assert sum(b["type"] == "actions" for b in message.blocks) == MAX_LISTED
    text = block_texts(message.blocks)
    assert f"and {40 - MAX_LISTED} more to act on, in the attached recount-scan.csv" in text
    assert "<b>" not in text  # the mrkdwn is escaped; a table cell is raw text


def test_an_error_is_one_line() -> None:
    message = scan_error("x.csv: not a results file <!here>")
    assert_valid(message.blocks)
    assert message.text == ":warning: x.csv: not a results file &lt;!here&gt;"
