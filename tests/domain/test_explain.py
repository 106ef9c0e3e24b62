"""The verdict in plain sentences: every figure, date, office and citation from the verdict's
fields. The assertions are facts (which dates, which office, which numbers and sections, in
which order), worked out from the statute and the calendar, never the code's own sentences."""

from __future__ import annotations

from datetime import date

import pytest

from domain import Outcome
from domain.citations import MARGIN_SHARE, percent_phrase
from domain.explain import HEADLINES, SUMMARIES, Explanation, ShortAnswer, explain, short_answer
from domain.routes import ROUTES

from ..builders import verdict_of

CANVASSED = "county Smith 1204 Jones 1199 canvass 2026-11-16"
COUNTY_OFFICE = "election administrator"
SOS = "secretary of state"


def says(text: str, *facts: str) -> None:
    """Each fact is in `text`, in this order."""
    at = 0
    for fact in facts:
        found = text.find(fact, at)
        assert found >= 0, f"{fact!r} not found after position {at} in {text!r}"
        at = found + len(fact)


def line_with(lines: tuple[str, ...], *facts: str) -> str:
    """The one line that holds every fact, in order."""
    for line in lines:
        try:
            says(line, *facts)
        except AssertionError:
            continue
        return line
    raise AssertionError(f"no line holds {facts} in {lines}")


def everything(e: Explanation) -> str:
    return " ".join(
        (e.summary, *e.margin_lines, *e.deadline_lines, *e.petition_lines, *e.related_lines)
    )


def test_the_spec_example() -> None:
    """Smith 1,204, Jones 1,199, county canvass Mon Nov 16, 2026, asked Wed Nov 18: 1/400 of
    2,403 is 6.0075, so (1)'s floor of 10 governs; 5 <= 10 qualifies. Five days after the
    canvass is Sat Nov 21 (a Saturday: the county office is closed), so the day to act is Fri
    Nov 20; 1-1-307 would carry a Saturday deadline to Mon Nov 23."""
    e = explain(verdict_of(CANVASSED))
    assert e.headline.startswith(HEADLINES[Outcome.AVAILABLE]) and "county office" in e.headline
    says(e.read_as, "county office", "Smith 1,204", "Jones 1,199", "Mon Nov 16, 2026")
    says(e.summary, "5 votes", "10", COUNTY_OFFICE, "Fri Nov 20, 2026", "Sat Nov 21, 2026")
    assert "closed" in e.summary
    says(e.contest, "County office", "13-16-201(1)")
    line_with(e.margin_lines, "Smith 1,204", "Jones 1,199")
    line_with(e.margin_lines, "Jones", "5 votes", "Smith", "2,403")
    line_with(
        e.margin_lines, "10 votes", "10 votes", percent_phrase(MARGIN_SHARE), "2,403", "6.0075"
    )
    line_with(e.margin_lines, "5", "10", "qualifies")
    line_with(e.margin_lines, "10", "6 more votes")  # 5 + 6 = 11 would not qualify
    line_with(e.deadline_lines, "Sat Nov 21, 2026", "Mon Nov 23, 2026", "1-1-307")
    line_with(e.deadline_lines, "Day to act", "Fri Nov 20, 2026", COUNTY_OFFICE)
    line_with(e.deadline_lines, "3 days", "Sat Nov 21, 2026", "5 days", "Mon Nov 23, 2026")
    says(e.as_of, "Wed Nov 18, 2026", "Mountain Time", "not legal advice")


def test_the_share_is_written_from_its_cited_fraction() -> None:
    lines = explain(verdict_of("legislature A 1204 B 1199")).margin_lines
    line = line_with(lines, percent_phrase(MARGIN_SHARE), "2,403", "6.0075")
    assert "10-vote minimum" in line  # (2) has no floor: "no 10-vote minimum"


