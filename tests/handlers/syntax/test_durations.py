"""How often a watch reads: 90s, 5m, 1h, never more often than once a minute."""

from __future__ import annotations

import pytest

from handlers.syntax.durations import MIN_EVERY_S, parse_every, shown


@pytest.mark.parametrize(
    ("text", "seconds"), [("90s", 90), ("5m", 300), ("5 min", 300), ("1h", 3600), ("60s", 60)]
)
def test_durations(text: str, seconds: int) -> None:
    assert parse_every(text) == seconds


@pytest.mark.parametrize(
    ("seconds", "ok"), [(MIN_EVERY_S - 1, False), (MIN_EVERY_S, True), (MIN_EVERY_S + 1, True)]
)
def test_at_most_once_a_minute(seconds: int, ok: bool) -> None:
    if ok:
        assert parse_every(f"{seconds}s") == seconds
    else:
        with pytest.raises(ValueError, match="too often"):
            parse_every(f"{seconds}s")


@pytest.mark.parametrize(("seconds", "ok"), [(4, False), (5, True), (6, True)])
def test_the_floor_is_the_one_handed_in(seconds: int, ok: bool) -> None:
    if ok:
        assert parse_every(f"{seconds}s", floor=5) == seconds
    else:
        with pytest.raises(ValueError, match="at most every 5 s"):
            parse_every(f"{seconds}s", floor=5)


def test_not_a_duration_says_how_to_write_one() -> None:
    with pytest.raises(ValueError, match="90s, 5m or 1h"):
        parse_every("soon")


def test_shown_in_the_largest_whole_unit() -> None:
    assert [shown(s) for s in (45, 120, 7200, 90)] == ["45 s", "2 min", "2 h", "90 s"]


def test_a_number_without_its_unit_is_asked_not_guessed() -> None:
    # "5" read as seconds was a watch every 5 s (or refused as too often): never guessed
    with pytest.raises(ValueError, match='"5" has no unit: write 5m for minutes or 5s'):
        parse_every("5")
