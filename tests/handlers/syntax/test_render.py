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
    ],
)
def test_round_trip(text: str) -> None:
    parsed = parse(text, TODAY)
    assert parse(quick_syntax(parsed), TODAY) == parsed  # type: ignore[arg-type]
