"""Whole numbers with thousands separators; everything else said plainly."""

from __future__ import annotations

import pytest

from domain import InputError
from handlers.syntax import parse_number


@pytest.mark.parametrize(
    ("word", "value"), [("0", 0), ("1204", 1204), ("1,204", 1204), (" 12,345,678 ", 12345678)]
)
def test_whole_numbers(word: str, value: int) -> None:
    assert parse_number(word, "votes") == value


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("-5", 'votes must be 0 or more, not "-5"'),
        ("12.5", 'votes must be a whole number, not "12.5"'),
        ("1,2", 'votes must be a whole number, not "1,2"'),
        ("twelve", 'votes must be a number, not "twelve"'),
        ("9" * 13, "far too large for votes"),
    ],
)
def test_anything_else_is_an_error(word: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_number(word, "votes")
    assert message in caught.value.message
