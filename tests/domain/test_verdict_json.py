"""The JSON contract of recount-rules.md section 9: the keys, their types and their values."""

from __future__ import annotations

import importlib
from datetime import date

import pytest

from domain import verdict_json
from domain.verdict_json import WORK_KEYS

from ..builders import verdict_of
from ..conftest import TODAY

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
    "outcome",
    "days_left",
    "days_left_safe",
    "act_by",
    "only_if_1_1_307",
}
# Keys beyond section 9 that callers already read: they stay.
EXTRA_KEYS = {
    "read_as",
    "today",
    "canvass",
    "deadline_trace",
    "deadline_safe_trace",
    "after_filing",
    "quoted_text",
    "edition",
    "notes",
    "not_legal_advice",
}


def test_spec_example() -> None:
    j = verdict_json(verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16"))
    assert {k: j[k] for k in SECTION_9_KEYS} == {
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
        "outcome": "recount_available",
        "days_left": 5,
        "days_left_safe": 3,
        "act_by": "2026-11-20",
        "only_if_1_1_307": False,
    }
    assert set(j) >= SECTION_9_KEYS | EXTRA_KEYS
    assert (j["today"], j["canvass"]) == ("2026-11-18", "2026-11-16")
    assert j["read_as"] == "county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026"
    assert j["deadline_safe_trace"] == "canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026"
    assert j["quoted_text"]["13-16-201(1)"].startswith("(1) If a candidate for a county")
    assert j["not_legal_advice"] is True


def test_a_race_echoes_its_inputs_and_what_the_check_settled() -> None:
    j = verdict_json(verdict_of("municipal A=900 B=850 McGrew=694 Askew=692 seats 3 total 3200"))
    assert (j["seats"], j["total"], j["candidate"], j["last_winner"]) == (
        3,
        3200,
        "Askew",
        "McGrew",
    )
    assert j["candidates"][0] == {"name": "A", "votes": 900}
    assert j["standings"][2] == {"name": "McGrew", "votes": 694, "place": 3, "won": True}


def test_a_question_echoes_its_inputs() -> None:
    j = verdict_json(verdict_of("state-question yes 1000 no 999 signers 100 counties 5"))
    assert {k: j[k] for k in ("votes_for", "votes_against", "signers", "counties")} == {
        "votes_for": 1000,
        "votes_against": 999,
        "signers": 100,
        "counties": 5,
    }
    assert (j["signers_required"], j["counties_required"], j["petition_sufficient"]) == (
        100,
        5,
        True,
    )
    assert set(j["quoted_text"]) == {"13-16-201(4)", "13-16-201(6)"}
    assert "standings" not in j


def test_subsection_7_has_nulls_where_there_is_no_number() -> None:
    j = verdict_json(verdict_of("canvass-error canvass 2026-11-02", date(2026, 11, 29)))
    for key in ("margin", "total_votes", "threshold", "max_qualifying_margin"):
        assert j[key] is None
    assert (j["deadline"], j["deadline_safe"], j["deadline_passed"]) == (None, None, None)
    assert (j["margin_qualifies"], j["eligible"], j["petition_sufficient"]) == (True, True, None)
    # under 2025 SB 57 (in force on a 2026 canvass) the board files nothing: no action fields
    assert (j["file_with"], j["petitioner"], j["related"]) == (None, None, [])
    assert (j["act_by"], j["days_left"], j["only_if_1_1_307"]) == (None, None, False)
    assert (j["canvass"], j["law_in_force"]) == ("2026-11-02", "2026-11-02")


@pytest.mark.parametrize(
    ("canvass", "file_with", "petitioner", "sb57_note"),
    [
        # before SB 57: the 1987 (7) (13-15-403(4) in the 2021 code): the board petitions
        ("2024-11-19", "election_administrator", "canvass_board", False),
        # May 8-13, 2025, SB 57 passed, its approval day not seen: both readings, the
        # petition the safe course; the days before it passed, the earlier rule alone
        ("2025-05-07", "election_administrator", "canvass_board", False),
        ("2025-05-08", "election_administrator", "canvass_board", True),
        ("2025-05-13", "election_administrator", "canvass_board", True),
        ("2025-05-14", None, None, True),
        # after it: the board may require a recount; nothing to file
        ("2026-11-17", None, None, True),
    ],
)
def test_a_canvass_board_error_follows_the_law_of_its_canvass_day(
    canvass: str, file_with: str | None, petitioner: str | None, sb57_note: bool
) -> None:
    j = verdict_json(verdict_of(f"canvass-error canvass {canvass}", date(2026, 11, 18)))
    assert (j["file_with"], j["petitioner"], j["law_in_force"]) == (file_with, petitioner, canvass)
    assert ("canvass_board_may_require" in [n["code"] for n in j["current_law"]]) is sb57_note
    assert j["outcome"] == "canvass_board_error" and j["act_by"] is None


def test_the_json_and_the_verdict_agree() -> None:
    v = verdict_of("legislature A 4011 B 3989 canvass 2026-11-09 state canvass 2026-11-16")
    j = verdict_json(v)
    assert v.margin is not None and v.deadline is not None
    assert (j["eligible"], j["margin_qualifies"], j["outcome"]) == (
        v.eligible,
        v.margin_qualifies,
        v.outcome.value,
    )
    assert (j["margin"], j["max_qualifying_margin"]) == (
        v.margin.margin,
        v.margin.max_qualifying_margin,
    )
    assert j["deadline"] == v.deadline.deadline.isoformat()
    assert j["related"] == [r.section for r in v.related] == ["13-16-211"]
    assert j["notes"] == [n.text for n in v.notes]
    assert (j["counts_from"], j["file_from"]) == ("state_canvass", "2026-11-16")
    assert (j["canvass"], j["state_canvass"], j["no_state_canvass"]) == (
        "2026-11-09",
        "2026-11-16",
        False,
    )


@pytest.mark.parametrize(
    "text",
    [
        "legislature A 4011 B 3989 canvass 2026-11-09 state canvass 2026-11-16",
        "county Smith 1204 Jones 1199 canvass 2026-11-16",
        "question for 3237 against 3250 signers 12 canvass 2026-11-16",
        "municipal A=900 B=850 McGrew=694 Askew=692 seats 3",
        "canvass-error",
    ],
)
def test_without_the_work_it_is_the_same_object_less_the_work(text: str) -> None:
    """The facts alone (Slack's message metadata) are the full JSON's, key for key and in
    its order, less the keys that show the work; none of those is then computed."""
    v = verdict_of(text)
    full = verdict_json(v)
    facts = verdict_json(v, work=False)
    assert set(full) >= WORK_KEYS
    assert facts == {key: value for key, value in full.items() if key not in WORK_KEYS}
    assert list(facts) == [key for key in full if key not in WORK_KEYS]


def test_without_the_work_its_pieces_are_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*_: object, **__: object) -> None:
        raise AssertionError("the work was written")

    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16")
    assert v.deadline is not None
    monkeypatch.setattr(type(v.deadline), "trace", no)
    # the module (domain's package attribute of that name is the function)
    monkeypatch.setattr(importlib.import_module("domain.verdict_json"), "read_as", no)
    assert verdict_json(v, work=False)["outcome"] == v.outcome.value
    with pytest.raises(AssertionError, match="the work was written"):
        verdict_json(v)


