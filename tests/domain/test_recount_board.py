"""The kit's law: which certificates go to the Secretary of State in duplicate
(13-16-418(1)(d)), which contests are recanvassed at once ((1)(e)), cited as related.md has
them; worked out from the section's list of offices, not from the module's table."""

from __future__ import annotations

import pytest

from domain import KINDS, ContestKind
from domain.recount_board import (
    IN_DUPLICATE,
    PARTY_BALLOTS,
    RECANVASS,
    copies_rules,
)


@pytest.mark.parametrize(
    "kind",
    [
        ContestKind.CONGRESSIONAL,
        ContestKind.LEGISLATURE,
        ContestKind.DISTRICT_JUDGE,
        ContestKind.MULTICOUNTY_DISTRICT,
        ContestKind.MULTICOUNTY_QUESTION,
    ],
)
def test_the_offices_1d_names_are_certified_in_duplicate(kind: ContestKind) -> None:
    # in one county's files or in several: the office decides
    assert copies_rules(kind, 1) == copies_rules(kind, 2) == (IN_DUPLICATE,)


@pytest.mark.parametrize(
    "kind", [ContestKind.COUNTY, ContestKind.MUNICIPAL, ContestKind.PRECINCT, ContestKind.QUESTION]
)
def test_a_one_county_contest_is_recanvassed_unless_the_files_hold_it_in_two(
    kind: ContestKind,
) -> None:
    assert copies_rules(kind, 1) == (RECANVASS,)
    assert copies_rules(kind, 2) == (IN_DUPLICATE,)  # seen in two counties: it spans them


def test_a_school_election_and_an_unknown_kind() -> None:
    assert all(copies_rules(k, 1) == () for k in ContestKind if KINDS[k].school)
    assert copies_rules(None, 1) == (IN_DUPLICATE, RECANVASS)  # both, as alternatives
    assert copies_rules(None, 3) == (IN_DUPLICATE,)


def test_the_rules_cite_their_sections_as_related_md_gives_them() -> None:
    assert IN_DUPLICATE.section == "13-16-418(1)(d)" and "certified mail" in IN_DUPLICATE.says
    assert RECANVASS.section == "13-16-418(1)(e)"
    assert PARTY_BALLOTS.section == "13-16-412(2)" and "party" in PARTY_BALLOTS.says
    assert IN_DUPLICATE.if_line.startswith("For a congressional, legislative")
    assert IN_DUPLICATE.line.endswith("(13-16-418(1)(d)).")
