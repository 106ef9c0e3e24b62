"""Two readings of one election compared (watch.md): a scan's contests as readings, the
changes between them in words, on every surface from the same fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from domain import Outcome
from domain.changes import Band, Change, ChangeKind, ContestReading, band_of, compare, leader_of
from domain.citations import BOND_BAND_WORDS
from domain.explain import HEADLINES
from handlers.results.scan import Scan, ScannedContest

BAND_WORDS: Final = {
    Band.RECOUNT: "the recount band",
    Band.BOND: BOND_BAND_WORDS,
    Band.NONE: "outside the bands",
}


def readings_of(result: Scan) -> dict[str, ContestReading]:
    """Each contest of a scan as a reading, by its identity across readings."""
    out = {}
    for scanned in result.contests:
        c, v = scanned.contest, scanned.verdict
        out[c.identity] = ContestReading(
            key=c.identity,
            title=c.label,
            band=band_of(v),
            margin=None if v is None or v.margin is None else v.margin.margin,
            leader=leader_of(v),
            outcome=None if v is None else v.outcome.value,
            votes=tuple((x.name, x.votes) for x in c.choices),
        )
    return out


def changes_between(before: Mapping[str, ContestReading], after: Scan) -> list[Change]:
    return compare(before, readings_of(after))


def _margin(reading: ContestReading) -> str:
    return "no margin" if reading.margin is None else f"margin {reading.margin:,}"


def change_line(change: Change) -> str:
    """One change in one sentence: what, which contest, from what to what."""
    was, now = change.before, change.after
    title = change.title
    match change.kind:
        case ChangeKind.NEW:
            assert now is not None
            return f"New contest — {title}: {BAND_WORDS[now.band]}, {_margin(now)}"
        case ChangeKind.GONE:
            return f"No longer in the reading — {title}"
    assert was is not None and now is not None
    match change.kind:
        case ChangeKind.TIED:
            led = ", ".join(was.leader) or "nobody"
            return (
                f"Now tied — {title}: {tied_votes(now):,} each ({led} led by "
                f"{was.margin or 0:,}): recounted as if petitioned"
            )
        case ChangeKind.OUTCOME:
            return (
                f"Outcome changed — {title}: {_outcome(now)} ({_outcome(was)} before); "
                f"{_margin(now)}, {BAND_WORDS[now.band]}"
            )
        case ChangeKind.LEADER:
            before = ", ".join(was.leader) or "a tie"
            after = ", ".join(now.leader) or "a tie"
            return (
                f"Leader changed — {title}: {after} now ({before} before); "
                f"{_margin(now)}, {BAND_WORDS[now.band]}"
            )
        case ChangeKind.ENTERED:
            verb = "Entered"
        case ChangeKind.BAND:
            verb = "Moved to"
        case ChangeKind.LEFT:
            return f"Left {BAND_WORDS[was.band]} — {title}: {_margin(now)} ({_margin(was)} before)"
        case _:  # the margin moved within its band
            return (
                f"Margin moved — {title}: {_margin(now)} ({_margin(was)} before), still in "
                f"{BAND_WORDS[now.band]}"
            )
    return (
        f"{verb} {BAND_WORDS[now.band]} — {title}: {_margin(now)} "
        f"({_margin(was)} before, {BAND_WORDS[was.band]})"
    )


def tied_votes(reading: ContestReading) -> int:
    """The votes each tied side has: the last of the winners (a race), either side (a
    question, whose leader is nobody on a tie)."""
    winners = [votes for name, votes in reading.votes if name in reading.leader]
    if winners:
        return min(winners)
    return max((votes for _, votes in reading.votes), default=0)


def _outcome(reading: ContestReading) -> str:
    if reading.outcome is None:
        return "no verdict"
    return HEADLINES[Outcome(reading.outcome)].lower()


def scanned_by_identity(result: Scan) -> dict[str, ScannedContest]:
    return {c.contest.identity: c for c in result.contests}


def no_change_line(since: str) -> str:
    return f"No contest changed band or leader since {since}."