@pytest.mark.parametrize(
    ("text", "today", "outcome", "eligible"),
    [
        ("county A 5 B 4", TODAY, "recount_available", True),
        ("county A 700 B 700 canvass 2026-11-01", TODAY, "tie_recount", True),
        ("county A 5 B 4 canvass 2026-11-01", TODAY, "deadline_passed", False),
        ("question for 1000 against 999 signers 9", TODAY, "petition_insufficient", False),
        ("county A 720 B 700", TODAY, "margin_too_large", False),
        ("legislature A 4015 B 3985", TODAY, "bond_recount_possible", False),
        # the 13-16-211 band after its window: the reason is the date (recount-rules.md 7)
        ("legislature A 4015 B 3985 state canvass 2026-11-01", TODAY, "deadline_passed", False),
        # ... but never because county canvass + 5 is behind: the state canvass opens it
        ("legislature A 4015 B 3985 canvass 2026-11-01", TODAY, "bond_recount_possible", False),
        ("canvass-error", TODAY, "canvass_board_error", True),
    ],
)
def test_outcome_is_a_stable_code_and_a_tie_is_always_eligible(
    text: str, today: date, outcome: str, eligible: bool
) -> None:
    j = verdict_json(verdict_of(text, today))
    assert (j["outcome"], j["eligible"]) == (outcome, eligible)


@pytest.mark.parametrize(
    ("today", "left", "left_safe"),
    [
        (date(2026, 11, 21), 2, 0),
        (date(2026, 11, 22), 1, None),
        (date(2026, 11, 23), 0, None),
        (date(2026, 11, 24), None, None),
    ],
)
def test_days_left_are_null_once_passed(
    today: date, left: int | None, left_safe: int | None
) -> None:
    j = verdict_json(verdict_of("county A 5 B 4 canvass 2026-11-16", today))
    assert (j["days_left"], j["days_left_safe"]) == (left, left_safe)


def test_the_text_and_the_json_say_the_same() -> None:
    from domain.explain import explain

    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16")
    j, e = verdict_json(v), explain(v)
    assert e.read_as == f"Read as: {j['read_as']}"
    assert (
        f"{j['days_left_safe']} days left to Sat Nov 21, 2026, the safe date" in e.deadline_lines[3]
    )
    assert f"{j['days_left']} days to Mon Nov 23, 2026" in e.deadline_lines[3]
    assert j["act_by"] == "2026-11-20" and "by Fri Nov 20, 2026" in e.summary
