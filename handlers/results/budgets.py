"""What a results file may hold, said in plain words when it holds more (issue 32).

A reader that meets something past a budget raises `OverBudget` with what was found and what
to do; `formats.read_file` puts the file's name before it, so a clerk reads one line naming
the file (never "something went wrong inside recount").
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Final, Protocol

from handlers.results.workbook_check import MAX_ROWS

# A vote count has at most 9 digits (999,999,999; Montana casts about 600,000 votes). The
# digits are counted before int() sees them, so Python's 4,300-digit limit never fires.
MAX_VOTE_DIGITS: Final = 9
MAX_VOTES: Final = 10**MAX_VOTE_DIGITS - 1

_EXPORT_AGAIN: Final = "export the results again from the election system, or check the file"


class OverBudget(ValueError):
    """A file past a budget: the message, without the file's name, says what and what to do."""


def too_many_digits(digits: str) -> OverBudget:
    shown = f"{digits[:12]}..." if len(digits) > 12 else digits
    return OverBudget(
        f'a vote count of {len(digits):,} digits ("{shown}") is over the {MAX_VOTE_DIGITS} a '
        f"count can have ({MAX_VOTES:,} votes); {_EXPORT_AGAIN}"
    )


def votes_of_digits(digits: str) -> int:
    """ASCII digits (leading zeros allowed) as a vote count; more than 9 digits are refused
    before int() is called."""
    significant = digits.lstrip("0")
    if len(significant) > MAX_VOTE_DIGITS:
        raise too_many_digits(significant)
    return int(significant) if significant else 0


def checked_votes(votes: int) -> int:
    """A count a reader already has as a number (a workbook's cell): refused past 9 digits."""
    if votes > MAX_VOTES:
        # str() of an int has the same 4,300-digit limit: a float's int has at most 309 digits
        raise too_many_digits(str(votes) if votes < 10**400 else "9" * 400)
    return votes


def field_too_long() -> OverBudget:
    """csv's own limit on one field (131,072 characters): no results table has such a cell."""
    return OverBudget(
        f"a cell is over {csv.field_size_limit():,} characters long, which no results table "
        f"has: it may not be a table at all (a quote left open); {_EXPORT_AGAIN}"
    )


# A file's rows, over all its sheets: a sheet's own reach is refused before it is read
# (workbook_check), with the same number. The largest real export has 40,929 rows.
MAX_FILE_ROWS: Final = MAX_ROWS
# Contests in one file: the whole state's 2020 primary by precinct has 440; each contest costs
# a check (0.35 ms), so 10,000 is a few seconds.
MAX_CONTESTS: Final = 10_000
# Candidates in one contest (in one precinct, for one party): a real ballot has fewer than
# 50 (the most in the real exports is 47); also_qualify is one pass, but the report lists each.
MAX_CANDIDATES: Final = 200


class _Tally(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def choice(self) -> str: ...
    @property
    def party(self) -> str | None: ...
    @property
    def precinct(self) -> str | None: ...


def too_many_rows(rows: int | None) -> OverBudget:
    counted = (
        f"{rows:,} rows, over the {MAX_FILE_ROWS:,}"
        if rows is not None
        else f"over {MAX_FILE_ROWS:,} rows, more than"
    )
    return OverBudget(
        f"the file has {counted} a scan reads (the largest real "
        "export has about 41,000); split it into smaller files, or scan the county or "
        "district results instead of every precinct"
    )


def check_rows(rows: int) -> None:
    if rows > MAX_FILE_ROWS:
        raise too_many_rows(rows)


def check_contests(tallies: Iterable[_Tally]) -> None:
    """Refuses a file with over 10,000 contests, or a contest with over 200 candidates (a
    contest: one title, for one party, in one precinct where the file splits it so)."""
    choices: dict[tuple[str, str | None, str | None], set[str]] = {}
    titles: dict[tuple[str, str | None, str | None], str] = {}
    for tally in tallies:
        contest = (tally.key, tally.party, tally.precinct)
        named = choices.get(contest)
        if named is None:
            if len(choices) == MAX_CONTESTS:
                raise OverBudget(
                    f"the file has over {MAX_CONTESTS:,} contests, more than a scan reads in "
                    "one file (a whole state's primary has about 450); split it into smaller "
                    "files, one county or district each"
                )
            named = choices[contest] = set()
            titles[contest] = tally.title
        named.add(tally.choice)
        if len(named) > MAX_CANDIDATES:
            raise OverBudget(
                f'the contest "{titles[contest][:80]}" has over {MAX_CANDIDATES} candidates, '
                f"more than a scan reads (a real ballot has fewer than 50); check that the "
                "file's choice column holds candidates' names, or export the results again"
            )


# Precincts in one recount kit (a certificate row and a tally sheet each): the whole state has
# 663 in the 2022 primary's precinct file, so a statewide contest fits; 20,000 took 39 s and
# 15.7 MB of PDF.
MAX_KIT_PRECINCTS: Final = 1_000


def check_kit(title: str, precincts: int, choices: int) -> None:
    """Refuses a kit past 1,000 precincts or 200 candidates (MAX_CANDIDATES); `title` as
    shown."""
    if precincts > MAX_KIT_PRECINCTS:
        raise OverBudget(
            f'the contest "{title}" has {precincts:,} precincts in the files, over the '
            f"{MAX_KIT_PRECINCTS:,} a kit holds (the whole state has about 660); give only the "
            "files of the counties that recount"
        )
    if choices > MAX_CANDIDATES:
        raise OverBudget(
            f'the contest "{title}" has {choices:,} candidates, over the '
            f"{MAX_CANDIDATES} a kit holds (a real ballot has fewer than 50); check that the "
            "file's choice column holds candidates' names"
        )


# Reading all of one scan's files: 120 seconds. The 56 county workbooks read in about a
# tenth of a second, the largest statewide file in under one; each file alone is also cut
# at its reader's own limits (reading.py), and this bounds the files together.
MAX_SCAN_SECONDS: Final = 120


def scan_too_long(name: str) -> str:
    return (
        f"{name}: reading the files took longer than a scan may ({MAX_SCAN_SECONDS} seconds in "
        "all), so the scan stopped there; scan fewer files at once, or export them again"
    )
