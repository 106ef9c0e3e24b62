"""Two readings of one election compared (watch.md): a scan's contests as readings, the
changes between them in words, on every surface from the same fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from domain import Outcome
from domain.changes import (
    Band,
    Change,
    ChangeKind,
    ContestReading,
    band_of,
    compare,
    decided,
    leader_of,
)
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
        case ChangeKind.TIED if not decided(was):
            return (
                f"Now tied — {title}: {tied_votes(now):,} each ({UNDECIDED_BEFORE}): "
                "recounted as if petitioned"
            )
        case ChangeKind.TIED:
            led = ", ".join(was.leader) or "nobody"
            return (
                f"Now tied — {title}: {tied_votes(now):,} each ({led} led by "
                f"{was.margin or 0:,}): recounted as if petitioned"
            )
        case ChangeKind.WHOLE:
            return (
                f"Now whole — {title}: {_margin(now)}, {BAND_WORDS[now.band]} ({UNDECIDED_BEFORE})"
            )
        case ChangeKind.UNDECIDED:
            return (
                f"No verdict now — {title}: {UNDECIDED_NOW} ({_margin(was)} before, "
                f"{BAND_WORDS[was.band]})"
            )
        case ChangeKind.ENTERED if not decided(was):
            return f"Entered {BAND_WORDS[now.band]} — {title}: {_margin(now)} ({UNDECIDED_BEFORE})"
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


UNDECIDED_BEFORE: Final = "no verdict before: a county share, a partial count or a question"
UNDECIDED_NOW: Final = "a county share, a partial count or a question to answer now"


@dataclass(frozen=True)
class Told:
    """A round's changes as every surface tells them: each change of the count in its own
    line, and the changes of coverage counted in one line ("Now whole: 97 contests"), so that
    the last county arriving reads as one line, not a hundred false leader changes."""

    each: list[Change]  # told one by one (entries into a band from no verdict among them)
    whole: int  # contests with a verdict now that had none before, in a band or not
    undecided: list[Change]  # contests that had a verdict and have none now

    @property
    def lines(self) -> list[str]:
        """The coverage lines, said after the changes told one by one."""
        out = []
        if self.whole:
            came = sum(c.before is not None and not decided(c.before) for c in self.each)
            into = f"; {came:,} of them came into a band or tied, told above" if came else ""
            out.append(
                f"Now whole: {plural_contests(self.whole)} with a verdict that had none before "
                f"(a county share, a partial count or a question){into}."
            )
        if self.undecided:
            inside = [
                c.title for c in self.undecided if c.before and c.before.band is not Band.NONE
            ]
            named = f"; in a band before: {', '.join(inside)}" if inside else ""
            out.append(
                f"No verdict now: {plural_contests(len(self.undecided))} that had one before "
                f"({UNDECIDED_NOW}){named}."
            )
        return out


def told(changes: Sequence[Change]) -> Told:
    """Splits a round's changes for telling: see Told."""
    each = [c for c in changes if c.kind not in (ChangeKind.WHOLE, ChangeKind.UNDECIDED)]
    whole = sum(
        c.before is not None and c.after is not None and not decided(c.before) and decided(c.after)
        for c in changes
    )
    return Told(each, whole, [c for c in changes if c.kind is ChangeKind.UNDECIDED])


def plural_contests(n: int) -> str:
    return f"{n:,} contest" if n == 1 else f"{n:,} contests"


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
