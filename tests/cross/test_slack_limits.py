"""Slack's published Block Kit limits (tests/slack_limits.py), over the largest messages the
fixtures can produce: every real export's scan summary, each of its listed contests' short
verdict and work modal, and the largest watch round (every contest new at once). A summary
with more contests to act on than its table holds says how many more and offers the file."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from handlers.results import Scan, ScanOptions, scan
from handlers.results.compare import changes_between
from handlers.slack.check.verdict import verdict_message
from handlers.slack.check.work import work_view
from handlers.slack.scan.summary import MAX_LISTED, listed_contests, scan_summary
from handlers.slack.watch.messages import MAX_CHANGES, changes_message, root_message

from ..handlers.results.fixtures import (
    COUNTY_WORKBOOKS,
    GENERAL_2014,
    GENERAL_2020,
    LEGISLATIVE,
    OPENELECTIONS_2014,
    OPENELECTIONS_2016,
    PRIMARY_2016,
    PRIMARY_2020,
    PRIMARY_PRECINCTS,
    need,
)
from ..slack_helpers import assert_valid, block_texts
from ..slack_limits import (
    TABLE_ROWS,
    assert_attachments_within_limits,
    assert_short,
    assert_view_within_limits,
    assert_within_limits,
)

# Each export, the election it is, and a county canvass of its year (the Monday three weeks
# after a general, two after a primary: near enough; the limits do not turn on the day).
EXPORTS: list[tuple[Path, str, date]] = [
    (COUNTY_WORKBOOKS, "general", date(2022, 11, 28)),
    (LEGISLATIVE, "general", date(2022, 11, 28)),
    (PRIMARY_PRECINCTS, "primary", date(2022, 6, 20)),
    (PRIMARY_2020, "primary", date(2020, 6, 15)),
    (PRIMARY_2016, "primary", date(2016, 6, 20)),
    (GENERAL_2020, "general", date(2020, 11, 23)),
    (GENERAL_2014, "general", date(2014, 11, 24)),
    (OPENELECTIONS_2016, "general", date(2016, 11, 28)),
    (OPENELECTIONS_2014, "primary", date(2014, 6, 16)),
]


def scanned(path: Path, election: str, canvass: date, days_after: int = 1) -> Scan:
    path = need(path)
    files = sorted(path.iterdir()) if path.is_dir() else [path]
    named = [(p.name, p.read_bytes()) for p in files if p.suffix in (".xlsx", ".csv")]
    options = ScanOptions(
        today=canvass + timedelta(days=days_after),
        canvass=canvass,
        election=election,
        complete=path.is_file(),
    )
    return scan(named, options, found_in_folders={n for n, _ in named} if path.is_dir() else ())


@pytest.mark.parametrize(
    ("path", "election", "canvass"), EXPORTS, ids=[p.name for p, *_ in EXPORTS]
)
def test_every_exports_summary_verdicts_and_largest_round_fit(
    path: Path, election: str, canvass: date
) -> None:
    result = scanned(path, election, canvass)
    message = scan_summary(result, kit_value=lambda c: "k" * 200)
    assert_valid(message.blocks)
    assert_within_limits(message.blocks)
    listed = listed_contests(result)
    assert_attachments_within_limits(message.attachments)
    tables = [b for b in message.attached_blocks() if b["type"] == "table"]
    assert [len(t["rows"]) - 1 for t in tables] == (
        [min(len(listed), MAX_LISTED)] if listed else []
    )
    assert all(len(t["rows"]) <= TABLE_ROWS for t in tables)
    if len(listed) > MAX_LISTED:  # the rest counted, and the file offered
        assert f"… and {len(listed) - MAX_LISTED} more to act on" in block_texts(message.blocks)
        assert "recount-scan.csv" in block_texts(message.blocks)
    for contest in listed:
        assert contest.verdict is not None
        verdict = verdict_message(contest.verdict, asked_by="U0CLERK", remind="r" * 300)
        assert_valid(verdict.blocks)
        assert_short(verdict.blocks)
        assert_view_within_limits(work_view(contest.verdict))
    # the largest round: every contest of the export new at once
    changes = changes_between({}, result)
    round_message = changes_message(changes, result, "Nov 29 10:00")
    assert_valid(round_message.blocks)
    assert_within_limits(round_message.blocks)
    if len(changes) >= MAX_CHANGES:
        more = len(changes) - (MAX_CHANGES - 1)
        assert f"… and {more} more changes this round" in block_texts(round_message.blocks)
    root = root_message(["https://example.test/r.xlsx"], 300, "U0CLERK", result, "s")
    assert_valid(root.blocks)
    assert_within_limits(root.blocks)


def test_a_summary_with_more_to_act_on_than_the_table_holds() -> None:
    """At one below, at and one above the table's rows: the count and the file are said only
    when some contest to act on is not in the table."""
    rows = "\n".join(
        f"Sheriff {i},Smith,{1000 + i}\nSheriff {i},Jones,{995 + i}" for i in range(MAX_LISTED + 1)
    )
    data = f"contest,choice,votes\n{rows}\n".encode()
    for count in (MAX_LISTED - 1, MAX_LISTED, MAX_LISTED + 1):
        lines = data.decode().splitlines()[: 1 + 2 * count]
        result = scan(
            [("t.csv", ("\n".join(lines) + "\n").encode())],
            ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16)),
        )
        message = scan_summary(result)
        assert_within_limits(message.blocks)
        (table,) = [b for b in message.attached_blocks() if b["type"] == "table"]
        assert len(table["rows"]) - 1 == min(count, MAX_LISTED)
        said = block_texts(message.blocks)
        assert ("more to act on" in said) is (count > MAX_LISTED)
        if count > MAX_LISTED:
            assert "… and 1 more to act on, in the attached recount-scan.csv" in said
