"""The words that come with a file in Slack: the scan's options, or one line naming the fix."""

from __future__ import annotations

from datetime import date

import pytest

from domain import ContestKind, InputError
from handlers.results.request import scan_request

TODAY = date(2022, 11, 30)


def test_every_option_as_words() -> None:
    options = scan_request(
        'scan canvass Nov 28 complete election primary seats "TRUSTEES=3" kind "LEVY=question"',
        TODAY,
    )
    assert (options.canvass, options.complete, options.election) == (
        date(2022, 11, 28),
        True,
        "primary",
    )
    assert dict(options.answers.seats) == {"trustees": 3}
    assert dict(options.answers.kinds) == {"levy": ContestKind.QUESTION}


def test_the_county_a_file_is_from() -> None:
    options = scan_request('scan county "CTYALL Results(3).xlsx=Park County"', TODAY)
    assert dict(options.counties) == {"CTYALL Results(3).xlsx": "Park"}
    with pytest.raises(InputError, match="Gotham is not a Montana county"):
        scan_request('county "results.xlsx=Gotham"', TODAY)


@pytest.mark.parametrize("text", ["", "scan", "Scan canvass 11/28", "general"])
def test_short_forms(text: str) -> None:
    scan_request(text, TODAY)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("scan please", '"please": a scan takes canvass DATE'),
        ("canvass soon", '"canvass soon" is not a date'),
        ("canvass 9999-01-01", "from 1900 to 2100"),
        ('seats "TRUSTEES=many"', "seats must be a whole number"),
    ],
)
def test_a_word_it_does_not_know(text: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        scan_request(text, TODAY)


def test_the_command_lines_dashes_copied_from_the_advice_are_the_same_words() -> None:
    options = scan_request(
        'canvass 11/25 --complete --kind "LEVY=question" --seats "TRUSTEES=3"', TODAY
    )
    assert options.complete is True
    assert dict(options.answers.kinds) == {"levy": ContestKind.QUESTION}
    assert dict(options.answers.seats) == {"trustees": 3}
