"""Petition rules, eligibility, the (7) verdict, citations and the JSON of section 9."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from domain import build_check, check

from .conftest import SHARED
from .helpers import as_json, question, race

SECTION_9_KEYS = {
    "eligible",
    "kind",
    "subsection",
    "citation",
    "margin",
    "total_votes",
    "threshold",
    "max_qualifying_margin",
    "margin_qualifies",
    "deadline",
    "deadline_safe",
    "deadline_passed",
    "file_with",
    "petitioner",
    "signers_required",
    "counties_required",
    "petition_sufficient",
    "related",
}


def test_spec_example_json() -> None:
    j = as_json(race("county", 1204, 1199, canvass=date(2026, 11, 16), today=date(2026, 11, 18)))
    expected = {
        "eligible": True,
        "kind": "county",
        "subsection": "13-16-201(1)",
        "citation": "Mont. Code Ann. § 13-16-201(1)",
        "margin": 5,
        "total_votes": 2403,
        "threshold": "6.0075",
        "max_qualifying_margin": 10,
        "margin_qualifies": True,
        "deadline": "2026-11-23",
        "deadline_safe": "2026-11-21",
        "deadline_passed": False,
        "file_with": "election_administrator",
        "petitioner": "defeated_candidate",
        "signers_required": None,
        "counties_required": None,
        "petition_sufficient": None,
        "related": [],
    }
    assert {k: j[k] for k in SECTION_9_KEYS} == expected


@pytest.mark.parametrize(
    ("kind", "subsection", "file_with", "petitioner", "signers", "counties"),
    [
        ("county", 1, "election_administrator", "defeated_candidate", None, None),
        ("municipal", 1, "election_administrator", "defeated_candidate", None, None),
        ("district", 1, "election_administrator", "defeated_candidate", None, None),
        ("precinct", 1, "election_administrator", "defeated_candidate", None, None),
        ("congressional", 2, "secretary_of_state", "defeated_candidate", None, None),
        ("state", 2, "secretary_of_state", "defeated_candidate", None, None),
        ("multicounty-district", 2, "secretary_of_state", "defeated_candidate", None, None),
        ("legislature", 2, "secretary_of_state", "defeated_candidate", None, None),
        ("district-judge", 2, "secretary_of_state", "defeated_candidate", None, None),
        ("question", 3, "election_administrator", "electors", 10, None),
        ("state-question", 4, "secretary_of_state", "electors", 100, 5),
        ("multicounty-question", 5, "secretary_of_state", "electors", 25, 2),
        ("canvass-error", 7, "election_administrator", "canvass_board", None, None),
    ],
)
def test_every_kind_maps_to_its_petition(
    kind: str,
    subsection: int,
    file_with: str,
    petitioner: str,
    signers: int | None,
    counties: int | None,
) -> None:
    if petitioner == "defeated_candidate":
        v = race(kind, 100, 99)
    elif petitioner == "electors":
        v = question(kind, 100, 99)
    else:
        v = check(build_check(kind, {}), date(2026, 11, 18))
    j = as_json(v)
    assert j["subsection"] == f"13-16-201({subsection})"
    assert j["citation"] == f"Mont. Code Ann. § 13-16-201({subsection})"
    assert (j["file_with"], j["petitioner"]) == (file_with, petitioner)
    assert (j["signers_required"], j["counties_required"]) == (signers, counties)


def test_aliases_resolve() -> None:
    for alias, kind in [
        ("city", "municipal"),
        ("TOWN", "municipal"),
        ("school", "district"),
        ("trustee", "district"),
        ("congress", "congressional"),
        ("us-house", "congressional"),
        ("us-senate", "congressional"),
        ("statewide", "state"),
        ("psc", "multicounty-district"),
        ("house", "legislature"),
        ("senate", "legislature"),
        ("legislative", "legislature"),
        ("judge", "district-judge"),
        ("local-question", "question"),
        ("levy", "question"),
        ("initiative", "state-question"),
        ("referendum", "state-question"),
    ]:
        if kind in {"question", "state-question"}:
            assert as_json(question(alias, 10, 9))["kind"] == kind
        else:
            assert as_json(race(alias, 10, 9))["kind"] == kind


# Signer and county minimums: at, and one below. (3): 10; (4): 100 and 5; (5): 25 and 2.
@pytest.mark.parametrize(
    ("kind", "fields", "sufficient"),
    [
        ("question", {}, None),
        ("question", {"signers": 10}, True),
        ("question", {"signers": 9}, False),
        ("question", {"signers": 11}, True),
        ("state-question", {}, None),
        ("state-question", {"signers": 100, "counties": 5}, True),
        ("state-question", {"signers": 99, "counties": 5}, False),
        ("state-question", {"signers": 100, "counties": 4}, False),
        ("state-question", {"signers": 100}, None),  # counties not known yet
        ("state-question", {"counties": 5}, None),
        ("state-question", {"signers": 99}, False),  # short already
        ("state-question", {"counties": 4}, False),
        ("multicounty-question", {"signers": 25, "counties": 2}, True),
        ("multicounty-question", {"signers": 24, "counties": 2}, False),
        ("multicounty-question", {"signers": 25, "counties": 1}, False),
        ("multicounty-question", {"signers": 26, "counties": 3}, True),
        ("multicounty-question", {"signers": 0, "counties": 0}, False),
    ],
)
def test_petition_sufficient(kind: str, fields: dict[str, Any], sufficient: bool | None) -> None:
    j = as_json(question(kind, 1000, 999, **fields))
    assert j["petition_sufficient"] is sufficient
    assert j["eligible"] is (sufficient is not False)


@pytest.mark.parametrize(
    ("today", "passed", "eligible"),
    [
        (date(2026, 11, 21), False, True),  # the safe date
        (date(2026, 11, 23), False, True),  # deadline day: still timely
        (date(2026, 11, 24), True, False),  # the day after
    ],
)
def test_deadline_passed_and_eligible(today: date, passed: bool, eligible: bool) -> None:
    j = as_json(race("county", 1204, 1199, canvass=date(2026, 11, 16), today=today))
    assert (j["deadline_passed"], j["eligible"]) == (passed, eligible)


def test_no_canvass_date_means_no_deadline_and_still_eligible() -> None:
    v = race("county", 1204, 1199)
    j = as_json(v)
    assert (j["deadline"], j["deadline_safe"], j["deadline_passed"], j["eligible"]) == (
        None,
        None,
        None,
        True,
    )
    assert any("within 5 days after the official canvass" in n for n in v.notes)


def test_margin_too_large_is_not_eligible_whatever_the_date() -> None:
    j = as_json(race("county", 1220, 1199, canvass=date(2026, 11, 16), today=date(2026, 11, 17)))
    assert (j["margin_qualifies"], j["eligible"], j["outcome"]) == (
        False,
        False,
        "recount not available",
    )


def test_canvass_error_is_always_eligible_and_has_no_numbers() -> None:
    v = check(build_check("canvass-error", {"canvass": date(2020, 1, 2)}), date(2026, 11, 29))
    j = as_json(v)
    for key in ("margin", "total_votes", "threshold", "max_qualifying_margin"):
        assert j[key] is None
    assert (j["deadline"], j["deadline_safe"], j["deadline_passed"]) == (None, None, None)
    assert (j["margin_qualifies"], j["eligible"], j["petition_sufficient"]) == (True, True, None)
    assert j["related"] == []


def test_state_offices_note_the_state_canvass() -> None:
    assert any("state canvass" in n for n in race("legislature", 10, 9).notes)
    assert not any("state canvass" in n for n in race("county", 10, 9).notes)


def test_quotes_come_from_the_shipped_statute() -> None:
    from domain.statute import statute_text

    text = statute_text()
    v = question("state-question", 1000, 999)
    assert [q.subsection.code for q in v.quotes] == ["13-16-201(4)", "13-16-201(6)"]
    for q in v.quotes:
        assert q.text in text
    assert v.quotes[0].text.startswith(
        "(4) If a question submitted to the vote of the people of the state"
    )
    assert v.edition == "Text as amended through 1987; (4) is (1)(d) in the current code."
    assert race("state", 10, 9).edition == (
        "Text as amended through 1987; (2) is (1)(b) in the current code."
    )


def test_shipped_statute_is_the_shared_copy() -> None:
    shared = SHARED / "statute" / "13-16-201.txt"
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout")
    from domain.statute import statute_text

    assert statute_text() == shared.read_text(encoding="utf-8")


def test_statute_numbers_in_constants_match_the_text() -> None:
    """Each cited number's words stand in the statute we quote."""
    from domain import constants
    from domain.statute import statute_text

    text = " ".join(statute_text().split())
    for name in (
        "MARGIN_SHARE",
        "MARGIN_FLOOR_VOTES",
        "PETITION_WINDOW_DAYS",
        "LOCAL_QUESTION_MIN_SIGNERS",
        "STATE_QUESTION_MIN_SIGNERS",
        "STATE_QUESTION_MIN_COUNTIES",
        "MULTICOUNTY_QUESTION_MIN_SIGNERS",
        "MULTICOUNTY_QUESTION_MIN_COUNTIES",
    ):
        assert getattr(constants, name).words in text, name


