"""Dates as clerks type them, alone and after `canvass` in a check."""

from __future__ import annotations

from datetime import date

import pytest

from domain import CandidateRace, InputError
from handlers.syntax import parse, parse_date

from ...conftest import TODAY


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("2026-11-16", date(2026, 11, 16)),
        ("11/16/2026", date(2026, 11, 16)),
        ("11/16", date(2026, 11, 16)),
        # without a year: the nearest such date, past or future (today is Wed Nov 18, 2026)
        ("1/2", date(2027, 1, 2)),  # 45 days ahead, not 320 back
        ("12/30", date(2026, 12, 30)),
        ("Nov 19", date(2026, 11, 19)),  # tomorrow is tomorrow, not last year
        ("5/19", date(2027, 5, 19)),  # 182 days ahead is nearer than 183 back
        ("11/18", date(2026, 11, 18)),  # today
        ("11/16/26", date(2026, 11, 16)),  # M/D/YY is 20YY
        ("2/29", date(2028, 2, 29)),  # the nearest Feb 29 is ahead
        ("Nov 16", date(2026, 11, 16)),
        ("nov 16 2025", date(2025, 11, 16)),
        ("November 16, 2025", date(2025, 11, 16)),
        ('"Nov 16, 2025"', date(2025, 11, 16)),
        ("Sept 3", date(2026, 9, 3)),
        ("1900-01-01", date(1900, 1, 1)),
        ("2100-12-31", date(2100, 12, 31)),
        ("Nov. 16th", date(2026, 11, 16)),
        ("2024-02-29", date(2024, 2, 29)),
    ],
)
def test_canvass_dates(words: str, expected: date) -> None:
    parsed = parse(f"county Smith 5 Jones 4 canvass {words}", TODAY)
    assert isinstance(parsed, CandidateRace)
    assert parsed.canvass == expected


@pytest.mark.parametrize(
    ("today", "words", "expected"),
    [
        (date(2026, 11, 17), "Nov 21", date(2026, 11, 21)),  # four days ahead, not last year
        (date(2027, 1, 5), "Dec 30", date(2026, 12, 30)),  # in January, last December
        (date(2027, 1, 5), "12/30", date(2026, 12, 30)),
        (date(2026, 11, 30), "Nov 16", date(2026, 11, 16)),
        # as far back as ahead (183 days each way, across Feb 29 2024): the past one
        (date(2023, 8, 31), "3/1", date(2023, 3, 1)),
        (date(2023, 9, 1), "3/1", date(2024, 3, 1)),  # a day later, the future one is nearer
        (date(2023, 8, 30), "3/1", date(2023, 3, 1)),
    ],
)
def test_a_date_without_a_year_is_the_nearest(today: date, words: str, expected: date) -> None:
    parsed = parse(f"county Smith 5 Jones 4 canvass {words}", today)
    assert isinstance(parsed, CandidateRace)
    assert parsed.canvass == expected


def test_month_date_takes_a_year_only_if_it_looks_like_one() -> None:
    parsed = parse("county canvass Nov 16 1204 1199", TODAY)
    assert isinstance(parsed, CandidateRace)
    assert parsed.canvass == date(2026, 11, 16)
    assert [(c.name, c.votes) for c in parsed.candidates] == [("A", 1204), ("B", 1199)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nov 16, 2025", date(2025, 11, 16)),
        ("2026-11-16", date(2026, 11, 16)),
        ("11/16", date(2026, 11, 16)),
    ],
)
def test_a_whole_date_string(text: str, expected: date) -> None:
    assert parse_date(text, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a date"),
        ("Nov", "needs a day after the month"),
        ("Nov 16 soon", "is not a date"),
        ("2/30", "not a real date"),
        ("11/16/126", "four digits"),
        ("0001-01-01", "from 1900 to 2100"),
        ("9999-12-31", "the year 9999 is out of range"),
        ("Nov 16, 1850", "the year 1850 is out of range"),
        ("11/16/2101", "from 1900 to 2100"),
    ],
)
def test_a_bad_date_says_why(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        parse_date(text, TODAY)
    assert caught.value.problems[0].field == "canvass"
