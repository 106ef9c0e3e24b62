"""The words that come with a file in Slack: the scan's options as typed, or one line naming
the fix."""

from __future__ import annotations

from datetime import date

import pytest

from domain import InputError
from handlers.syntax.scan_words import ScanWords, scan_words

TODAY = date(2022, 11, 30)


def test_every_option_as_words() -> None:
    words = scan_words(
        'scan canvass Nov 28 complete election primary seats "TRUSTEES=3" kind "LEVY=question"',
        TODAY,
    )
    assert words == ScanWords(
        canvass=date(2022, 11, 28),
        complete=True,
        election="primary",
        seats=("TRUSTEES=3",),
        kinds=("LEVY=question",),
    )


def test_the_state_canvass_in_words_or_as_the_option() -> None:
    said = scan_words("state canvass 12/5", TODAY).state_canvass
    assert said == scan_words("--state-canvass 12/5", TODAY).state_canvass == date(2022, 12, 5)


def test_the_county_a_file_is_from_as_typed() -> None:
    words = scan_words('scan county "CTYALL Results(3).xlsx=Park County"', TODAY)
    assert words.counties == ("CTYALL Results(3).xlsx=Park County",)


@pytest.mark.parametrize("text", ["", "scan", "Scan canvass 11/28", "general"])
def test_short_forms(text: str) -> None:
    scan_words(text, TODAY)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("scan please", '"please": a scan takes canvass DATE'),
        ("canvass soon", '"canvass soon" is not a date'),
        ("canvass 9999-01-01", "from 1900 to 2100"),
        ("state fair", '"state fair": a scan takes'),
        ("state canvass", "state canvass needs a date"),
    ],
)
def test_a_word_it_does_not_know(text: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        scan_words(text, TODAY)


def test_the_command_lines_dashes_copied_from_the_advice_are_the_same_words() -> None:
    words = scan_words(
        'canvass 11/25 --complete --kind "LEVY=question" --seats "TRUSTEES=3"', TODAY
    )
    assert words.complete is True
    assert (words.kinds, words.seats) == (("LEVY=question",), ("TRUSTEES=3",))