@pytest.mark.parametrize(
    ("today", "facts"),
    [
        # Fri Nov 20: 1 day to the safe Saturday, 3 to the 1-1-307 Monday
        (date(2026, 11, 20), ("1 day", "Sat Nov 21, 2026", "3 days", "Mon Nov 23, 2026")),
        # Sat Nov 21: the safe date is today, the office closed until Monday, 2 days to it
        (date(2026, 11, 21), ("Sat Nov 21, 2026", "today", "closed", "Mon Nov 23, 2026", "2 days")),
        # Sun Nov 22: only the 1-1-307 reading is left
        (date(2026, 11, 22), ("1 day", "Mon Nov 23, 2026", "1-1-307", "passed")),
        (date(2026, 11, 23), ("Today", "Mon Nov 23, 2026", "1-1-307", "passed")),
        (date(2026, 11, 25), ("passed 2 days ago",)),
    ],
)
def test_days_left_count_to_the_dates_they_name(today: date, facts: tuple[str, ...]) -> None:
    line_with(explain(verdict_of(CANVASSED, today)).deadline_lines, *facts)


def test_one_reading_counts_to_one_date() -> None:
    # canvass Wed Nov 18: the 5th day is Mon Nov 23, a weekday, so both readings agree
    e = explain(verdict_of("county A 5 B 4 canvass 2026-11-18"))
    line_with(e.deadline_lines, "5 days", "Mon Nov 23, 2026")
    e = explain(verdict_of("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 23)))
    line_with(e.deadline_lines, "0 days", "Mon Nov 23, 2026")
    says(e.summary, COUNTY_OFFICE, "today", "Mon Nov 23, 2026")
    assert "1-1-307" not in " ".join(e.deadline_lines)
    assert not any(line.startswith("Day to act") for line in e.deadline_lines)


def test_a_tie_needs_no_petition() -> None:
    e = explain(verdict_of("county A 700 B 700 canvass 2026-11-01"))
    assert e.outcome == HEADLINES[Outcome.TIE]
    assert "tied" in e.summary
    assert e.deadline_lines == ()
    line, then = e.petition_lines
    says(line, "No petition", "county canvass board", "13-15-405(4)", "13-16-203(1)")
    # what the office does next (13-16-204): notify the board, which meets within 5 days
    says(then, "election administrator notifies the county recount board", "5 days", "13-16-204(2)")


def test_a_tie_across_counties_goes_through_the_secretary_of_state() -> None:
    e = explain(verdict_of("legislature A 700 B 700 state canvass 2026-11-16"))
    line, then = e.petition_lines
    says(line, "No petition", "secretary of state", "13-16-203(1)")
    says(then, "as on a petition", "secretary of state", "county recount board", "13-16-204(2)")


def test_a_school_tie_goes_to_the_school_recount_board() -> None:
    e = explain(verdict_of("school A 700 B 700 canvass 2026-11-16"))
    line, then = e.petition_lines
    says(line, "No petition", "trustees")
    says(then, "school election filing officer notifies the school recount board", "5 days")


def test_a_margin_too_large_says_nothing_of_filing() -> None:
    # 20 > (1)'s 10-vote floor (1/400 of 1,420 is 3.55)
    e = explain(verdict_of("county A 720 B 700 canvass 2026-11-16"))
    assert e.outcome == HEADLINES[Outcome.NOT_AVAILABLE]
    says(e.summary, "20 votes", "10", "13-16-201(1)")
    assert "File" not in e.summary and e.deadline_lines == e.petition_lines == ()


def test_the_bond_band_files_with_the_nomination_office_and_posts_a_bond() -> None:
    # 30 of 8,000: over 1/400 (20) but within 1/200 (40): 13-16-211
    e = explain(verdict_of("legislature A 4015 B 3985 state canvass 2026-11-16"))
    assert e.outcome == HEADLINES[Outcome.BOND]
    says(e.headline, "13-16-211", "legislative seat")
    says(e.summary, "1/2 of 1%", "40", "B", "13-16-211", SOS, "Fri Nov 20, 2026")
    line_with(e.deadline_lines, "13-16-211", "5 days", "official canvass")
    line_with(e.petition_lines, "Who petitions", "B", "bond", "13-16-211")
    line_with(e.petition_lines, "File with", SOS, "declaration for nomination", "13-10-201(2)")
    after = line_with(e.petition_lines, "After filing", "bond", "13-16-211", "5 days")
    says(after, "each county where the office was voted on", "13-16-204(2)")


def test_a_short_petition_counts_the_signers_needed() -> None:
    # (3): at least 10 electors; 3 given is 7 short
    e = explain(verdict_of("question for 1000 against 999 signers 3"))
    assert e.outcome == HEADLINES[Outcome.PETITION_SHORT]
    says(e.summary, "signers")
    line_with(e.deadline_lines, "No canvass date", "5 days", "official canvass")
    line_with(e.petition_lines, "10", "3", "7 short")


def test_the_canvass_board_gets_no_petition_under_todays_code() -> None:
    e = explain(verdict_of("canvass-error"))
    says(e.headline, "probably", "county canvass board")
    says(e.summary, "law in force on", "2025 SB 57", "probably")
    (line,) = e.deadline_lines
    says(line, "No filing window", "2025 SB 57", "nothing is filed")
    assert e.petition_lines == ()


def test_a_passed_bond_window_is_a_passed_deadline_not_a_margin_too_large() -> None:
    # the band's window closed on Mon Nov 23 (the 1-1-307 reading); the reason is the date
    late = date(2026, 11, 30)
    e = explain(verdict_of("legislature A 4015 B 3985 state canvass 2026-11-16", late))
    says(e.headline, HEADLINES[Outcome.DEADLINE_PASSED], "13-16-211 bond band")
    says(e.summary, "30 votes", "20", "1/2 of 1%", "40", "13-16-211", "Mon Nov 23, 2026")
    line_with(e.related_lines, "13-16-211", "13-16-301", "5 days", "Mon Nov 23, 2026")


def test_the_race_label_is_in_the_headline() -> None:
    e = explain(verdict_of('house Smith 1204 Jones 1199 race "HD 22"'))
    says(e.headline, HEADLINES[Outcome.AVAILABLE], "HD 22", "legislative seat")
    says(e.read_as, 'race "HD 22"', "no county canvass date", "no state canvass date")


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # margin 5 of 2,403: qualifies up to 10, so 6 more votes of margin (11) would not
        ("county A 1204 B 1199", ("up to 10", "6 more votes")),
        ("county A 1209 B 1199", ("up to 10", "1 more vote of")),
        # margin 11: 1 fewer vote of margin (10) would qualify
        ("county A 1210 B 1199", ("1 fewer vote", "up to 10")),
        # (2) has no floor: 1/400 of 8,020 is 20.05, so up to 20; margin 40 needs 20 fewer
        ("state A 4030 B 3990", ("20 fewer votes", "up to 20")),
    ],
)
def test_what_if_says_how_many_votes_would_change_the_answer(
    text: str, facts: tuple[str, ...]
) -> None:
    line_with(explain(verdict_of(text)).margin_lines, *facts)


