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
    assert e.headline == "Recount available — county office"
    assert e.read_as == "Read as: county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026"
    # The safe date is Sat Nov 21; the county office is open last on Fri Nov 20.
    assert e.summary == (
        "The margin of 5 votes qualifies (up to 10). "
        "File with the election administrator by Fri Nov 20, 2026 (the election administrator's "
        "(county) office is closed on the safe last day, Sat Nov 21, 2026)."
    )
    assert e.contest == "County office · Mont. Code Ann. § 13-16-201(1)"
    assert e.margin_lines == (
        "Smith 1,204 (won), Jones 1,199",
        "Jones is 5 votes behind Smith (1,204 - 1,199), out of 2,403 votes cast.",
        "Largest margin that qualifies: 10 votes, the greater of 10 votes and 1/4 of 1% of 2,403 "
        "(6.0075).",
        "5 ≤ 10: the margin qualifies.",
        "Qualifies up to 10; 6 more votes of margin and it would not.",
    )
    assert e.deadline_lines[0] == (
        "Safe last day under every reading: Sat Nov 21, 2026; Mon Nov 23, 2026 if 1-1-307 applies."
    )
    assert e.deadline_lines[1] == (
        "Day to act: Fri Nov 20, 2026, the last day the election administrator's (county) "
        "office is open on or before the safe date."
    )
    assert e.deadline_lines[3] == (
        "3 days left to Sat Nov 21, 2026, the safe date; 5 days to Mon Nov 23, 2026 if 1-1-307 "
        "applies."
    )
    assert e.as_of == "as of Wed Nov 18, 2026, Mountain Time · not legal advice"


def test_the_share_is_written_from_its_cited_fraction() -> None:
    lines = explain(verdict_of("legislature A 1204 B 1199")).margin_lines
    assert f"({percent_phrase(MARGIN_SHARE)} of 2,403 is 6.0075; no 10-vote minimum" in lines[2]


@pytest.mark.parametrize(
    ("today", "line"),
    [
        (
            date(2026, 11, 20),
            "1 day left to Sat Nov 21, 2026, the safe date; 3 days to Mon Nov 23, 2026 if "
            "1-1-307 applies.",
        ),
        (
            date(2026, 11, 21),
            "The safe date, Sat Nov 21, 2026, is today, but the election administrator's "
            "(county) office is closed until Mon Nov 23, 2026; 2 days left to Mon Nov 23, 2026 "
            "if 1-1-307 applies.",
        ),
        (
            date(2026, 11, 22),
            "1 day left to Mon Nov 23, 2026, if 1-1-307 applies; the safe date has passed.",
        ),
        (
            date(2026, 11, 23),
            "Today, Mon Nov 23, 2026, is the last day if 1-1-307 applies; the safe date has "
            "passed.",
        ),
        (date(2026, 11, 25), "That deadline passed 2 days ago."),
    ],
)
def test_days_left_count_to_the_dates_they_name(today: date, line: str) -> None:
    assert line in explain(verdict_of(CANVASSED, today)).deadline_lines


