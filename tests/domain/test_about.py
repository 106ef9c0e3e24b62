"""What a check is about: the facts given, carried as given, and never filled in."""

from __future__ import annotations

from datetime import date

import pytest

from domain import ContestKind, Family, InputError, build_check, check, verdict_json
from domain.about import About, about_line, election_words

PAIR = [("Smith", 1204), ("Jones", 1199)]
TODAY = date(2026, 11, 18)


def test_the_facts_come_from_the_inputs_and_the_day_checked() -> None:
    inputs = build_check(
        "county",
        {
            "candidates": PAIR,
            "race": "Sheriff",
            "county_name": "lewis and clark county",
            "election": date(2026, 6, 2),
            "election_type": "primary",
            "party": "Republican",
            "canvass": date(2026, 6, 15),
        },
    )
    about = check(inputs, TODAY).about
    assert about == About(
        as_of=TODAY,
        county="Lewis and Clark",  # the county's own spelling, "County" dropped
        election=date(2026, 6, 2),
        election_type="primary",
        party="Republican",
        contest="Sheriff",
        family=Family.CANDIDATE_RACE,
        kind=ContestKind.COUNTY,
    )
    assert about.primary is True
    assert about_line(about) == (
        "Lewis and Clark County · primary election of Tue Jun 2, 2026 · Republican nomination"
    )


def test_nothing_given_is_nothing_known() -> None:
    about = check(build_check("question", {"votes_for": 5, "votes_against": 4}), TODAY).about
    assert (about.county, about.election, about.election_type, about.party, about.contest) == (
        None,
        None,
        None,
        None,
        None,
    )
    assert about.primary is None and about_line(about) == ""
    assert election_words(about) is None


def test_the_json_carries_the_facts_beside_every_key_it_had() -> None:
    inputs = build_check("county", {"candidates": PAIR, "county_name": "Gallatin"})
    out = verdict_json(check(inputs, TODAY))
    assert out["county_name"] == "Gallatin" and out["election"] is None
    assert out["about"]["county"] == "Gallatin" and out["about"]["as_of"] == "2026-11-18"
    assert out["read_as"] == "county office; Smith 1,204, Jones 1,199; no canvass date"


@pytest.mark.parametrize("typed", ["Galatin", "Gallatin Co", "Montana", "Yellowstone Park"])
def test_a_county_not_one_of_the_56_is_refused(typed: str) -> None:
    with pytest.raises(InputError) as refused:
        build_check("county", {"candidates": PAIR, "county_name": typed})
    assert refused.value.problems[0].field == "county_name"
    assert "not one of the 56 Montana counties" in refused.value.message


@pytest.mark.parametrize(
    ("canvass", "ok"),
    [(date(2026, 11, 2), False), (date(2026, 11, 3), True), (date(2026, 11, 4), True)],
)
def test_the_canvass_is_not_before_the_election(canvass: date, ok: bool) -> None:
    fields = {"candidates": PAIR, "election": date(2026, 11, 3), "canvass": canvass}
    if ok:
        assert build_check("county", fields).canvass == canvass
    else:
        with pytest.raises(InputError, match="before the election"):
            build_check("county", fields)


@pytest.mark.parametrize(("year", "ok"), [(1899, False), (1900, True), (2100, True), (2101, False)])
def test_an_election_year_outside_the_range_is_refused(year: int, ok: bool) -> None:
    fields = {"candidates": PAIR, "election": date(year, 11, 3)}
    if ok:
        assert build_check("county", fields).election == date(year, 11, 3)
    else:
        with pytest.raises(InputError, match="1900 to 2100"):
            build_check("county", fields)


def test_a_party_is_a_candidate_races_only() -> None:
    with pytest.raises(InputError, match="party does not apply"):
        build_check("question", {"votes_for": 5, "votes_against": 4, "party": "Republican"})


def test_the_facts_change_nothing_the_law_decides() -> None:
    plain = check(build_check("county", {"candidates": PAIR, "canvass": date(2026, 11, 16)}), TODAY)
    told = check(
        build_check(
            "county",
            {
                "candidates": PAIR,
                "canvass": date(2026, 11, 16),
                "county_name": "Gallatin",
                "election": date(2026, 11, 3),
                "election_type": "general",
            },
        ),
        TODAY,
    )
    differs = {"county_name", "election", "election_type", "about"}
    a, b = verdict_json(plain), verdict_json(told)
    assert {k for k in a if a[k] != b[k]} == differs
