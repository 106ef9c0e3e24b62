"""Budgets said in plain words: a file past one is refused in one line naming the file and
what to do, never "something went wrong inside recount" (issue 32)."""

from __future__ import annotations

from datetime import date

import pytest

from handlers.results.budgets import (
    MAX_VOTE_DIGITS,
    MAX_VOTES,
    OverBudget,
    checked_votes,
    votes_of_digits,
)
from handlers.results.formats import read_file
from handlers.results.scan import ScanOptions, scan
from handlers.results.tables import ResultsFileError
from handlers.results.tallies import whole_votes


def table(votes: str) -> bytes:
    return f"contest,choice,votes\nMayor,Smith,{votes}\nMayor,Jones,90\n".encode()


@pytest.mark.parametrize("digits", [MAX_VOTE_DIGITS - 1, MAX_VOTE_DIGITS])
def test_up_to_nine_digits_is_a_vote_count(digits: int) -> None:
    votes = "9" * digits
    assert votes_of_digits(votes) == int(votes)
    (smith, _) = read_file("big.csv", table(votes)).tallies
    assert smith.votes == int(votes)


def test_leading_zeros_do_not_count_as_digits() -> None:
    assert votes_of_digits("0" * 40 + "143") == 143
    assert votes_of_digits("0000") == 0


@pytest.mark.parametrize("digits", [MAX_VOTE_DIGITS + 1, 4_301, 50_000])
def test_more_digits_refuse_the_file_in_one_line(digits: int) -> None:
    with pytest.raises(ResultsFileError) as caught:
        read_file("huge.csv", table("1" * digits))
    said = str(caught.value)
    shown = "1" * digits if digits <= 12 else "1" * 12 + "..."
    assert said.startswith(f'huge.csv: a vote count of {digits:,} digits ("{shown}") is over')
    assert "export the results again" in said
    assert "\n" not in said and len(said) < 300


def test_a_workbook_number_past_the_cap_is_refused_too() -> None:
    assert whole_votes(float(MAX_VOTES)) == MAX_VOTES
    with pytest.raises(OverBudget, match=r'of 10 digits \("1000000000"\) is over the 9'):
        whole_votes(float(MAX_VOTES + 1))
    with pytest.raises(OverBudget, match="of 309 digits"):
        whole_votes(1e308)
    with pytest.raises(OverBudget, match="of 400 digits"):
        checked_votes(10**5000)


def test_a_field_over_csvs_limit_is_one_plain_line() -> None:
    data = b"contest,choice,votes\nMayor,Smith," + b"x" * 131_073 + b"\nMayor,Jones,90\n"
    with pytest.raises(ResultsFileError) as caught:
        read_file("long.csv", data)
    assert str(caught.value).startswith("long.csv: a cell is over 131,072 characters long")


def test_through_the_scan_and_its_child_process() -> None:
    # the default reader: the file is read in a child and its one line comes back
    options = ScanOptions(today=date(2026, 11, 18))
    with pytest.raises(ResultsFileError, match=r"^huge\.csv: a vote count"):
        scan([("huge.csv", table("7" * 5_000))], options)
    with pytest.raises(ResultsFileError, match=r"^long\.csv: a cell is over"):
        scan([("long.csv", b'contest,choice,votes\nMayor,"' + b"y" * 200_000)], options)