def test_one_reading_counts_to_one_date() -> None:
    e = explain(verdict_of("county A 5 B 4 canvass 2026-11-18"))  # the 5th day is a Monday
    assert "5 days left to Mon Nov 23, 2026." in e.deadline_lines
    e = explain(verdict_of("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 23)))
    assert "0 days left to Mon Nov 23, 2026." in e.deadline_lines
    assert e.summary.endswith("File with the election administrator today, Mon Nov 23, 2026.")
    assert not any(line.startswith("Day to act") for line in e.deadline_lines)


@pytest.mark.parametrize(
    ("text", "headline", "summary", "deadline", "petition"),
    [
        (
            "county A 700 B 700 canvass 2026-11-01",
            "Tie: recounted as if petitioned — county office",
            "The count is tied.",
            (),
            ("No petition: the election office proceeds (13-16-203).",),
        ),
        (
            "county A 720 B 700 canvass 2026-11-16",
            "Recount not available: margin too large — county office",
            "A margin of 20 votes is more than the 10 that qualify under 13-16-201(1): nothing "
            "can be petitioned under 13-16-201.",
            (),
            (),
        ),
        (
            "legislature A 4015 B 3985 canvass 2026-11-16",
            "Recount with a bond may be available (13-16-211) — legislative seat",
            "but within 1/2 of 1% (up to 40): B may petition for a recount with a bond "
            "(13-16-211). File with the secretary of state by Fri Nov 20, 2026 (the secretary "
            "of state's office is closed on the safe last day, Sat Nov 21, 2026).",
            "13-16-211 has the same window: within 5 days after the official canvass.",
            (
                "Who petitions: B, the defeated candidate, posting a bond that covers all costs "
                "of the recount (13-16-211).",
                "File with: the secretary of state, where B filed the declaration for nomination "
                "(13-10-201(2); text seen).",
                "After filing: the candidate posts a bond, set by the election administrator of "
                "the candidate's county of residence, covering the recount's costs in each "
                "county where the office was voted on; the county recount board of each "
                "affected county recounts (13-16-211) and convenes no later than 5 days after "
                "it is notified (13-16-204(2)).",
            ),
        ),
        (
            "question for 1000 against 999 signers 3",
            "Petition short — local ballot question",
            "not have enough signers",
            "No canvass date given: the petition is due within 5 days after the official canvass.",
            "Signers: at least 10 needed; 3 given, 7 short.",
        ),
        (
            "canvass-error",
            "Canvass board error: the board can probably require a recount — error found by "
            "the county canvass board",
            "Under today's code the county canvass board can probably require a recount",
            "No filing window: the 1987 text has the board petition immediately.",
            (),  # no petition instructions under today's rule
        ),
    ],
)
def test_what_is_said_follows_the_outcome(
    text: str, headline: str, summary: str, deadline: object, petition: object
) -> None:
    e = explain(verdict_of(text))
    assert e.headline == headline
    assert summary in e.summary
    for got, expected in ((e.deadline_lines, deadline), (e.petition_lines, petition)):
        if isinstance(expected, tuple):
            assert got == expected
        else:
            assert expected in got


def test_not_available_says_nothing_of_filing() -> None:
    e = explain(verdict_of("county A 720 B 700 canvass 2026-11-16"))
    text = " ".join(e.deadline_lines + e.petition_lines)
    assert "File" not in e.summary and text == ""


def test_a_passed_bond_window_is_said_in_related() -> None:
    e = explain(verdict_of("legislature A 4015 B 3985 canvass 2026-11-16", date(2026, 11, 30)))
    assert e.outcome == "Recount not available: margin too large"
    assert (
        "13-16-211 and 13-16-301: the 5 days after the canvass ran out with 13-16-201's, on "
        "Mon Nov 23, 2026 at the latest."
    ) in e.related_lines


def test_the_race_label_is_in_the_headline() -> None:
    e = explain(verdict_of('house Smith 1204 Jones 1199 race "HD 22"'))
    assert e.headline == "Recount available — HD 22 · legislative seat"
    assert e.read_as.endswith('race "HD 22"; no canvass date')


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("county A 1204 B 1199", "Qualifies up to 10; 6 more votes of margin and it would not."),
        ("county A 1209 B 1199", "Qualifies up to 10; 1 more vote of margin and it would not."),
        ("county A 1210 B 1199", "Would qualify with 1 fewer vote of margin (up to 10)."),
        ("state A 4030 B 3990", "Would qualify with 20 fewer votes of margin (up to 20)."),
    ],
)
def test_what_if_says_how_many_votes_would_change_the_answer(text: str, line: str) -> None:
    assert line in explain(verdict_of(text)).margin_lines


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
    assert e.deadline_lines == (
        "No filing window: the 1987 text has the board petition immediately.",
    )
    assert e.petition_lines == ()
    assert not any(line.startswith("Qualifies") for line in e.margin_lines)


def test_seats_and_write_ins_are_said() -> None:
    e = explain(verdict_of("municipal A=900 B=850 C=694 D=692 seats 3 total 3200"))
    assert e.margin_lines[0].endswith("· 3 seats")
    assert "D is 2 votes behind C, the last of 3 winners" in e.margin_lines[1]
    assert "3,200 votes cast for the position (write-ins included)" in e.margin_lines[1]


