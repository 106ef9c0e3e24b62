"""`check`: eligibility, the outcome, notes and quotes, from the rows and today's date."""

from __future__ import annotations

from datetime import date

import pytest

from domain import FileWith, Outcome, Petitioner, Subsection, build_check, check, verdict_json
from domain.deadline import Phase
from domain.related import NO_CANVASS_NOTE, STATE_CANVASS_NOTE, saturday_note

from ..builders import question, race, verdict_of


@pytest.mark.parametrize(
    ("kind", "subsection", "file_with", "petitioner"),
    [
        ("county", 1, FileWith.ELECTION_ADMINISTRATOR, Petitioner.DEFEATED_CANDIDATE),
        ("municipal", 1, FileWith.ELECTION_ADMINISTRATOR, Petitioner.DEFEATED_CANDIDATE),
        ("district", 1, FileWith.ELECTION_ADMINISTRATOR, Petitioner.DEFEATED_CANDIDATE),
        ("precinct", 1, FileWith.ELECTION_ADMINISTRATOR, Petitioner.DEFEATED_CANDIDATE),
        ("congressional", 2, FileWith.SECRETARY_OF_STATE, Petitioner.DEFEATED_CANDIDATE),
        ("state", 2, FileWith.SECRETARY_OF_STATE, Petitioner.DEFEATED_CANDIDATE),
        ("multicounty-district", 2, FileWith.SECRETARY_OF_STATE, Petitioner.DEFEATED_CANDIDATE),
        ("legislature", 2, FileWith.SECRETARY_OF_STATE, Petitioner.DEFEATED_CANDIDATE),
        ("district-judge", 2, FileWith.SECRETARY_OF_STATE, Petitioner.DEFEATED_CANDIDATE),
        ("question", 3, FileWith.ELECTION_ADMINISTRATOR, Petitioner.ELECTORS),
        ("state-question", 4, FileWith.SECRETARY_OF_STATE, Petitioner.ELECTORS),
        ("multicounty-question", 5, FileWith.SECRETARY_OF_STATE, Petitioner.ELECTORS),
        ("canvass-error", 7, FileWith.ELECTION_ADMINISTRATOR, Petitioner.CANVASS_BOARD),
    ],
)
def test_every_kind_is_decided_by_its_row(
    kind: str, subsection: int, file_with: FileWith, petitioner: Petitioner
) -> None:
    if petitioner is Petitioner.DEFEATED_CANDIDATE:
        v = race(kind, 100, 99)
    elif petitioner is Petitioner.ELECTORS:
        v = question(kind, 100, 99)
    else:
        v = check(build_check(kind, {}), date(2026, 11, 18))
    assert v.subsection == subsection
    assert v.rule.subsection == subsection
    assert (v.rule.file_with, v.rule.petitioner) == (file_with, petitioner)


# Canvass Mon Nov 16, 2026: + 5 days = Sat Nov 21 (the safe date); the office is open last on
# Fri Nov 20 (act_by); Sun Nov 22 is a holiday, so the 1-1-307 date is Mon Nov 23.
@pytest.mark.parametrize(
    ("today", "passed", "eligible", "left", "left_safe", "act_by", "phase"),
    [
        (date(2026, 11, 19), False, True, 4, 2, date(2026, 11, 20), Phase.BEFORE_ACT_BY),
        (date(2026, 11, 20), False, True, 3, 1, date(2026, 11, 20), Phase.ON_ACT_BY),
        (date(2026, 11, 21), False, True, 2, 0, None, Phase.OFFICE_CLOSED),  # the safe date
        (date(2026, 11, 22), False, True, 1, None, None, Phase.ONLY_1_1_307),
        (date(2026, 11, 23), False, True, 0, None, None, Phase.ONLY_1_1_307),  # still timely
        (date(2026, 11, 24), True, False, None, None, None, None),  # the day after
    ],
)
def test_deadline_passed_eligible_days_left_and_the_day_to_act(
    today: date,
    passed: bool,
    eligible: bool,
    left: int | None,
    left_safe: int | None,
    act_by: date | None,
    phase: Phase | None,
) -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", today)
    assert (v.deadline_passed, v.eligible) == (passed, eligible)
    assert (v.days_left, v.days_left_safe) == (left, left_safe)
    assert (v.act_by, v.phase) == (act_by, phase)
    assert v.only_if_1_1_307 is (phase in (Phase.OFFICE_CLOSED, Phase.ONLY_1_1_307))