def test_every_outcome_has_a_headline() -> None:
    assert set(HEADLINES) == set(Outcome)


def test_petition_figures() -> None:
    # (4): 100 signers from 5 counties
    lines = explain(
        verdict_of("state-question yes 1000 no 999 signers 120 counties 3")
    ).petition_lines
    line_with(lines, "Signers", "100", "120", "enough")
    line_with(lines, "Counties", "5", "3", "2 short")
    line_with(lines, "After filing", SOS, "immediately")
    lines = explain(verdict_of("question for 1000 against 999")).petition_lines
    line_with(lines, "Signers", "10", "not given")


def test_the_defeated_candidate_is_named() -> None:
    lines = explain(verdict_of("county Smith 1204 Jones 1199")).petition_lines
    says(lines[0], "Who petitions", "Jones", "defeated candidate")


def test_subsection_7_has_no_margin_and_no_window() -> None:
    e = explain(verdict_of("canvass-error"))
    says(e.margin_lines[0], "No margin test")
    assert len(e.deadline_lines) == 1 and "No filing window" in e.deadline_lines[0]
    assert e.petition_lines == ()
    assert not any(line.startswith("Qualifies") for line in e.margin_lines)


def test_seats_and_write_ins_are_said() -> None:
    e = explain(verdict_of("municipal A=900 B=850 C=694 D=692 seats 3 total 3200"))
    says(e.margin_lines[0], "3 seats")
    says(e.margin_lines[1], "D", "2 votes", "C", "3 winners", "3,200", "write-ins")


def test_quotes_and_edition_come_with_every_explanation() -> None:
    e = explain(verdict_of("multicounty-question for 10 against 9"))
    assert [q[:3] for q in e.quotes] == ["(5)", "(6)"]  # (5) relies on (6)'s notice
    says(e.edition, "1987", "(5)", "(1)(e)")


