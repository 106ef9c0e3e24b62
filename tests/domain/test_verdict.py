"""`check`: eligibility, the outcome, notes and quotes, from the rows and today's date."""

from __future__ import annotations

from datetime import date

import pytest

from domain import FileWith, Outcome, Petitioner, Subsection, build_check, check
from domain.related import NO_CANVASS_NOTE, SATURDAY_NOTE, STATE_CANVASS_NOTE

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


@pytest.mark.parametrize(
    ("today", "passed", "eligible", "left", "left_safe"),
    [
        (date(2026, 11, 20), False, True, 3, 1),  # the day before the safe date
        (date(2026, 11, 21), False, True, 2, 0),  # the safe date
        (date(2026, 11, 22), False, True, 1, None),  # the safe date has passed
        (date(2026, 11, 23), False, True, 0, None),  # deadline day: still timely
        (date(2026, 11, 24), True, False, None, None),  # the day after
    ],
)
def test_deadline_passed_eligible_and_days_left(
    today: date, passed: bool, eligible: bool, left: int | None, left_safe: int | None
) -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", today)
    assert (v.deadline_passed, v.eligible) == (passed, eligible)
    assert (v.days_left, v.days_left_safe) == (left, left_safe)


def test_no_canvass_date_means_no_deadline_and_still_eligible() -> None:
    v = verdict_of("county Smith 1204 Jones 1199")
    assert (v.deadline, v.deadline_passed, v.days_left, v.eligible) == (None, None, None, True)
    assert NO_CANVASS_NOTE in v.notes


def test_margin_too_large_is_not_eligible_whatever_the_date() -> None:
    v = verdict_of("county Smith 1220 Jones 1199 canvass 2026-11-16", date(2026, 11, 17))
    assert (v.margin_qualifies, v.eligible, v.outcome) == (False, False, Outcome.NOT_AVAILABLE)


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


def test_notes() -> None:
    assert STATE_CANVASS_NOTE in verdict_of("legislature A 10 B 9").notes
    assert STATE_CANVASS_NOTE not in verdict_of("county A 10 B 9").notes
    assert SATURDAY_NOTE in verdict_of("county A 10 B 9 canvass 2026-11-16").notes
    assert SATURDAY_NOTE not in verdict_of("county A 10 B 9 canvass 2026-11-18").notes


def test_quotes_the_subsection_and_those_it_relies_on() -> None:
    v = verdict_of("state-question yes 1000 no 999")
    assert [q.subsection for q in v.quotes] == [Subsection(4), Subsection(6)]
    assert v.quotes[0].text.startswith(
        "(4) If a question submitted to the vote of the people of the state"
    )
    assert v.edition == "Text as amended through 1987; (4) is (1)(d) in the current code."
    assert [q.subsection for q in verdict_of("county A 5 B 4").quotes] == [Subsection(1)]
