"""Montana's counties, as results files name them."""

from __future__ import annotations

from domain.citations import MONTANA_COUNTIES
from domain.montana import COUNTY_NAMES


def test_all_56_counties_once() -> None:
    assert len(COUNTY_NAMES) == len(set(COUNTY_NAMES)) == MONTANA_COUNTIES.value
    assert "Lewis and Clark" in COUNTY_NAMES and "McCone" in COUNTY_NAMES


def test_a_mistyped_county_is_given_a_hint_never_an_answer() -> None:
    from domain.montana import counties_like, montana_county

    assert montana_county("galatin") is None  # the check still refuses it
    assert counties_like("galatin") == ["Gallatin"]
    assert counties_like("Yellowstne County") == ["Yellowstone"]
    assert counties_like("zzz") == []