@pytest.mark.parametrize(
    ("text", "short", "office"),
    [
        # (3): 10 signers; 9 given is 1 short
        ("question for 500 against 499 signers 9", "1 more signer (10 needed)", COUNTY_OFFICE),
        # (4): 5 counties; 4 given is 1 short
        (
            "state-question yes 201000 no 200600 signers 150 counties 4",
            "1 more county (5 needed)",
            SOS,
        ),
        # (4): 100 signers and 5 counties; 99 and 4 are 1 short of each
        (
            "state-question yes 201000 no 200600 signers 99 counties 4",
            "1 more signer (100 needed) and at least 1 more county (5 needed)",
            SOS,
        ),
    ],
)
def test_a_short_petition_says_what_it_is_short_of(text: str, short: str, office: str) -> None:
    e = explain(verdict_of(text))
    says(e.summary, "qualifies", "Gather", short, "then file with", office, "5 days")


@pytest.mark.parametrize(
    ("canvass", "today", "act_by", "safe", "before"),
    [
        # Fri Dec 25 is Christmas: the last day anyone can walk in is Thu Dec 24, which many
        # offices close by local policy: then Wed Dec 23
        ("2026-12-20", date(2026, 12, 21), "Thu Dec 24, 2026", "Sat Dec 26, 2026", "Wed Dec 23"),
        # New Year's Day on a Friday: Thu Dec 31 (New Year's Eve), else Wed Dec 30
        ("2026-12-28", date(2026, 12, 29), "Thu Dec 31, 2026", "Sat Jan 2, 2027", "Wed Dec 30"),
    ],
)
def test_a_holiday_before_a_saturday_moves_the_day_to_act_back(
    canvass: str, today: date, act_by: str, safe: str, before: str
) -> None:
    e = explain(verdict_of(f"state A 4010 B 3990 state canvass {canvass}", today))
    says(e.summary, SOS, act_by, "closed", safe, "if the office is open", "otherwise by", before)
    line_with(e.deadline_lines, "Day to act", act_by)
    line_with(e.deadline_lines, "secretary of state's office", "closed", "Saturdays")
    assert "County offices" not in " ".join(e.deadline_lines)


def test_several_seats_say_the_total_is_every_vote_for_the_office() -> None:
    e = explain(verdict_of("municipal A=900 B=850 C=694 D=692 seats 3"))
    line_with(e.margin_lines, "all seats together", "our reading")
    e = explain(verdict_of("municipal A=900 B=850"))
    assert "all seats together" not in " ".join(e.margin_lines)


def test_a_named_candidate_in_a_tie_is_tied_with_the_other_one() -> None:
    e = explain(verdict_of("county A 300 B 200 C 200 seats 2 candidate B"))
    line_with(e.margin_lines, "B", "tied with C", "last of 2 seats", "700")
    assert e.outcome == HEADLINES[Outcome.TIE]


def test_a_candidate_behind_a_tied_seat_is_told_of_its_automatic_recount() -> None:
    e = explain(verdict_of("county A 300 B 200 C 200 D 195 seats 2 candidate D"))
    assert e.outcome == HEADLINES[Outcome.AVAILABLE]
    line = line_with(e.related_lines, "13-16-203", "B and C")
    assert line.startswith("13-16-203")


def test_a_tied_local_question_is_certified_and_needs_no_petition() -> None:
    # (3): 13-15-405(4) certifies the tie to the election administrator; 13-16-203(1)
    e = explain(verdict_of("question for 700 against 700 signers 12 canvass 2026-11-18"))
    assert e.outcome == HEADLINES[Outcome.TIE]
    says(e.summary, "tied", "13-15-405(4), 13-16-203(1)", "no petition")
    line, anyway, then = e.petition_lines
    says(line, "No petition needed", "election administrator")
    # the electors' own petition beside the tie: its signers, office and day (issue 34)
    says(anyway, "may also petition", "at least 10 electors must sign")
    says(anyway, "file with the election administrator by Mon Nov 23, 2026")
    says(then, "county recount board", "13-16-204(2)")
    assert "File with" not in e.summary