def test_no_canvass_date_means_no_deadline_and_still_eligible() -> None:
    v = verdict_of("county Smith 1204 Jones 1199")
    assert (v.deadline, v.deadline_passed, v.days_left, v.eligible) == (None, None, None, True)
    assert NO_CANVASS_NOTE in [n.text for n in v.notes]
    assert (v.act_by, v.phase, v.file_with) == (
        None,
        Phase.NO_DEADLINE,
        FileWith.ELECTION_ADMINISTRATOR,
    )


def test_margin_too_large_is_not_eligible_whatever_the_date() -> None:
    v = verdict_of("county Smith 1220 Jones 1199 canvass 2026-11-16", date(2026, 11, 17))
    assert (v.margin_qualifies, v.eligible, v.outcome) == (False, False, Outcome.NOT_AVAILABLE)
    # nothing to file: no action fields, the window's facts stay
    assert (v.file_with, v.petitioner, v.act_by, v.days_left, v.days_left_safe) == (None,) * 5
    assert v.deadline is not None and v.deadline_passed is False


def test_a_short_petition_is_not_eligible() -> None:
    v = verdict_of("question for 1000 against 999 signers 9")
    assert (v.eligible, v.outcome) == (False, Outcome.PETITION_SHORT)
    assert (v.petition.signers, v.petition.counties, v.petition.sufficient) == (9, None, False)


def test_canvass_error_is_always_eligible_and_has_no_numbers() -> None:
    v = verdict_of("canvass-error canvass 2020-01-02", date(2026, 11, 29))
    assert (v.margin, v.deadline, v.deadline_passed) == (None, None, None)
    assert (v.margin_qualifies, v.eligible, v.petition.sufficient) == (True, True, None)
    assert v.related == () and v.notes == ()


def test_related_sections() -> None:
    assert [r.section for r in verdict_of("county A 700 B 700").related] == ["13-16-203"]
    assert [r.section for r in verdict_of("legislature A 4011 B 3989").related] == ["13-16-211"]
    assert verdict_of("question for 4011 against 3989").related == ()
    # a tied (3) question is certified to the election administrator (13-15-405(4)) and
    # recounted as if petitioned (13-16-203(1)); a (4) tie follows the ordinary petition
    assert [r.section for r in verdict_of("question for 700 against 700").related] == [
        "13-15-405(4), 13-16-203(1)"
    ]
    assert verdict_of("state-question yes 700 no 700").related == ()


def test_a_tied_statewide_question_follows_the_ordinary_petition() -> None:
    v = verdict_of(
        "state-question yes 200000 no 200000 signers 120 counties 5 canvass 2026-11-16",
        date(2026, 11, 18),
    )
    assert v.outcome is Outcome.AVAILABLE and v.is_question_tie and not v.is_tie
    assert (v.file_with, v.petitioner) == (FileWith.SECRETARY_OF_STATE, Petitioner.ELECTORS)
    short = verdict_of("multicounty-question for 700 against 700 signers 3", date(2026, 11, 18))
    assert short.outcome is Outcome.PETITION_SHORT  # the signers count, as for any question


