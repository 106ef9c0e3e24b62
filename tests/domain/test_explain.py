"""The verdict in plain sentences: every figure, date and phrase from the verdict's fields."""

from __future__ import annotations

from datetime import date

import pytest

from domain.citations import MARGIN_SHARE, percent_phrase
from domain.explain import HEADLINES, explain

from ..builders import verdict_of

CANVASSED = "county Smith 1204 Jones 1199 canvass 2026-11-16"


def test_the_spec_example() -> None:
    e = explain(verdict_of(CANVASSED))
    assert e.headline == "Recount available"
    assert e.summary == (
        "The margin of 5 votes qualifies (up to 10). "
        "File with the election administrator by Sat Nov 21, 2026."
    )
    assert e.contest == "County office · Mont. Code Ann. § 13-16-201(1)"
    assert e.margin_lines == (
        "Smith 1,204 (won), Jones 1,199",
        "Jones is 5 votes behind Smith (1,204 - 1,199), out of 2,403 votes cast.",
        "Largest margin that qualifies: 10 votes, the greater of 10 votes and 1/4 of 1% of 2,403 "
        "(6.0075).",
        "5 ≤ 10: the margin qualifies.",
    )
    assert e.deadline_lines[0] == (
        "File by Sat Nov 21, 2026 to be safe under every reading; Mon Nov 23, 2026 is timely if "
        "1-1-307 applies."
    )
    assert e.deadline_lines[2] == "3 days from today (Wed Nov 18, 2026) to the last day."
    assert e.as_of == "as of Wed Nov 18, 2026, Mountain Time · not legal advice"


def test_the_share_is_written_from_its_cited_fraction() -> None:
    lines = explain(verdict_of("legislature A 1204 B 1199")).margin_lines
    assert f"({percent_phrase(MARGIN_SHARE)} of 2,403 is 6.0075; no 10-vote minimum" in lines[2]


@pytest.mark.parametrize(
    ("today", "line"),
    [
        (date(2026, 11, 20), "1 day from today (Fri Nov 20, 2026) to the last day."),
        (date(2026, 11, 21), "Today is the last day to file."),
        (
            date(2026, 11, 22),
            "The safe date has passed; Mon Nov 23, 2026 is timely only if 1-1-307 applies.",
        ),
        (date(2026, 11, 25), "That deadline passed 2 days ago."),
    ],
)
def test_days_left_count_to_the_date_they_name(today: date, line: str) -> None:
    assert line in explain(verdict_of(CANVASSED, today)).deadline_lines


@pytest.mark.parametrize(
    ("text", "headline", "summary"),
    [
        ("county A 700 B 700", "Tie: recounted as if petitioned", "The count is tied."),
        ("county A 720 B 700", "Recount not available: margin too large", "more than the 10"),
        ("question for 1000 against 999 signers 3", "Petition short", "enough signers"),
        ("canvass-error", "Recount available", "canvass board may petition"),
    ],
)
def test_headline_and_summary_follow_the_outcome(text: str, headline: str, summary: str) -> None:
    e = explain(verdict_of(text))
    assert e.headline == headline
    assert summary in e.summary


def test_every_outcome_has_a_headline() -> None:
    from domain import Outcome

    assert set(HEADLINES) == set(Outcome)


def test_petition_figures() -> None:
    lines = explain(
        verdict_of("state-question yes 1000 no 999 signers 120 counties 3")
    ).petition_lines
    assert "Signers: at least 100 needed; 120 given, enough." in lines
    assert "Counties the signers represent: at least 5 needed; 3 given, 2 short." in lines
    assert any(
        line.startswith("After filing: the secretary of state immediately") for line in lines
    )
    lines = explain(verdict_of("question for 1000 against 999")).petition_lines
    assert "Signers: at least 10 needed; not given yet." in lines


def test_the_defeated_candidate_is_named() -> None:
    lines = explain(verdict_of("county Smith 1204 Jones 1199")).petition_lines
    assert lines[0].startswith("Who petitions: Jones, as the defeated candidate")


def test_subsection_7_has_no_margin_and_no_window() -> None:
    e = explain(verdict_of("canvass-error"))
    assert e.margin_lines[0].startswith("No margin test")
    assert e.deadline_lines == ("No filing window: the board may petition immediately.",)


def test_seats_and_write_ins_are_said() -> None:
    e = explain(verdict_of("municipal A=900 B=850 C=694 D=692 seats 3 total 3200"))
    assert e.margin_lines[0].endswith("· 3 seats")
    assert "D is 2 votes behind C, the last of 3 winners" in e.margin_lines[1]
    assert "3,200 votes cast for the position (write-ins included)" in e.margin_lines[1]


def test_quotes_and_edition_come_with_every_explanation() -> None:
    e = explain(verdict_of("multicounty-question for 10 against 9"))
    assert [q[:3] for q in e.quotes] == ["(5)", "(6)"]
    assert e.edition.startswith("Text as amended through 1987; (5) is (1)(e)")
