"""The scan's summary message: valid Block Kit within Slack's limits, escaped, with Check."""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Final

import pytest

from handlers.results import Scan, ScanOptions, scan
from handlers.slack import text as text_blocks
from handlers.slack.check.work import WORK_ACTION_ID
from handlers.slack.message import SlackMessage
from handlers.slack.scan import summary as scan_blocks
from handlers.slack.scan.summary import (
    CHECK_ACTION_ID,
    MAX_LISTED,
    MAX_PERSON,
    scan_error,
    scan_summary,
)

from ....slack_helpers import assert_valid, block_texts, texts_of
from ....slack_limits import assert_attachments_within_limits, assert_within_limits
from ....workbooks import add_votes, layout_2024
from ...results.fixtures import county_workbooks


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
    # the row says where it is from; its button, the number and the title
    assert buttons[0]["text"]["text"] == "1. Check Sheriff"
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


# The 2024 county workbooks are not in ../shared: their layout is built from the real 2022
# ones (tests/workbooks.layout_2024), and four county offices' TOTALS rows made not to add
# up (one vote more), each a doubt of its own, so that more doubts need a person than the
# summary lists.
TOTALS_OFF: Final = {1: "00944", 2: "01078", 3: "00900", 4: "01187"}  # file (N) -> sheet code


def workbooks_2024() -> list[tuple[str, bytes]]:
    files = []
    for name, data in county_workbooks():
        data = layout_2024(data)
        number = int(name.removeprefix("CTYALL Results(").removesuffix(").xlsx"))
        if number in TOTALS_OFF:
            data = add_votes(data, TOTALS_OFF[number], "C", 1, totals_only=True)
        files.append((name, data))
    return files


# After every deadline of the 2022 canvass: the two contests whose margin qualified are
# "Deadline passed", the rows the issue saw under a header that left them out.
AFTER_THE_WINDOW: Final = ScanOptions(today=date(2022, 12, 20), canvass=date(2022, 11, 28))


@pytest.fixture(scope="module")
def scan_2024() -> Scan:
    return scan(workbooks_2024(), AFTER_THE_WINDOW)


def _unclipped(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (text_blocks, scan_blocks):
        monkeypatch.setattr(module, "clip", lambda text, limit: text)


def _texts(message: SlackMessage) -> list[str]:
    return texts_of([*message.blocks, *message.attached_blocks()])


def test_the_2024_workbooks_summary_counts_what_its_table_shows(scan_2024: Scan) -> None:
    message = scan_summary(scan_2024)
    assert_valid(message.blocks)
    assert_within_limits(message.blocks)
    assert_attachments_within_limits(message.attachments)
    header = message.blocks[0]["text"]["text"]
    (table,) = [b for b in message.attached_blocks() if b["type"] == "table"]
    rows = [[cell["text"] for cell in row] for row in table["rows"][1:]]
    assert [row[4] for row in rows] == ["Deadline passed", "Deadline passed"]
    assert header == "Scan: 613 contests, 0 recount available, 2 deadline passed, 11 need a person"
    # every outcome the table shows is a count of the header, and the counts add up to it
    counted = dict((words, int(n)) for n, words in re.findall(r"(\d+) ([a-z ]+?)(?:,|$)", header))
    outcomes = {row[4].lower() for row in rows}
    assert outcomes <= set(counted)
    assert sum(n for words, n in counted.items() if words in outcomes | {"recount available"}) == (
        len(rows)
    )


def test_the_2024_workbooks_need_a_person_is_capped_one_line_a_doubt(scan_2024: Scan) -> None:
    message = scan_summary(scan_2024)
    (person,) = [
        b["text"]["text"]
        for b in message.blocks
        if b["type"] == "section" and b["text"]["text"].startswith("*Need a person")
    ]
    head, *items = person.split("\n")
    assert head == "*Need a person (11)*"
    bullets = [line for line in items if line.startswith("• ")]
    assert len(bullets) == MAX_PERSON
    # the joint school district's two questions in its three counties' files: one line
    (arlee,) = [b for b in bullets if "ARLEE" in b]
    assert arlee.startswith("• ARLEE SCHOOL DISTRICT JT&amp;8 — 6 contests in 3 files: ")
    assert "ask the school election filing officer" in arlee
    # the seats doubt: its first answer that matters, in the words of a Slack message
    (seats,) = [b for b in bullets if "how many seats?" in b]
    assert seats.endswith(
        'give seats "CONSERVATION DISTRICT SUPERVISOR 4 YEAR TERM=N": with 5 seats, it '
        "qualified, but the deadline has passed"
    )
    assert "with 1 seat" not in seats and "with 4 seats" not in seats
    # 11 contests: 6 and 1 in the two doubts above, and a TOTALS doubt each of the 4 others;
    # 2 of those are listed (the report's order), 2 are left to the CSV
    totals = [b for b in bullets if "the TOTALS row says" in b]
    assert len(totals) == 2
    assert "… and 2 more in recount-scan.csv (its attention column)" in items
    assert "--" not in block_texts(message.blocks)


def test_the_2024_workbooks_summary_cuts_nothing_mid_word(
    scan_2024: Scan, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each text as sent beside the same text never clipped: where they differ, the one sent
    ends with "…" after a whole word of the other."""
    sent = _texts(scan_summary(scan_2024))
    _unclipped(monkeypatch)
    whole = _texts(scan_summary(scan_2024))
    assert len(sent) == len(whole)
    for cut, text in zip(sent, whole, strict=True):
        if cut != text:
            kept = cut.removesuffix("…").rstrip()
            assert cut.endswith("…") and text.startswith(kept), (cut, text)
            assert text[len(kept)] in " \n", (cut, text)


@pytest.mark.parametrize(
    ("advice", "said"),
    [
        ('how many seats? give --seats "TRUSTEES=N"', 'how many seats? give seats "TRUSTEES=N"'),
        ('give --kind "LEVY=question" and --complete', 'give kind "LEVY=question" and "complete"'),
        ("(add --state-canvass DATE)", "(add state canvass DATE)"),
        ("check --county", "check county"),
        # never a title's own dashes
        ("WARD 1--NORTH: a tie", "WARD 1--NORTH: a tie"),
        ("A --B C", "A --B C"),
    ],
)
def test_the_scans_advice_in_slack_words(advice: str, said: str) -> None:
    assert scan_blocks.slack_words(advice) == said


def test_a_long_title_is_cut_after_a_whole_word_in_its_row_and_on_its_button(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    title = "Sheriff " + " ".join(f"precinct{n:03d}" for n in range(40))  # 447 characters
    message = scan_summary(summary_of([f"{title},Smith,1204", f"{title},Jones,1199"]))  # type: ignore[arg-type]
    _unclipped(monkeypatch)
    whole = scan_summary(summary_of([f"{title},Smith,1204", f"{title},Jones,1199"]))  # type: ignore[arg-type]
    cut = [(a, b) for a, b in zip(_texts(message), _texts(whole), strict=True) if a != b]
    assert len(cut) >= 2  # the table's cell and the Check button's label, at least
    for sent, text in cut:
        kept = sent.removesuffix("…").rstrip()
        assert sent.endswith("…") and text.startswith(kept)
        assert text[len(kept)] == " "
