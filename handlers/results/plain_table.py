"""Format 5: a table a clerk can type: contest, choice, votes [, kind, seats, party, county]."""

from __future__ import annotations

from typing import Final

from handlers.results.tables import Row, Table, text
from handlers.results.tallies import FileTallies, Tally, normalized, whole_votes

PLAIN_TABLE: Final = "plain-table"
SYNONYMS: Final = {
    "contest": ("contest", "race", "office"),
    "choice": ("choice", "candidate", "option"),
    "votes": ("votes", "vote"),
    "kind": ("kind",),
    "seats": ("seats",),
    "party": ("party",),
    "county": ("county",),
}


def _columns(table: Table) -> dict[str, int] | None:
    if not table.rows:
        return None
    header = [text(c).lower() for c in table.rows[0]]
    found = {
        field: header.index(word)
        for field, words in SYNONYMS.items()
        for word in words
        if word in header
    }
    return found if all(f in found for f in ("contest", "choice", "votes")) else None


def detect(tables: list[Table]) -> str | None:
    return PLAIN_TABLE if any(_columns(t) for t in tables) else None


def read(name: str, tables: list[Table]) -> FileTallies:
    table = next(t for t in tables if _columns(t))
    col = _columns(table)
    assert col is not None
    result = FileTallies(name, PLAIN_TABLE, counties_named="county" in col)

    def cell(row: Row, field: str) -> str:
        at = col.get(field)
        return text(row[at]) if at is not None and at < len(row) else ""

    for number, row in enumerate(table.rows[1:], start=2):
        title = cell(row, "contest")
        if not title and not cell(row, "choice"):
            continue
        votes = whole_votes(row[col["votes"]]) if col["votes"] < len(row) else None
        if votes is None:
            result.problem(
                normalized(title),
                title,
                f'row {number}: "{cell(row, "votes")}" is not a whole number of votes',
            )
            continue
        seats = cell(row, "seats")
        if seats and not (seats.isascii() and seats.isdigit()):  # "²" is no number
            result.problem(
                normalized(title), title, f'row {number}: seats "{seats}" is not a whole number'
            )
        result.tallies.append(
            Tally(
                normalized(title),
                title,
                cell(row, "choice"),
                votes,
                party=cell(row, "party") or None,
                county=cell(row, "county") or None,
                kind=cell(row, "kind") or None,
                seats=int(seats) if seats.isascii() and seats.isdigit() else None,
            )
        )
    return result