def test_a_tied_school_question_goes_to_the_school_recount_board() -> None:
    e = explain(verdict_of("school-question for 700 against 700 signers 12 canvass 2026-11-18"))
    says(e.headline, "Tie", "school recount board")
    says(e.summary, "school recount board recounts first", "20-20-418")
    assert "File with" not in e.summary


def test_a_tied_statewide_question_says_filing_is_the_safe_course() -> None:
    # (4): the certification of such ties was not traced: the ordinary petition applies
    e = explain(
        verdict_of("state-question yes 700 no 700 signers 120 counties 5 state canvass 2026-11-18")
    )
    assert e.outcome == HEADLINES[Outcome.AVAILABLE]
    says(e.summary, "tied", "0", SOS, "Mon Nov 23, 2026")
    assert "safe course is to file" in everything(e)
    assert "13-16-203(1)" in everything(e)


@pytest.mark.parametrize(
    ("text", "headline"),
    [
        # 1/400 of 1,000 is 2.5, (1)'s floor 10: a margin of 10 qualifies, 11 does not
        ("school A 505 B 495 canvass 2026-11-16", "Recount probably available"),
        ("school A 506 B 495 canvass 2026-11-16", "Recount probably not available"),
        # (3) with 1,398 votes: up to 3; a margin of 2 qualifies, 3 signers of 10 is short
        ("school-question for 700 against 698 signers 3 canvass 2026-11-16", "probably short"),
    ],
)
def test_a_school_headline_says_probably(text: str, headline: str) -> None:
    # the 1987 (1)/(3) figures; today's school subsection was not seen
    e = explain(verdict_of(text))
    says(e.headline, headline, "(school subsection not verified)")


@pytest.mark.parametrize(
    ("canvass", "said"),
    [
        ("2027-12-19", "Sun Dec 19, 2027 is a Sunday: is that the canvass date?"),
        ("2026-11-26", "Thu Nov 26, 2026 is Thanksgiving Day: is that the canvass date?"),
    ],
)
def test_a_canvass_on_a_sunday_or_a_holiday_is_questioned(canvass: str, said: str) -> None:
    e = explain(verdict_of(f"county A 5 B 4 canvass {canvass}", date(2026, 11, 18)))
    assert line_with(e.deadline_lines, said)


def test_a_canvass_on_a_business_day_is_not_questioned() -> None:
    e = explain(verdict_of("county A 5 B 4 canvass 2026-11-16"))  # a Monday
    assert "is that the canvass date?" not in everything(e)


def test_a_multicounty_question_recounts_in_the_districts_counties() -> None:
    e = explain(verdict_of("multicounty-question for 1000 against 999 signers 30 counties 2"))
    line_with(e.petition_lines, "counties and precincts of the district", "our reading")
    e = explain(verdict_of("state-question yes 1000 no 999 signers 120 counties 5"))
    assert "counties and precincts of the district" not in everything(e)


@pytest.mark.parametrize(
    ("canvass", "law"),
    [
        ("2024-11-19", "13-15-403(4)"),  # the 1987 (7), as the 2021 code has it
        # passed May 8, 2025, chapter May 13: both readings between
        ("2025-05-10", "from Thu May 8, 2025 to Tue May 13, 2025"),
        ("2026-11-17", "2025 SB 57"),  # the board may require a recount
    ],
)
def test_three_canvass_days_three_answers_each_naming_its_law(canvass: str, law: str) -> None:
    e = explain(verdict_of(f"canvass-error canvass {canvass}"))
    assert law in e.summary
    headlines = {
        explain(verdict_of(f"canvass-error canvass {day}")).headline
        for day in ("2024-11-19", "2025-05-10", "2026-11-17")
    }
    assert len(headlines) == 3


@pytest.mark.parametrize(
    ("canvass", "today", "act_by", "if_closed"),
    [
        # the 5th day after Sun Nov 22, 2026 is Fri Nov 27, the day after Thanksgiving
        ("2026-11-22", date(2026, 11, 23), date(2026, 11, 27), date(2026, 11, 25)),
        ("2026-12-19", date(2026, 12, 21), date(2026, 12, 24), date(2026, 12, 23)),
        # on Dec 24 itself the open day before has passed: nothing earlier is offered
        ("2026-12-19", date(2026, 12, 24), date(2026, 12, 24), None),
        ("2026-11-16", date(2026, 11, 18), date(2026, 11, 20), None),  # an ordinary Friday
    ],
)
def test_a_day_many_offices_close_gets_the_open_day_before(
    canvass: str, today: date, act_by: date, if_closed: date | None
) -> None:
    v = verdict_of(f"county A 5 B 4 canvass {canvass}", today)
    assert (v.act_by, v.act_by_if_closed) == (act_by, if_closed)
    said = explain(v).summary
    assert ("otherwise by" in said) is (if_closed is not None)


