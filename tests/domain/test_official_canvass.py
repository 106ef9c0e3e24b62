"""Which canvass opens the 5 days (recount-rules.md section 6): the kind's own canvass, the
state canvass for (2), (4) and (5), or a special district election's; never the county
canvass in place of a state canvass not given."""

from __future__ import annotations

from datetime import date

import pytest

from domain import CheckInput, ContestKind, build_check
from domain.official_canvass import (
    CountsFrom,
    counts_from,
    official_canvass,
    waiting_for_state_canvass,
)

COUNTY, STATE = date(2026, 11, 16), date(2026, 12, 1)
PAIR = [("A", 10), ("B", 9)]


def race(kind: ContestKind, **fields: object) -> CheckInput:
    return build_check(kind, {"candidates": PAIR, **fields})


@pytest.mark.parametrize(
    ("kind", "fields", "counts", "opens", "waits"),
    [
        # (1): its own canvass; school kinds too, whatever else is said
        (ContestKind.COUNTY, {"canvass": COUNTY}, CountsFrom.COUNTY, COUNTY, False),
        (ContestKind.SCHOOL, {"canvass": COUNTY}, CountsFrom.COUNTY, COUNTY, False),
        # (2): the state canvass, given
        (
            ContestKind.LEGISLATURE,
            {"canvass": COUNTY, "state_canvass": STATE},
            CountsFrom.STATE,
            STATE,
            False,
        ),
        # (2) without it: no date at all, never the county canvass in its place
        (ContestKind.LEGISLATURE, {"canvass": COUNTY}, CountsFrom.STATE, None, True),
        (ContestKind.LEGISLATURE, {}, CountsFrom.STATE, None, True),
        # a special district election: its canvass is the official one
        (
            ContestKind.MULTICOUNTY_DISTRICT,
            {"canvass": COUNTY, "no_state_canvass": True},
            CountsFrom.SPECIAL_DISTRICT,
            COUNTY,
            False,
        ),
        (
            ContestKind.MULTICOUNTY_DISTRICT,
            {"no_state_canvass": True},
            CountsFrom.SPECIAL_DISTRICT,
            None,
            False,
        ),
    ],
)
def test_which_canvass_opens_the_window(
    kind: ContestKind,
    fields: dict[str, object],
    counts: CountsFrom,
    opens: date | None,
    waits: bool,
) -> None:
    inputs = race(kind, **fields)
    assert counts_from(inputs) is counts
    assert official_canvass(inputs) == opens
    assert waiting_for_state_canvass(inputs) is waits


def test_a_4_or_5_question_counts_from_the_state_canvass() -> None:
    inputs = build_check("state-question", {"votes_for": 10, "votes_against": 9, "canvass": COUNTY})
    assert counts_from(inputs) is CountsFrom.STATE and official_canvass(inputs) is None


def test_the_json_codes_are_those_of_recount_rules_md() -> None:
    assert {c.value for c in CountsFrom} == {
        "county_canvass",
        "state_canvass",
        "special_district_canvass",
    }
