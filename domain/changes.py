"""What changed between two readings of the same election (watch.md sections 1-2).

A reading holds, per contest, its band (from its verdict's margin, whatever the date), margin,
leader(s) and outcome. Comparing two readings contest by contest gives a closed list of
changes, ranked; a contest far outside the bands whose margin moves is silent. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from domain.verdict import Verdict


class Band(StrEnum):
    RECOUNT = "recount"  # the margin qualifies under 13-16-201 (a tie included)
    BOND = "bond"  # within the 13-16-211 band (candidates only)
    NONE = "none"  # otherwise, or no verdict


class ChangeKind(StrEnum):
    """The closed list of changes, in the order every output ranks them."""

    TIED = "tied"  # now tied: recounted as if petitioned (13-16-203), whoever led
    LEADER = "leader"
    ENTERED = "entered"
    BAND = "band"
    OUTCOME = "outcome"  # the same band, another outcome (the deadline passed, a petition...)
    LEFT = "left"
    MARGIN = "margin"
    NEW = "new"
    GONE = "gone"
    # A change of coverage, not of the count (watch.md section 1): a contest with no verdict
    # before (a county share, a partial count, a question to answer) has one now, or the
    # reverse. Told together in one line ("now whole: N contests"), never as a leader change.
    WHOLE = "whole"
    UNDECIDED = "undecided"


RANK: Final = {kind: i for i, kind in enumerate(ChangeKind)}
_IN: Final = (Band.RECOUNT, Band.BOND)


@dataclass(frozen=True, slots=True)
class ContestReading:
    """One contest in one reading: what a change is judged on, and what it shows."""

    key: str
    title: str
    band: Band
    margin: int | None
    leader: tuple[str, ...]  # the winner(s); for a question the side that wins
    outcome: str | None
    votes: tuple[tuple[str, int], ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "band": self.band.value,
            "margin": self.margin,
            "leader": list(self.leader),
            "outcome": self.outcome,
        }


@dataclass(frozen=True, slots=True)
class Change:
    key: str
    title: str
    kind: ChangeKind
    before: ContestReading | None  # None for `new`
    after: ContestReading | None  # None for `gone`

    def as_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "change": self.kind.value,
            "before": None if self.before is None else self.before.as_json(),
            "after": None if self.after is None else self.after.as_json(),
        }


def band_of(verdict: Verdict | None) -> Band:
    margin = None if verdict is None else verdict.margin
    if margin is None:
        return Band.NONE  # no verdict, or the canvass board's (7), which has no margin
    if margin.qualifies:
        return Band.RECOUNT
    return Band.BOND if margin.within_bond_range else Band.NONE


def leader_of(verdict: Verdict | None) -> tuple[str, ...]:
    """Who wins by this count: the winners of a race, the winning side of a question (none
    on a tie of a question)."""
    margin = None if verdict is None else verdict.margin
    if margin is None:
        return ()
    if margin.standings:
        return tuple(s.name for s in margin.standings if s.won)
    return () if margin.margin == 0 else (margin.ahead.name,)


def decided(reading: ContestReading) -> bool:
    """Whether the reading has a verdict: a whole count, of a known kind and seat count. A
    county share, a partial count or a contest awaiting an answer has none, and so no leader
    to have changed."""
    return reading.outcome is not None


def _change(before: ContestReading, after: ContestReading) -> ChangeKind | None:
    if not decided(before) or not decided(after):
        return _coverage(before, after)
    if after.margin == 0 and before.margin != 0:
        return ChangeKind.TIED  # before the leader: a tie has no leader worth naming
    if before.leader != after.leader and (before.leader or after.leader):
        return ChangeKind.LEADER
    if before.band is Band.NONE and after.band in _IN:
        return ChangeKind.ENTERED
    if before.band in _IN and after.band in _IN and before.band is not after.band:
        return ChangeKind.BAND
    if before.band in _IN and after.band is Band.NONE:
        return ChangeKind.LEFT
    if before.band in _IN and before.band is after.band and before.outcome != after.outcome:
        return ChangeKind.OUTCOME
    if before.band in _IN and before.band is after.band and before.margin != after.margin:
        return ChangeKind.MARGIN
    return None


def _coverage(before: ContestReading, after: ContestReading) -> ChangeKind | None:
    """A contest that gains or loses its verdict between readings: the last county arrived,
    `complete` was turned on, a statewide file was added (or taken away). Only a real entry
    into a band (or a tie) is told as such; no leader is compared with a reading that had
    none."""
    if decided(after):
        if after.margin == 0:
            return ChangeKind.TIED
        return ChangeKind.ENTERED if after.band in _IN else ChangeKind.WHOLE
    if decided(before):
        return ChangeKind.UNDECIDED
    return None  # no verdict either time: a share's margin moving is no change


def compare(
    before: Mapping[str, ContestReading], after: Mapping[str, ContestReading]
) -> list[Change]:
    """The changes from one reading to the next, ranked (watch.md's order), then by title."""
    changes = []
    for key, now in after.items():
        was = before.get(key)
        if was is None:
            changes.append(Change(key, now.title, ChangeKind.NEW, None, now))
            continue
        kind = _change(was, now)
        if kind is not None:
            changes.append(Change(key, now.title, kind, was, now))
    changes += [
        Change(key, was.title, ChangeKind.GONE, was, None)
        for key, was in before.items()
        if key not in after
    ]
    changes.sort(key=lambda c: (RANK[c.kind], c.title, c.key))
    return changes


class Switching(StrEnum):
    """Whether a source goes back and forth between two readings (A, B, A, B ...): after
    A -> B and its return B -> A have both been told, a third switch is told once with a
    word that it keeps switching (STARTED); the switches after it between the same two are
    not told again (GOING_ON). A third reading ends it."""

    NO = "no"
    STARTED = "started"
    GOING_ON = "going_on"


def _same(a: Mapping[str, ContestReading], b: Mapping[str, ContestReading]) -> bool:
    """The same reading, as far as anything told goes: no change between them."""
    return not compare(a, b)


def _alternates(readings: Sequence[Mapping[str, ContestReading]]) -> bool:
    """The last four readings are two readings, taken in turn: A, B, A, B."""
    if len(readings) < 4:
        return False
    a, b, c, d = readings[-4:]
    return _same(a, c) and _same(b, d) and not _same(c, d)


def switching(
    recent: Sequence[Mapping[str, ContestReading]], now: Mapping[str, ContestReading]
) -> Switching:
    """`now` against the readings kept before it (oldest first; the last four are enough)."""
    if not _alternates([*recent[-3:], now]):
        return Switching.NO
    return Switching.GOING_ON if _alternates(recent[-4:]) else Switching.STARTED