@pytest.mark.parametrize(
    ("text", "today", "said"),
    [
        # safe Sat Nov 21, 1-1-307's Monday Nov 23: said through that Monday, never after
        ("county A 5 B 4 canvass 2026-11-16", date(2026, 11, 18), "the county attorney"),
        ("county A 5 B 4 canvass 2026-11-16", date(2026, 11, 23), "the county attorney"),
        ("county A 5 B 4 canvass 2026-11-16", date(2026, 11, 24), None),
        (
            "state A 4010 B 3990 state canvass 2026-11-16",
            date(2026, 11, 18),
            "the Secretary of State",
        ),
        # the 5th day a Monday: both readings agree, nothing to say
        ("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 18), None),
    ],
)
def test_the_receiving_office_is_told_of_the_1_1_307_monday(
    text: str, today: date, said: str | None
) -> None:
    lines = explain(verdict_of(text, today)).deadline_lines
    monday = [line for line in lines if line.startswith("For the office receiving petitions")]
    if said is None:
        assert monday == []
    else:
        (line,) = monday
        says(line, "Mon Nov 23, 2026", "timely if 1-1-307 applies", said)


@pytest.mark.parametrize(
    ("today", "before"),
    [
        (date(2026, 11, 17), True),
        (date(2026, 11, 18), True),  # the canvass day itself: it may still be under way
        (date(2026, 11, 19), False),
    ],
)
def test_before_the_canvass_the_window_is_said_to_open_with_it(today: date, before: bool) -> None:
    # "within 5 days after the official canvass": Wed Nov 18 opens the window
    v = verdict_of("county Smith 1500 Jones 1493 canvass 2026-11-18", today)
    assert v.file_from == date(2026, 11, 18)
    said = explain(v).summary
    assert ("once the canvass of Wed Nov 18, 2026 is complete" in said) is before
    says(said, "File with the election administrator by", "Mon Nov 23, 2026")


def test_nothing_to_file_has_no_file_from() -> None:
    assert verdict_of("county A 700 B 700 canvass 2026-11-18").file_from is None  # a tie
    assert verdict_of("county A 5 B 4").file_from is None  # no canvass given


def test_a_tie_in_a_one_seat_race_is_a_tie_not_a_tie_for_the_last_seat() -> None:
    one = explain(verdict_of("county A 100 B 100 canvass 2026-11-16"))
    assert one.margin_lines[0] == "A 100 (tied), B 100 (tied)"
    several = explain(verdict_of("county A 300 B 100 C 100 seats 2 canvass 2026-11-16"))
    assert (
        "B 100 (tied for the last seat), C 100 (tied for the last seat)"
        in (several.margin_lines[0])
    )


@pytest.mark.parametrize(
    ("text", "today", "facts"),
    [
        # canvass Mon Nov 16 + 5 = Sat Nov 21 (closed): act by Fri Nov 20
        (CANVASSED, date(2026, 11, 18), ("File with the", COUNTY_OFFICE, "by Fri Nov 20, 2026")),
        # Sat Nov 21 + 5 = Thanksgiving Thu Nov 26 -> Fri Nov 27, a day many offices close
        (
            "county A 1204 B 1199 canvass 2026-11-21",
            date(2026, 11, 23),
            ("Fri Nov 27, 2026", "if the office is open that day", "by Wed Nov 25, 2026"),
        ),
        # the safe date Sat Nov 21 has passed; Mon Nov 23 is left under 1-1-307
        (CANVASSED, date(2026, 11, 23), ("today", "only if 1-1-307 applies", "Sat Nov 21, 2026")),
        # a question short of signers: the same instruction, after gathering them
        (
            "question for 1000 against 999 signers 9 canvass 2026-11-16",
            date(2026, 11, 18),
            ("File with the", COUNTY_OFFICE, "by Fri Nov 20, 2026"),
        ),
    ],
)
def test_the_filing_instruction_is_one_field_the_summary_ends_with(
    text: str, today: date, facts: tuple[str, ...]
) -> None:
    e = explain(verdict_of(text, today))
    says(e.action, *facts)
    assert e.summary.endswith(e.action) or e.summary.endswith(e.action[0].lower() + e.action[1:])


def test_the_filing_instruction_of_a_boards_petition_is_immediately() -> None:
    e = explain(verdict_of("canvass-error canvass 2024-11-12", date(2024, 11, 12)))
    says(e.action, "File with the", COUNTY_OFFICE, "immediately")


@pytest.mark.parametrize(
    "text",
    [
        "county A 700 B 700 canvass 2026-11-16",  # a tie: recounted without a petition
        "county A 720 B 700 canvass 2026-11-16",  # 20 > 10 and > 1/4 of 1% of 1,420
        "county A 5 B 4 canvass 2026-11-01",  # the window closed
        "canvass-error canvass 2026-11-17",  # SB 57: the board requires
    ],
)
def test_nothing_to_file_has_no_filing_instruction(text: str) -> None:
    assert explain(verdict_of(text, date(2026, 11, 18))).action == ""


def test_a_nonpartisan_primary_says_nominated_and_who_advances() -> None:
    e = explain(
        verdict_of("district-judge A 5000 B 4990 C 4980 nonpartisan primary canvass 2026-06-16")
    )
    says(e.margin_lines[0], "A 5,000 (nominated)", "B 4,990 (nominated)", "· 1 seat, 2 advance")
    assert "(won)" not in everything(e)
    line_with(e.margin_lines, "C is 10 votes behind B, the last of 2 who advance")
    line_with(e.margin_lines, "Nonpartisan primary (13-14-117")


@pytest.mark.parametrize(
    ("text", "mark", "last"),
    [
        # a primary's count makes nominees (issue 34: not "(won)", not "winners")
        ("county A 100 B 95 election-type primary party Republican", "(nominated)", None),
        ("county A 100 B 90 C 88 seats 2 election-type primary", "(nominated)", "2 nominees"),
        ("house A 100 B 95 election-type primary", "(nominated)", None),
        # a general election's, and one whose type nobody said, makes office holders
        ("county A 100 B 95 election-type general", "(won)", None),
        ("county A 100 B 90 C 88 seats 2", "(won)", "2 winners"),
        # a precinct office in a primary: no text we saw says it is a nomination
        ("precinct A 100 B 95 election-type primary", "(won)", None),
    ],
)
def test_a_primary_nominates_and_a_general_elects(text: str, mark: str, last: str | None) -> None:
    e = explain(verdict_of(f"{text} canvass 2026-06-08", date(2026, 6, 10)))
    standings = e.margin_lines[0]
    assert f"A 100 {mark}" in standings
    assert ("(won)" in standings) is (mark == "(won)")
    if last is not None:
        assert f"the last of {last}" in " ".join(e.margin_lines)


def test_the_summary_table_has_a_cell_for_every_outcome_and_route() -> None:
    # a new outcome or route without its summary fails here, not in a clerk's reply
    assert set(SUMMARIES) == {(outcome, route.key) for outcome in Outcome for route in ROUTES}


@pytest.mark.parametrize(
    "text",
    [
        CANVASSED,
        "question for 3237 against 3250 signers 12 canvass Nov 21",
        "municipal A=900 B=850 McGrew=694 Askew=692 seats 3",
        "state-question yes 201000 no 200600 signers 150 counties 7 canvass 2026-11-20",
        "county Smith 1204 Jones 1204 canvass 2026-11-16",
        "school Adams 500 Baker 499 canvass 2026-05-05",
        "canvass-error",
    ],
)
def test_the_short_answer_is_the_explanation_s_own_words(text: str) -> None:
    """Slack's short answer computes its fields alone (short_answer): each is word for
    word the whole explanation's field."""
    verdict = verdict_of(text)
    short, whole = short_answer(verdict), explain(verdict)
    for name in ShortAnswer.__slots__:
        assert getattr(short, name) == getattr(whole, name), name
    assert short.headline == whole.headline
