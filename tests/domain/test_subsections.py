"""The statute's rows, and the statute case table: checks as a clerk types them, one row a case.

Every statutory number is tried at, one below and one above. The table asserts on the
`Verdict`; the JSON has its own contract test (test_verdict_json.py).
"""

from __future__ import annotations

import re
from dataclasses import fields
from datetime import date
from pathlib import Path

import pytest

from domain import RULES, FileWith, Outcome, Petitioner, Subsection, SubsectionRule
from domain.citations import Cited
from domain.statute import statute_text, subsection_text

from ..builders import verdict_of
from ..conftest import TODAY

AVAILABLE, TIE, BOND = Outcome.AVAILABLE, Outcome.TIE, Outcome.BOND
NOT_AVAILABLE, PASSED, SHORT = (
    Outcome.NOT_AVAILABLE,
    Outcome.DEADLINE_PASSED,
    Outcome.PETITION_SHORT,
)

# --- the margin: 1/4 of 1% of the total, and (1)'s 10-vote floor -----------------------------
# text, subsection, margin, largest qualifying margin, outcome


@pytest.mark.parametrize(
    ("text", "subsection", "margin", "max_margin", "outcome"),
    [
        pytest.param("county Smith 1204 Jones 1199", 1, 5, 10, AVAILABLE,
                     id="(1) floor beats 1/400 at 2,403: 5 votes qualify"),
        pytest.param("county A 1009 B 1000", 1, 9, 10, AVAILABLE,
                     id="(1) margin 9 of 2,009: one below the 10-vote floor"),
        pytest.param("county A 1010 B 1000", 1, 10, 10, AVAILABLE,
                     id="(1) margin 10 of 2,010: at the floor"),
        pytest.param("county A 1011 B 1000", 1, 11, 10, NOT_AVAILABLE,
                     id="(1) margin 11 of 2,011: one above the floor"),
        pytest.param("county A 3019 B 3000 total 8000", 1, 19, 20, AVAILABLE,
                     id="(1) 1/400 of 8,000 is 20, above the floor: margin 19"),
        pytest.param("county A 3020 B 3000 total 8000", 1, 20, 20, AVAILABLE,
                     id="(1) margin 20 of 8,000: at 1/400"),
        pytest.param("county A 3021 B 3000 total 8000", 1, 21, 20, BOND,
                     id="(1) margin 21 of 8,000: one above 1/400, within 1/200 (bond)"),
        pytest.param("legislature A 1204 B 1199", 2, 5, 6, AVAILABLE,
                     id="(2) no floor: 5 of 2,403 is within 1/400 (6.0075)"),
        pytest.param("legislature A 1206 B 1199", 2, 7, 6, BOND,
                     id="(2) no floor: 7 of 2,405 is over 1/400 (6.0125), within 1/200"),
        pytest.param("legislature A 1010 B 1000", 2, 10, 5, BOND,
                     id="(2) no floor: 10 votes of 2,010 do not qualify, within 1/200"),
        pytest.param("legislature A 1020 B 1000", 2, 20, 5, NOT_AVAILABLE,
                     id="(2) 20 votes of 2,020: over 1/200 (10.1), no bond either"),
        pytest.param("state A 3019 B 3000 total 8000", 2, 19, 20, AVAILABLE,
                     id="(2) margin 19 of 8,000: one below 1/400"),
        pytest.param("congress A 3020 B 3000 total 8000", 2, 20, 20, AVAILABLE,
                     id="(2) margin 20 of 8,000: at 1/400"),
        pytest.param("district-judge A 3021 B 3000 total 8000", 2, 21, 20, BOND,
                     id="(2) margin 21 of 8,000: one above 1/400, within 1/200 (bond)"),
        pytest.param("district-judge A 3040 B 3000 total 8000", 2, 40, 20, BOND,
                     id="13-16-211: margin 40 of 8,000, at 1/200"),
        pytest.param("district-judge A 3041 B 3000 total 8000", 2, 41, 20, NOT_AVAILABLE,
                     id="13-16-211: margin 41 of 8,000, one above 1/200"),
        pytest.param("precinct Smith 41 write-ins 35 Jones 25", 1, 16, 10, NOT_AVAILABLE,
                     id="(1) write-ins count in the total: 16 behind of 101"),
        pytest.param("question for 4009 against 3990", 3, 19, 19, AVAILABLE,
                     id="(3) 19 of 7,999: within 1/400 (19.9975)"),
        pytest.param("question for 4010 against 3990", 3, 20, 20, AVAILABLE,
                     id="(3) 20 of 8,000: at 1/400"),
        pytest.param("question for 4011 against 3990", 3, 21, 20, NOT_AVAILABLE,
                     id="(3) 21 of 8,001: one above 1/400"),
        pytest.param("question for 6 against 0", 3, 6, 0, NOT_AVAILABLE,
                     id="(3) no floor for questions: 6 to 0 does not qualify"),
        pytest.param("state-question yes 4010 no 3990", 4, 20, 20, AVAILABLE,
                     id="(4) 20 of 8,000: at 1/400"),
        pytest.param("state-question yes 4011 no 3990", 4, 21, 20, NOT_AVAILABLE,
                     id="(4) 21 of 8,001: one above 1/400"),
        pytest.param("multicounty-question for 3990 against 4010", 5, 20, 20, AVAILABLE,
                     id="(5) against wins by 20 of 8,000: at 1/400"),
        pytest.param("multicounty-question for 3990 against 4011", 5, 21, 20, NOT_AVAILABLE,
                     id="(5) against wins by 21 of 8,001: one above 1/400"),
        pytest.param("county A 700 B 700", 1, 0, 10, TIE,
                     id="13-16-203: a tie is recounted without a petition"),
        pytest.param("municipal A=900 B=850 McGrew=694 Askew=692 seats 3", 1, 2, 10, AVAILABLE,
                     id="(1) three seats: Askew is 2 behind McGrew, the last winner"),
    ],
)  # fmt: skip
def test_margin(text: str, subsection: int, margin: int, max_margin: int, outcome: Outcome) -> None:
    v = verdict_of(text)
    assert v.subsection == subsection
    assert v.margin is not None
    assert (v.margin.margin, v.margin.max_qualifying_margin) == (margin, max_margin)
    assert v.margin_qualifies is (margin <= max_margin)
    assert v.outcome is outcome