@pytest.mark.parametrize(
    "text",
    [
        "question for 3250 against 3250 signers 0 canvass 2026-11-21",  # (3): 13-15-405(4)
        "school-question for 700 against 700 signers 3 canvass 2026-11-21",  # 13-16-203(2)
    ],
)
def test_a_tied_local_or_school_question_is_recounted_as_if_petitioned(text: str) -> None:
    v = verdict_of(text, date(2026, 11, 23))
    assert v.outcome is Outcome.TIE and v.eligible
    # nothing to file, whatever the signers: no office, no petitioner, no day to act
    assert (v.file_with, v.petitioner, v.act_by) == (None, None, None)


def test_a_candidate_behind_a_tie_for_the_last_seat_hears_of_that_tie() -> None:
    v = verdict_of("county A 300 B 200 C 200 D 195 seats 2 candidate D")
    assert v.outcome is Outcome.AVAILABLE and v.margin is not None and v.margin.margin == 5
    (tie,) = v.related
    assert tie.section == "13-16-203" and "(B and C)" in tie.summary


def test_a_candidate_named_in_the_tie_is_compared_with_the_other_tied_candidate() -> None:
    v = verdict_of("county A 300 B 200 C 200 seats 2 candidate B")
    assert v.margin is not None
    assert (v.margin.behind.name, v.margin.ahead.name, v.margin.margin) == ("B", "C", 0)


def test_notes() -> None:
    def texts(text: str) -> list[str]:
        return [n.text for n in verdict_of(text).notes]

    county_closed = saturday_note("the election administrator's (county) office")
    assert STATE_CANVASS_NOTE in texts("legislature A 10 B 9")
    assert STATE_CANVASS_NOTE not in texts("county A 10 B 9")
    assert county_closed in texts("county A 10 B 9 canvass 2026-11-16")
    assert county_closed not in texts("county A 10 B 9 canvass 2026-11-18")
    # the office that is closed is the one the petition goes to
    assert saturday_note("the secretary of state's office") in texts(
        "state A 10 B 9 state canvass 2026-11-16"
    )
    assert saturday_note("the school district office") in texts(
        "school A 10 B 9 canvass 2026-11-16"
    )


def test_quotes_the_subsection_and_those_it_relies_on() -> None:
    v = verdict_of("state-question yes 1000 no 999")
    assert [q.subsection for q in v.quotes] == [Subsection(4), Subsection(6)]
    assert v.quotes[0].text.startswith(
        "(4) If a question submitted to the vote of the people of the state"
    )
    assert v.edition == (
        "Text as amended through 1987; (4) is (1)(d) in the current code "
        "[numbering seen (its opening words)]. Law applied: as in force today, Wed Nov 18, "
        "2026 (no canvass date given)."
    )
    assert (
        "(5) is (1)(e) in the current code [numbering inferred; not seen]. "
        in verdict_of("multicounty-question yes 1000 no 999").edition
    )
    assert [q.subsection for q in verdict_of("county A 5 B 4").quotes] == [Subsection(1)]


@pytest.mark.parametrize(
    ("text", "law"),
    [
        (
            "county A 5 B 4 canvass 2024-11-19",
            "as in force on Tue Nov 19, 2024, the day of the canvass.",
        ),
        (
            "house A 5 B 4 canvass 2024-11-19",
            "as in force on Tue Nov 19, 2024, the day of the county canvass (the state canvass "
            "not given).",
        ),
        (
            "house A 5 B 4 canvass 2024-11-19 state canvass 2024-12-02",
            "as in force on Mon Dec 2, 2024, the day of the state canvass.",
        ),
        (
            "multicounty-district A 5 B 4 canvass 2024-05-07 no state canvass",
            "as in force on Tue May 7, 2024, the day of the canvass (a special district "
            "election: no state canvass follows).",
        ),
        ("canvass-error", "as in force today, Wed Nov 18, 2026 (no canvass date given)."),
    ],
)
def test_the_edition_line_names_the_law_it_follows(text: str, law: str) -> None:
    v = verdict_of(text)
    assert v.edition.endswith(f"Law applied: {law}")
    assert verdict_json(v)["edition"] == v.edition