def test_quotes_and_edition_come_with_every_explanation() -> None:
    e = explain(verdict_of("multicounty-question for 10 against 9"))
    assert [q[:3] for q in e.quotes] == ["(5)", "(6)"]
    assert e.edition.startswith("Text as amended through 1987; (5) is (1)(e)")


@pytest.mark.parametrize(
    ("text", "short", "office"),
    [
        ("question for 500 against 499 signers 9", "signers", "election administrator"),
        (
            "state-question yes 201000 no 200600 signers 150 counties 4",
            "counties",
            "secretary of state",
        ),
        (
            "state-question yes 201000 no 200600 signers 99 counties 4",
            "signers and counties",
            "secretary of state",
        ),
    ],
)
def test_a_short_petition_says_what_it_is_short_of(text: str, short: str, office: str) -> None:
    e = explain(verdict_of(text))
    assert e.summary == (
        f"The margin qualifies, but the petition does not have enough {short}. File with the "
        f"{office} within 5 days after the official canvass (give the canvass date for the day)."
    )


@pytest.mark.parametrize(
    ("canvass", "today", "act_by", "safe"),
    [
        # Fri Dec 25 is Christmas: the last day anyone can walk in is Thu Dec 24
        ("2026-12-20", date(2026, 12, 21), "Thu Dec 24, 2026", "Sat Dec 26, 2026"),
        # New Year's Day on a Friday: Thu Dec 31, not the Saturday safe date
        ("2026-12-28", date(2026, 12, 29), "Thu Dec 31, 2026", "Sat Jan 2, 2027"),
    ],
)
def test_a_holiday_before_a_saturday_moves_the_day_to_act_back(
    canvass: str, today: date, act_by: str, safe: str
) -> None:
    v = verdict_of(f"state A 4010 B 3990 canvass {canvass}", today)
    e = explain(v)
    assert e.summary.endswith(
        f"File with the secretary of state by {act_by} (the secretary of state's office is "
        f"closed on the safe last day, {safe})."
    )
    assert any(line.startswith(f"Day to act: {act_by}") for line in e.deadline_lines)
    assert "The secretary of state's office is closed on Saturdays." in " ".join(e.deadline_lines)
    assert "County offices" not in " ".join(e.deadline_lines)


def test_several_seats_say_the_total_is_every_vote_for_the_office() -> None:
    e = explain(verdict_of("municipal A=900 B=850 C=694 D=692 seats 3"))
    assert any("all seats together: our reading" in line for line in e.margin_lines)
    e = explain(verdict_of("municipal A=900 B=850"))
    assert not any("all seats together" in line for line in e.margin_lines)


def test_a_named_candidate_in_a_tie_is_tied_with_the_other_one() -> None:
    e = explain(verdict_of("county A 300 B 200 C 200 seats 2 candidate B"))
    assert "B is tied with C for the last of 2 seats, out of 700 votes cast." in e.margin_lines
    assert e.outcome == "Tie: recounted as if petitioned"


def test_a_candidate_behind_a_tied_seat_is_told_of_its_automatic_recount() -> None:
    e = explain(verdict_of("county A 300 B 200 C 200 D 195 seats 2 candidate D"))
    assert e.outcome == "Recount available"
    assert any(
        line.startswith("13-16-203: The last seat is tied (B and C)") for line in e.related_lines
    )


def test_a_tied_question_says_filing_is_the_safe_course() -> None:
    e = explain(verdict_of("school-question for 700 against 700 signers 12 canvass 2026-11-18"))
    assert e.outcome == "Recount available"
    assert e.summary.startswith("The question is tied: a margin of 0 qualifies (up to 3).")
    assert "File with the school election filing officer by Mon Nov 23, 2026." in e.summary
    said = " ".join((e.summary, *e.petition_lines, *e.related_lines))
    assert "the safe course is to file the petition" in said
    assert "trustees" not in " ".join((e.summary, *e.related_lines))  # no "trustees decide"
