"""One change in one sentence, with its band words from the domain."""

from __future__ import annotations

from domain.changes import Band, Change, ChangeKind, ContestReading
from domain.citations import BOND_BAND_WORDS
from handlers.results.compare import change_line


def reading(band: Band, margin: int, leader: str = "A") -> ContestReading:
    return ContestReading("k", "Sheriff", band, margin, (leader,), None, ())


def test_each_change_names_the_contest_and_both_margins() -> None:
    left = Change("k", "Sheriff", ChangeKind.LEFT, reading(Band.RECOUNT, 5), reading(Band.NONE, 90))
    line = change_line(left)
    assert line.startswith("Left the recount band") and "Sheriff" in line
    assert "margin 90" in line and "margin 5 before" in line
    moved = Change(
        "k", "Sheriff", ChangeKind.BAND, reading(Band.RECOUNT, 5), reading(Band.BOND, 30)
    )
    assert BOND_BAND_WORDS in change_line(moved)
    leader = Change(
        "k", "Sheriff", ChangeKind.LEADER, reading(Band.RECOUNT, 2), reading(Band.RECOUNT, 3, "B")
    )
    assert "B now (A before)" in change_line(leader)


def test_new_and_gone() -> None:
    assert change_line(
        Change("k", "Mayor", ChangeKind.NEW, None, reading(Band.NONE, 40))
    ).startswith("New contest — Mayor")
    assert change_line(Change("k", "Mayor", ChangeKind.GONE, reading(Band.NONE, 40), None)) == (
        "No longer in the reading — Mayor"
    )
