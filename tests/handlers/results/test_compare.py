"""One change in one sentence, with its band words from the domain."""

from __future__ import annotations

from domain.changes import Band, Change, ChangeKind, ContestReading
from domain.citations import BOND_BAND_WORDS
from handlers.results.compare import change_line, told


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


def test_coverage_is_told_once_and_entries_one_by_one() -> None:
    """97 contests now whole and far apart, 2 of them coming into a band: one line for the
    97, the two each in their own line; no leader line."""
    share = ContestReading("k", "x", Band.NONE, None, (), None, ())

    def now(i: int, band: Band) -> ContestReading:
        return ContestReading(f"k{i}", f"Contest {i}", band, 5, ("A",), "recount_available", ())

    changes = [
        Change(f"k{i}", f"Contest {i}", ChangeKind.WHOLE, share, now(i, Band.NONE))
        for i in range(95)
    ] + [
        Change(f"e{i}", f"Entered {i}", ChangeKind.ENTERED, share, now(i, Band.RECOUNT))
        for i in range(2)
    ]
    said = told(changes)
    assert [c.title for c in said.each] == ["Entered 0", "Entered 1"]
    assert said.whole == 97
    assert said.lines == [
        "Now whole: 97 contests with a verdict that had none before (a county share, a partial "
        "count or a question); 2 of them came into a band or tied, told above."
    ]
    assert change_line(said.each[0]).startswith("Entered the recount band — Entered 0: margin 5")
