"""The scan's facts, the same on every surface: worked out from the statute for a typed table
of one contest of each kind the report lists."""

from __future__ import annotations

import shlex
from datetime import date

from domain import Outcome, check
from handlers.results.facts import (
    SECTIONS,
    check_line,
    choices_line,
    code_of,
    county_of,
    opening_lines,
    plural,
    waiting_for_state_canvass,
)
from handlers.syntax import FormRequest, HelpRequest, parse

from .fixtures import REPORT_TODAY, report_scan


def test_the_sections_come_in_the_order_a_clerk_acts_on_them() -> None:
    assert [outcome for outcome, _ in SECTIONS] == [
        Outcome.AVAILABLE,
        Outcome.TIE,
        Outcome.BOND,
        Outcome.PETITION_SHORT,
        Outcome.DEADLINE_PASSED,
    ]


def test_a_count_says_its_word_once_or_many_times() -> None:
    assert [plural(1, "tie"), plural(2, "tie"), plural(1_204, "contest")] == [
        "1 tie",
        "2 ties",
        "1,204 contests",
    ]
    assert [plural(1, "needs", "need"), plural(3, "needs", "need")] == ["1 needs", "3 need"]


def test_a_contest_says_its_choices_county_and_code() -> None:
    scanned = {c.contest.title: c for c in report_scan(complete=True).contests}
    attorney = scanned["County attorney"]
    assert choices_line(attorney) == "Smith 1,204; Jones 1,199"
    # a typed table names no county and gives no contest code: neither is made up
    assert (county_of(attorney), code_of(attorney)) == (None, None)


def test_a_districts_contest_in_the_bond_band_waits_for_the_state_canvass() -> None:
    # HD 1: 4,015 to 3,985, a margin of 30 of 8,000, within 1/2 of 1% (40) and above the 20
    # of 13-16-201(2): the bond band; a legislative seat counts from the state canvass
    scan = report_scan(complete=True)
    waiting = [c.contest.title for c in scan.contests if waiting_for_state_canvass(c)]
    assert waiting == ["Legislature HD 1"]
    with_the_day = report_scan(complete=True, state_canvass=date(2022, 12, 5))
    assert not any(waiting_for_state_canvass(c) for c in with_the_day.contests)


def test_a_check_line_gives_the_same_verdict() -> None:
    for scanned in report_scan(complete=True).contests:
        if scanned.verdict is None:
            continue
        command, subcommand, text = shlex.split(check_line(scanned))
        assert (command, subcommand) == ("recount", "check")
        parsed = parse(text, REPORT_TODAY)
        assert not isinstance(parsed, HelpRequest | FormRequest)
        again = check(parsed, REPORT_TODAY)
        assert (again.outcome, again.margin) == (scanned.verdict.outcome, scanned.verdict.margin)


def test_the_opening_counts_what_was_read() -> None:
    first = opening_lines(report_scan(complete=True))[0]
    assert first.startswith("Scanned 1 file (plain-table): 6 contests, 4 with a verdict;")
    assert "1 recount available, 1 tie, 1 in the bond band" in first
