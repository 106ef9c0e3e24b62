"""What a results file may hold, said in plain words when it holds more (issue 32).

A reader that meets something past a budget raises `OverBudget` with what was found and what
to do; `formats.read_file` puts the file's name before it, so a clerk reads one line naming
the file (never "something went wrong inside recount").
"""

from __future__ import annotations

import csv
from typing import Final

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