# --- the petition: who signs, and how many from how many counties -----------------------------
# text (a margin that qualifies), petition sufficient?, outcome


@pytest.mark.parametrize(
    ("text", "sufficient", "outcome"),
    [
        pytest.param("question for 1000 against 999", None, AVAILABLE,
                     id="(3) no signers given yet: nothing to judge"),
        pytest.param("question for 1000 against 999 signers 9", False, SHORT,
                     id="(3) 9 signers: one below 10"),
        pytest.param("question for 1000 against 999 signers 10", True, AVAILABLE,
                     id="(3) 10 signers: at the minimum"),
        pytest.param("question for 1000 against 999 signers 11", True, AVAILABLE,
                     id="(3) 11 signers: one above"),
        pytest.param("state-question yes 1000 no 999 signers 99 counties 5", False, SHORT,
                     id="(4) 99 signers from 5 counties: one signer short"),
        pytest.param("state-question yes 1000 no 999 signers 100 counties 5", True, AVAILABLE,
                     id="(4) 100 signers from 5 counties: at both minimums"),
        pytest.param("state-question yes 1000 no 999 signers 101 counties 6", True, AVAILABLE,
                     id="(4) 101 signers from 6 counties: one above both"),
        pytest.param("state-question yes 1000 no 999 signers 100 counties 4", False, SHORT,
                     id="(4) 100 signers from 4 counties: one county short"),
        pytest.param("state-question yes 1000 no 999 signers 100", None, AVAILABLE,
                     id="(4) counties not given yet: nothing to judge"),
        pytest.param("multicounty-question for 1000 against 999 signers 24 counties 2", False,
                     SHORT, id="(5) 24 signers from 2 counties: one signer short"),
        pytest.param("multicounty-question for 1000 against 999 signers 25 counties 2", True,
                     AVAILABLE, id="(5) 25 signers from 2 counties: at both minimums"),
        pytest.param("multicounty-question for 1000 against 999 signers 26 counties 3", True,
                     AVAILABLE, id="(5) 26 signers from 3 counties: one above both"),
        pytest.param("multicounty-question for 1000 against 999 signers 25 counties 1", False,
                     SHORT, id="(5) 25 signers from 1 county: one county short"),
        pytest.param("county Smith 1204 Jones 1199", None, AVAILABLE,
                     id="(1) a candidate petitions alone: no signers to count"),
    ],
)  # fmt: skip
def test_petition(text: str, sufficient: bool | None, outcome: Outcome) -> None:
    v = verdict_of(text)
    assert v.petition.sufficient is sufficient
    assert v.outcome is outcome


# --- the deadline: within 5 days after the official canvass -----------------------------------
# text, today, last day to be safe, last day if 1-1-307 postpones Saturdays, outcome


