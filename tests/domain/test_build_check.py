"""`build_check`: every rule of recount-rules.md section 2, each failure naming its field."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from domain import (
    BallotQuestion,
    CandidateRace,
    CanvassError,
    InputError,
    build_check,
)


def problems(kind: str, fields: dict[str, Any]) -> dict[str | None, str]:
    with pytest.raises(InputError) as caught:
        build_check(kind, fields)
    return {p.field: p.message for p in caught.value.problems}


PAIR = [("Smith", 1204), ("Jones", 1199)]


def test_the_three_shapes() -> None:
    race = build_check("city", {"candidates": PAIR, "seats": None, "canvass": date(2026, 11, 16)})
    assert isinstance(race, CandidateRace) and race.kind.value == "municipal"
    assert (race.seats, race.total, race.candidate) == (1, None, None)
    q = build_check("levy", {"votes_for": 5, "votes_against": 4})
    assert isinstance(q, BallotQuestion) and (q.signers, q.counties) == (None, None)
    assert isinstance(build_check("canvass-error", {}), CanvassError)


@pytest.mark.parametrize(
    ("kind", "fields", "field", "message"),
    [
        ("county", {}, "candidates", "give at least 2 candidates with their votes"),
        ("county", {"candidates": PAIR[:1]}, "candidates", "at least 2 candidates"),
        ("county", {"candidates": [*PAIR, ("smith ", 3)]}, "candidates", "listed twice"),
        ("county", {"candidates": [("", 3), ("B", 2)]}, "candidates", "needs a name"),
        ("county", {"candidates": [("A\u202e", 3), ("B", 2)]}, "candidates", "hidden character"),
        ("county", {"candidates": [("A" * 101, 3), ("B", 2)]}, "candidates", "longer than 100"),
        ("county", {"candidates": [("A", -1), ("B", 2)]}, "candidates", "votes for A must be 0"),
        ("county", {"candidates": [("A", 1.5), ("B", 2)]}, "candidates", "whole number"),
        ("county", {"candidates": PAIR, "seats": 0}, "seats", "at least 1"),
        ("county", {"candidates": PAIR, "seats": 2}, "seats", "fewer than the number"),
        ("county", {"candidates": PAIR, "total": 2402}, "total", "less than the votes listed"),
        ("county", {"candidates": PAIR, "candidate": "Brown"}, "candidate", "is not one of"),
        ("county", {"candidates": PAIR, "candidate": "smith"}, "candidate", "Smith won a seat"),
        ("county", {"candidates": PAIR, "signers": 12}, "signers", "does not apply"),
        ("county", {"candidates": PAIR, "canvass": "2026-11-16"}, "canvass", "must be a date"),
        ("question", {"votes_for": 1}, "votes_against", "give the votes against the question"),
        ("question", {"votes_for": 0, "votes_against": 0}, "votes_against", "at least one vote"),
        ("question", {"votes_for": 1, "votes_against": 1, "counties": 3}, "counties", "only to"),
        ("question", {"votes_for": 1, "votes_against": 1, "seats": 3}, "seats", "does not apply"),
        ("state-question", {"votes_for": 1, "votes_against": 1, "counties": 57}, "counties", "56"),
        ("canvass-error", {"candidates": PAIR}, "candidates", "election type and canvass date"),
        ("county", {"candidates": PAIR, "canvass": date(1, 1, 1)}, "canvass", "1900 to 2100"),
        ("county", {"candidates": PAIR, "canvass": date(9999, 12, 31)}, "canvass", "out of range"),
        ("county", {"candidates": PAIR, "canvass": date(1899, 12, 31)}, "canvass", "1900 to 2100"),
        ("county", {"candidates": PAIR, "canvass": date(2101, 1, 1)}, "canvass", "1900 to 2100"),
        ("county", {"candidates": [("<!channel>", 5), ("B", 4)]}, "candidates", "Slack markup"),
        ("county", {"candidates": [("<@U123>", 5), ("B", 4)]}, "candidates", "Slack markup"),
        ("county", {"candidates": [("<https://x|y>", 5), ("B", 4)]}, "candidates", "Slack markup"),
        ("county", {"candidates": PAIR, "race": "<#C1|x>"}, "race", "Slack markup"),
        ("county", {"candidates": PAIR, "race": "HD\x0722"}, "race", "hidden character"),
        ("county", {"candidates": PAIR, "write_ins": -1}, "write_ins", "0 or more"),
        ("county", {"candidates": PAIR, "write_ins": 3, "total": 3000}, "write_ins", "not both"),
        ("question", {"votes_for": 1, "votes_against": 1, "write_ins": 3}, "write_ins", "does not"),
    ],
)
def test_each_problem_names_its_field(
    kind: str, fields: dict[str, Any], field: str, message: str
) -> None:
    found = problems(kind, fields)
    assert field in found, found
    assert message in found[field]


def test_every_problem_is_reported_at_once() -> None:
    found = problems("county", {"candidates": PAIR, "seats": 2, "total": 5})
    assert set(found) == {"seats", "total"}


def test_stray_fields_say_what_the_kind_takes() -> None:
    found = problems("question", {"votes_for": 1, "votes_against": 1, "total": 4})
    assert found["total"] == (
        "total does not apply to a local ballot question (question); it takes votes for, "
        "votes against, signers, race label, county, election date, election type and canvass date"
    )


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
    fields: dict[str, Any]
    if field == "votes":
        kind, fields = "county", {"candidates": [("A", value), ("B", 0)]}
    elif field == "total":
        kind, fields = "county", {"candidates": [("A", 10), ("B", 9)], "total": value}
    else:
        kind, fields = "state-question", {"votes_for": 10, "votes_against": 9, field: value}
    if ok:
        build_check(kind, fields)
    else:
        with pytest.raises(InputError, match="at most"):
            build_check(kind, fields)


@pytest.mark.parametrize("year", [1900, 2100])
def test_canvass_years_at_the_edges_are_taken(year: int) -> None:
    assert build_check("canvass-error", {"canvass": date(year, 6, 1)}).canvass == date(year, 6, 1)


def test_write_ins_count_on_top_of_the_listed_votes() -> None:
    race = build_check("precinct", {"candidates": [("Smith", 41), ("Jones", 25)], "write_ins": 35})
    assert isinstance(race, CandidateRace) and race.write_ins == 35


def test_names_are_tidied_and_compared_without_case() -> None:
    race = build_check(
        "county", {"candidates": [("  Mary   Smith ", 5), ("Jones", 4)], "candidate": "JONES"}
    )
    assert isinstance(race, CandidateRace)
    assert race.candidates[0].name == "Mary Smith"


def test_the_state_canvass_fields_go_only_with_the_kinds_that_take_them() -> None:
    found = problems("county", {"candidates": PAIR, "state_canvass": date(2026, 12, 1)})
    assert found["state_canvass"] == (
        "state canvass date does not apply to a county office (county): its 5 days run from "
        "its own canvass; give canvass DATE"
    )
    found = problems("legislature", {"candidates": PAIR, "no_state_canvass": True})
    assert "a legislative seat is in the state canvass" in found["no_state_canvass"]
    found = problems("school", {"candidates": PAIR, "no_state_canvass": True})
    assert "run from its own canvass already" in found["no_state_canvass"]
    # a saved check carries every field: a flag left off is not given
    assert not build_check("county", {"candidates": PAIR, "no_state_canvass": False}).model_dump()[
        "no_state_canvass"
    ]


def test_the_state_canvass_follows_the_county_canvass_and_excludes_no_state_canvass() -> None:
    found = problems(
        "legislature",
        {"candidates": PAIR, "canvass": date(2026, 11, 20), "state_canvass": date(2026, 11, 19)},
    )
    assert "the state canvass follows the county canvasses" in found["state_canvass"]
    same_day = {"canvass": date(2026, 11, 20), "state_canvass": date(2026, 11, 20)}
    assert build_check("legislature", {"candidates": PAIR, **same_day}).state_canvass == date(
        2026, 11, 20
    )
    found = problems(
        "multicounty-district",
        {"candidates": PAIR, "state_canvass": date(2026, 12, 1), "no_state_canvass": True},
    )
    assert "not both" in found["no_state_canvass"]