@pytest.mark.parametrize(
    ("signers", "counties", "sufficient"),
    [(101, 6, True), (100, 6, True), (101, 5, True), (99, 6, False), (101, 4, False)],
)
def test_state_question_minimums_one_above(signers: int, counties: int, sufficient: bool) -> None:
    j = as_json(question("state-question", 1000, 999, signers=signers, counties=counties))
    assert j["petition_sufficient"] is sufficient


@pytest.mark.parametrize(
    ("field", "value", "ok"),
    [
        ("votes", 9_999_999, True),
        ("votes", 10_000_000, True),
        ("votes", 10_000_001, False),
        ("counties", 55, True),
        ("counties", 56, True),
        ("counties", 57, False),
        ("signers", 10_000_000, True),
        ("signers", 10_000_001, False),
        ("total", 10_000_000, True),
        ("total", 10_000_001, False),
    ],
)
def test_input_caps(field: str, value: int, ok: bool) -> None:
    from domain import InputError

    def attempt() -> object:
        if field == "votes":
            return race("county", value, 0)
        if field == "total":
            return race("county", 10, 9, total=value)
        fields: dict[str, Any] = {field: value}
        return question("state-question", 10, 9, **fields)

    if ok:
        attempt()
    else:
        with pytest.raises(InputError, match="at most"):
            attempt()