@pytest.mark.parametrize(
    ("text", "today", "safe", "deadline", "outcome"),
    [
        pytest.param("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 22),
                     date(2026, 11, 23), date(2026, 11, 23), AVAILABLE,
                     id="(1) canvass Wed: 5th day Mon; the day before"),
        pytest.param("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 23),
                     date(2026, 11, 23), date(2026, 11, 23), AVAILABLE,
                     id="(1) canvass Wed: on the 5th day, still timely"),
        pytest.param("county A 5 B 4 canvass 2026-11-18", date(2026, 11, 24),
                     date(2026, 11, 23), date(2026, 11, 23), PASSED,
                     id="(1) canvass Wed: the 6th day is too late"),
        pytest.param("county A 5 B 4 canvass 2026-11-16", date(2026, 11, 21),
                     date(2026, 11, 21), date(2026, 11, 23), AVAILABLE,
                     id="(1) 5th day a Saturday: safe date Sat, 1-1-307 date Mon"),
        pytest.param("county A 5 B 4 canvass 2026-11-16", date(2026, 11, 23),
                     date(2026, 11, 21), date(2026, 11, 23), AVAILABLE,
                     id="(1) after the safe Saturday, Monday is timely if 1-1-307 applies"),
        pytest.param("legislature A 5000 B 4990 state canvass 2026-11-21", date(2026, 11, 27),
                     date(2026, 11, 27), date(2026, 11, 27), AVAILABLE,
                     id="(2) 5th day is Thanksgiving: the Friday after"),
        pytest.param("question for 1000 against 999 canvass 2026-11-06", date(2026, 11, 12),
                     date(2026, 11, 12), date(2026, 11, 12), AVAILABLE,
                     id="(3) 5th day is Veterans' Day: the Thursday after"),
        pytest.param("state-question yes 1000 no 999 state canvass 2026-12-27", date(2027, 1, 5),
                     date(2027, 1, 2), date(2027, 1, 4), PASSED,
                     id="(4) New Year's Day on Fri, 5th day Sat: passed on Tue Jan 5"),
        pytest.param("county A 700 B 700 canvass 2026-11-01", TODAY,
                     date(2026, 11, 6), date(2026, 11, 6), TIE,
                     id="13-16-203: a tie needs no petition, so no deadline passes"),
    ],
)  # fmt: skip
def test_deadline(text: str, today: date, safe: date, deadline: date, outcome: Outcome) -> None:
    v = verdict_of(text, today)
    assert v.deadline is not None
    assert (v.deadline.deadline_safe, v.deadline.deadline) == (safe, deadline)
    assert v.outcome is outcome


def test_canvass_board_error_has_no_margin_and_no_window() -> None:
    v = verdict_of("canvass-error canvass 2020-01-02", date(2026, 11, 29))
    assert (v.subsection, v.margin, v.deadline) == (7, None, None)
    assert v.outcome is Outcome.CANVASS_BOARD
    assert v.eligible


# --- the table itself --------------------------------------------------------------------------

SOURCE = Path(__file__).resolve().parents[2] / "domain" / "subsections.py"
_QUOTE_LINE = re.compile(r'^\s*# \((\d)\) "(.+)"\s*$')


def _normalized(text: str) -> str:
    return " ".join(text.split())


def test_one_row_per_subsection_in_statute_order() -> None:
    assert list(RULES) == list(Subsection) == sorted(Subsection)
    assert all(rule.subsection is key for key, rule in RULES.items())


def test_every_row_stands_under_a_quote_of_its_own_clause() -> None:
    """The quote above each row is the statute's own words, from that row's subsection."""
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    quoted: dict[int, str] = {}
    for i, line in enumerate(lines):
        match = _QUOTE_LINE.match(line)
        if match:
            assert lines[i + 1].strip() == "SubsectionRule(", f"no row under: {line}"
            assert f"subsection=_S.{Subsection(int(match[1])).name}," in lines[i + 2]
            quoted[int(match[1])] = match[2]
    assert sorted(quoted) == [s.value for s in Subsection]
    for number, quote in quoted.items():
        own_text = _normalized(subsection_text(Subsection(number)))
        for fragment in quote.split("…"):
            assert fragment.strip() in own_text, (number, fragment)


def test_every_cited_number_in_a_row_stands_in_that_row_subsection() -> None:
    for rule in RULES.values():
        own_text = _normalized(subsection_text(rule.subsection))
        for field in fields(rule):
            value = getattr(rule, field.name)
            if isinstance(value, Cited):
                assert value.words in own_text, (rule.subsection, field.name)


