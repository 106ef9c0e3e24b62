"""A check written back in the quick syntax reads as the same check."""

from __future__ import annotations

from datetime import date

import pytest

from handlers.syntax import parse
from handlers.syntax.render import quick_syntax

TODAY = date(2026, 11, 18)


@pytest.mark.parametrize(
    "text",
    [
        "county Smith 1204 Jones 1199 canvass 2026-11-16",
        'house "Mary Smith" 1204 Jones 1199 race "HD 22"',
        "state-question yes 1000 no 999 signers 120 counties 5",
        "municipal A 900 B 850 C 694 seats 2 total 3200",
        "house A 1882 B 1878 canvass 11/21/2022 state canvass 11/29/2022",
        "multicounty-district A 500 B 499 canvass 5/11/2026 no state canvass",
    ],
)
def test_round_trip(text: str) -> None:
    parsed = parse(text, TODAY)
    assert parse(quick_syntax(parsed), TODAY) == parsed  # type: ignore[arg-type]


def test_the_state_canvass_and_no_state_canvass_are_written_with_their_phrases() -> None:
    line = quick_syntax(parse("multicounty-question yes 10 no 9 no state canvass", TODAY))  # type: ignore[arg-type]
    assert line == "multicounty-question for 10 against 9 no state canvass"
    line = quick_syntax(parse("legislature A 10 B 9 state canvass Dec 1", TODAY))  # type: ignore[arg-type]
    assert line == 'legislature "A" 10 "B" 9 state canvass 2026-12-01'
