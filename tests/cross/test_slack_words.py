"""Slack words in Slack (issue 35, item 5): every scan and watch message the bot builds from
a real export says the words a clerk types in Slack (seats "TITLE=N", "complete", state
canvass DATE), never a command-line flag: no "--" anywhere a reader sees."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from handlers.results import Scan, ScanOptions, scan
from handlers.results.compare import changes_between
from handlers.slack.blocks.scan import election_question, scan_error, scan_summary
from handlers.slack.blocks.verdict import SlackMessage
from handlers.slack.blocks.watch import changes_message, root_message, source_message
from handlers.watch.records import Remembered
from handlers.watch.rounds import SWITCHING

from ..handlers.results.fixtures import county_workbooks
from ..slack_limits import visible_text
from ..workbooks import layout_2024
from .test_slack_limits import EXPORTS, scanned


def seen(message: SlackMessage) -> str:
    """What a reader sees of a message: its blocks, its attachment's table, its notification."""
    return "\n".join(
        [visible_text(message.blocks), visible_text(message.attached_blocks()), message.text]
    )


def every_shape(result: Scan) -> list[SlackMessage]:
    """Each scan and watch message built from one reading: the summary (alone, and after a
    last scan in the DM), the watch's root with its first reading, and its largest round
    (every contest new at once, with a word that a source keeps switching)."""
    changes = changes_between({}, result)
    since = Remembered(datetime(2022, 11, 29, 17, 0), changes)
    return [
        scan_summary(result),
        scan_summary(result, since),
        root_message(["https://example.test/r.xlsx"], 300, "U0CLERK", result, "s"),
        changes_message(changes, result, "Nov 29 10:00", note=SWITCHING),
    ]


@pytest.mark.parametrize(
    ("path", "election", "canvass"), EXPORTS, ids=[p.name for p, *_ in EXPORTS]
)
def test_no_flag_in_any_scan_or_watch_message_of_an_export(
    path: Path, election: str, canvass: date
) -> None:
    for days_after in (-3, 1, 30):  # before the canvass, in the window, after it
        result = scanned(path, election, canvass, days_after)
        for message in every_shape(result):
            assert "--" not in seen(message), message.blocks[0]


def test_no_flag_where_the_scan_asks_most() -> None:
    """A share of the state (20 county workbooks: "complete" is the answer), and the 2024
    layout without any canvass date (its advice is to add the dates)."""
    options = ScanOptions(today=date(2022, 11, 30))
    for files in (county_workbooks()[:20], [(n, layout_2024(d)) for n, d in county_workbooks()]):
        result = scan(files, options)
        for message in every_shape(result):
            assert "--" not in seen(message)
    share = seen(scan_summary(scan(county_workbooks()[:20], options)))
    assert '"complete"' in share  # the word to give, as a Slack message gives it


def test_no_flag_in_the_scans_one_line_answers() -> None:
    assert "--" not in seen(scan_error('--county "x.xlsx=...": no file of that name is scanned'))
    assert "--" not in seen(election_question("results.xlsx", {}))
    assert "--" not in seen(source_message("r.xlsx: give --election primary"))