def test_rows_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        SubsectionRule(Subsection.ONE_COUNTY_OFFICE, "(1)(a)")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("subsection", "petitioner", "file_with", "signers", "counties", "relies_on"),
    [
        (1, Petitioner.DEFEATED_CANDIDATE, FileWith.ELECTION_ADMINISTRATOR, None, None, ()),
        (2, Petitioner.DEFEATED_CANDIDATE, FileWith.SECRETARY_OF_STATE, None, None, ()),
        (3, Petitioner.ELECTORS, FileWith.ELECTION_ADMINISTRATOR, 10, None, ()),
        (4, Petitioner.ELECTORS, FileWith.SECRETARY_OF_STATE, 100, 5, (6,)),
        (5, Petitioner.ELECTORS, FileWith.SECRETARY_OF_STATE, 25, 2, (6,)),
        (6, None, None, None, None, ()),
        (7, Petitioner.CANVASS_BOARD, FileWith.ELECTION_ADMINISTRATOR, None, None, ()),
    ],
)
def test_who_petitions_where_and_with_how_many(
    subsection: int,
    petitioner: Petitioner | None,
    file_with: FileWith | None,
    signers: int | None,
    counties: int | None,
    relies_on: tuple[int, ...],
) -> None:
    rule = RULES[Subsection(subsection)]
    assert (rule.petitioner, rule.file_with) == (petitioner, file_with)
    assert (rule.min_signers and rule.min_signers.value) == signers
    assert (rule.min_counties and rule.min_counties.value) == counties
    assert rule.relies_on == tuple(Subsection(s) for s in relies_on)


def test_the_floor_is_in_subsection_1_only_and_the_window_everywhere_but_6_and_7() -> None:
    assert [s for s, r in RULES.items() if r.margin_floor is not None] == [1]
    assert [s for s, r in RULES.items() if r.margin_share is not None] == [1, 2, 3, 4, 5]
    assert [s for s, r in RULES.items() if r.has_deadline] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("subsection", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("margin", "ok"), [(19, True), (20, True), (21, False)])
def test_qualifies_at_below_and_above_the_share(subsection: int, margin: int, ok: bool) -> None:
    # 1/400 of 8,000 is 20: above the floor, so every subsection answers alike.
    assert RULES[Subsection(subsection)].qualifies(margin, 8000) is ok


@pytest.mark.parametrize(
    ("margin", "under_1", "elsewhere"), [(9, True, False), (10, True, False), (11, False, False)]
)
def test_qualifies_at_below_and_above_the_floor(
    margin: int, under_1: bool, elsewhere: bool
) -> None:
    # 1/400 of 2,000 is 5: only (1)'s floor lets 9 or 10 through.
    assert RULES[Subsection(1)].qualifies(margin, 2000) is under_1
    for subsection in (2, 3, 4, 5):
        assert RULES[Subsection(subsection)].qualifies(margin, 2000) is elsewhere


def test_qualifies_is_exact_at_large_totals() -> None:
    # 1/400 of 9,999,999 is 24999.9975: 24,999 qualifies, 25,000 does not (floats blur this).
    rule = RULES[Subsection.STATE_QUESTION]
    assert rule.qualifies(24_999, 9_999_999)
    assert not rule.qualifies(25_000, 9_999_999)
    assert rule.max_qualifying_margin(9_999_999) == 24_999


def test_max_qualifying_margin_is_the_greater_of_floor_and_share_under_1() -> None:
    rule = RULES[Subsection.ONE_COUNTY_OFFICE]
    assert [rule.max_qualifying_margin(t) for t in (0, 3999, 4000, 4400, 8001)] == [
        10,
        10,
        10,
        11,
        20,
    ]


def test_subsection_7_has_no_margin_test() -> None:
    rule = RULES[Subsection.CANVASS_ERROR]
    assert rule.qualifies(10**9, 1)
    with pytest.raises(ValueError, match="no margin test"):
        rule.max_qualifying_margin(100)


@pytest.mark.parametrize(
    ("subsection", "signers", "counties", "sufficient"),
    [
        (3, None, None, None),
        (3, 9, None, False),
        (3, 10, None, True),
        (4, 100, None, None),
        (4, None, 5, None),
        (4, 99, None, False),
        (4, None, 4, False),
        (4, 100, 5, True),
        (5, 0, 0, False),
        (1, 5, 5, None),  # nothing is required: nothing to judge
    ],
)
def test_sufficient(
    subsection: int, signers: int | None, counties: int | None, sufficient: bool | None
) -> None:
    assert RULES[Subsection(subsection)].sufficient(signers, counties) is sufficient


def test_subsection_codes_and_citations() -> None:
    assert Subsection(4).code == "13-16-201(4)"
    assert Subsection(4).citation == "Mont. Code Ann. § 13-16-201(4)"
    assert FileWith.SECRETARY_OF_STATE.label == "the secretary of state"


def test_the_shipped_statute_holds_every_subsection() -> None:
    text = statute_text()
    for subsection in Subsection:
        assert subsection_text(subsection).startswith(f"({subsection.value}) ")
        assert subsection_text(subsection) in text
