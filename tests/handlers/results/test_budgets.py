"""Budgets said in plain words: a file past one is refused in one line naming the file and
what to do, never "something went wrong inside recount" (issue 32)."""

from __future__ import annotations

import sys
from datetime import date
from typing import Any

import pytest

from handlers.results.budgets import (
    MAX_CANDIDATES,
    MAX_CONTESTS,
    MAX_FILE_ROWS,
    MAX_SCAN_SECONDS,
    MAX_VOTE_DIGITS,
    MAX_VOTES,
    OverBudget,
    check_contests,
    check_rows,
    checked_votes,
    votes_of_digits,
)
from handlers.results.formats import read_file
from handlers.results.scan import ScanOptions, scan
from handlers.results.tables import ResultsFileError
from handlers.results.tallies import Tally, whole_votes

from .fixtures import LEGISLATIVE, OPENELECTIONS_2016, PRIMARY_PRECINCTS, named


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


def plain(lines: list[str]) -> bytes:
    return ("contest,choice,votes\n" + "\n".join(lines) + "\n").encode()


@pytest.mark.parametrize("rows", [MAX_FILE_ROWS - 1, MAX_FILE_ROWS, MAX_FILE_ROWS + 1])
def test_rows_per_file_at_below_and_above_the_cap(rows: int) -> None:
    data = plain([f"Mayor,{'Smith' if i % 2 else 'Jones'},1" for i in range(rows - 1)])
    if rows <= MAX_FILE_ROWS:
        assert len(read_file("rows.csv", data).tallies) == rows - 1  # the header is a row
        return
    with pytest.raises(ResultsFileError) as caught:
        read_file("rows.csv", data)
    assert str(caught.value).startswith(
        "rows.csv: the file has over 200,000 rows, more than a scan reads"
    )
    assert "split it into smaller files" in str(caught.value)


def test_rows_over_several_sheets_are_counted_together() -> None:
    check_rows(MAX_FILE_ROWS)
    with pytest.raises(OverBudget, match=r"has 200,001 rows, over the 200,000 a scan reads"):
        check_rows(MAX_FILE_ROWS + 1)


@pytest.mark.parametrize("contests", [MAX_CONTESTS - 1, MAX_CONTESTS, MAX_CONTESTS + 1])
def test_contests_per_file_at_below_and_above_the_cap(contests: int) -> None:
    data = plain([f"Board {i},{who},{i % 7}" for i in range(contests) for who in ("A", "B")])
    if contests <= MAX_CONTESTS:
        assert len(read_file("many.csv", data).tallies) == 2 * contests
        return
    with pytest.raises(ResultsFileError) as caught:
        read_file("many.csv", data)
    said = str(caught.value)
    assert said.startswith("many.csv: the file has over 10,000 contests, more than a scan")
    assert "one county or district each" in said


@pytest.mark.parametrize("candidates", [MAX_CANDIDATES - 1, MAX_CANDIDATES, MAX_CANDIDATES + 1])
def test_candidates_per_contest_at_below_and_above_the_cap(candidates: int) -> None:
    data = plain([f"Mayor,Candidate {i},{i}" for i in range(candidates)])
    if candidates <= MAX_CANDIDATES:
        assert len(read_file("ballot.csv", data).tallies) == candidates
        return
    with pytest.raises(ResultsFileError) as caught:
        read_file("ballot.csv", data)
    assert str(caught.value).startswith(
        'ballot.csv: the contest "Mayor" has over 200 candidates, more than a scan reads '
        "(a real ballot has fewer than 50)"
    )


def test_the_same_title_in_each_precinct_or_party_is_its_own_contest() -> None:
    tally = Tally("mayor", "Mayor", "x", 1)
    many = [tally._replace(choice=f"C{i}", precinct=f"P{i // 100}") for i in range(1000)]
    check_contests(many)  # 100 candidates in each of 10 precincts
    parties = [tally._replace(choice=f"C{i}", party=f"P{i // 150}") for i in range(600)]
    check_contests(parties)
    with pytest.raises(OverBudget, match="over 200 candidates"):
        check_contests([tally._replace(choice=f"C{i}") for i in range(201)])


def test_the_real_exports_are_within_every_budget() -> None:
    for path in (PRIMARY_PRECINCTS, LEGISLATIVE, OPENELECTIONS_2016):
        name, data = named(path)
        read_file(name, data)  # raises past a budget
    # the widest real contest (47 candidates, a primary's precinct office) is well under
    (name, data) = named(PRIMARY_PRECINCTS)
    widest: dict[object, set[str]] = {}
    for t in read_file(name, data).tallies:
        widest.setdefault((t.key, t.party, t.precinct), set()).add(t.choice)
    assert max(map(len, widest.values())) < 50


@pytest.mark.parametrize(
    "last", [MAX_SCAN_SECONDS - 81, MAX_SCAN_SECONDS - 80, MAX_SCAN_SECONDS - 79]
)
def test_a_scans_files_read_within_its_time_and_not_past_it(
    last: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's read takes the seconds given (a clock of our own): 40 + 40 + `last`
    against the 120 s a scan may read for in all."""
    now = [0.0]
    # the module, not the package's `scan` (the function of the same name)
    monkeypatch.setattr(sys.modules["handlers.results.scan"], "monotonic", lambda: now[0])
    took = iter([40, 40, last])

    def slow_reader(work: Any, name: str, data: bytes) -> Any:
        now[0] += next(took)
        return work(name, data)

    files = [
        (f"f{n}.csv", f"contest,choice,votes\nMayor,Ann,{100 + n}\nMayor,Bob,90\n".encode())
        for n in range(3)
    ]
    options = ScanOptions(today=date(2026, 11, 30), canvass=date(2026, 11, 16))
    if 80 + last <= MAX_SCAN_SECONDS:
        assert len(scan(files, options, reader=slow_reader).files) == 3
        return
    with pytest.raises(ResultsFileError) as refused:
        scan(files, options, reader=slow_reader)
    assert str(refused.value) == (
        "f2.csv: reading the files took longer than a scan may (120 seconds in all), so the "
        "scan stopped there; scan fewer files at once, or export them again"
    )
