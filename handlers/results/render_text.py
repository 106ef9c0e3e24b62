"""A scan as the ranked text report (scan.md), and the changes since an earlier reading:
the scan's facts (handlers.results.facts), laid out in lines of at most WIDTH characters."""

from __future__ import annotations

import textwrap
from typing import Final

from domain.changes import Band, Change, ChangeKind
from domain.citations import (
    BOND_RECOUNT_SHARE,
    percent_phrase,
)
from handlers.results.compare import change_line, no_change_line, scanned_by_identity, told
from handlers.results.facts import (
    NO_RETENTION_LINE,
    SECTIONS,
    WAITING_TITLE,
    check_line,
    choices_line,
    close_retentions,
    close_shares,
    contest_facts,
    contest_headline,
    county_share,
    opening_lines,
    partial_close,
    partial_line,
    partial_readings,
    plural,
    read_lines,
    recount_facts,
    recount_results,
    recounted,
    retention_facts,
    share_line,
    share_so_far,
    waiting_for_state_canvass,
)
from handlers.results.scan import Scan, ScannedContest

WIDTH: Final = 92


def _wrap(line: str, indent: str = "  ", then: str | None = None) -> list[str]:
    following = then if then is not None else indent + "  "
    # never at a hyphen: "election-type" cut in two is no keyword when the line is copied
    return textwrap.wrap(
        line, WIDTH, initial_indent=indent, subsequent_indent=following, break_on_hyphens=False
    )


def contest_lines(scanned: ScannedContest) -> list[str]:
    """One contest in the text report."""
    if scanned.verdict is None:
        return _wrap(f"{scanned.contest.shown_as}: {choices_line(scanned)}")
    lines = _wrap(contest_headline(scanned))
    for fact in contest_facts(scanned):
        lines += _wrap(fact, "    ", "      ")
    if scanned.contest.retention is not None:
        lines += _wrap(f"Check it: {NO_RETENTION_LINE}", "    ", "      ")
    else:
        lines += _wrap(f"Check it: {check_line(scanned)}", "    ", "      ")
    return lines


def recount_lines(scanned: ScannedContest, result: Scan) -> list[str]:
    lines = _wrap(f"{scanned.contest.shown_as}:")
    for fact in recount_facts(scanned, result):
        lines += _wrap(fact, "    ", "      ")
    return lines


def scan_text(result: Scan, *, show_all: bool = False) -> str:
    out = opening_lines(result)
    shown: set[int] = set()
    for outcome, title in SECTIONS:
        found = [
            c for c in result.contests if c.outcome is outcome and not waiting_for_state_canvass(c)
        ]
        if found:
            out += ["", f"{title} ({len(found)})"]
            for scanned in found:
                out += contest_lines(scanned)
                shown.add(id(scanned))
    waiting = [c for c in result.contests if waiting_for_state_canvass(c)]
    if waiting:
        out += ["", f"{WAITING_TITLE} ({len(waiting)})"]
        for scanned in waiting:
            out += contest_lines(scanned)
            shown.add(id(scanned))
    retentions = close_retentions(result)
    if retentions:
        out += [
            "",
            f"Retention votes within {percent_phrase(BOND_RECOUNT_SHARE)} ({len(retentions)})",
        ]
        for scanned in retentions:
            out += _wrap(f"{scanned.contest.shown_as}:")
            for fact in retention_facts(scanned):
                out += _wrap(fact, "    ", "      ")
            shown.add(id(scanned))
    recounts = recount_results(result)
    if recounts:
        out += ["", f"Recount results ({len(recounts)})"]
        for scanned in recounts:
            out += recount_lines(scanned, result)
            shown.add(id(scanned))
            original = recounted(scanned, result)
            if original is not None:  # listed once, with its recount
                shown.add(id(original))
    close = [c for c in partial_close(result) if id(c) not in shown]
    partial = [c for c in partial_readings(result) if id(c) not in shown and c not in close]
    for title, found in (
        (f"Partial readings within {percent_phrase(BOND_RECOUNT_SHARE)}, close", close),
        ("Partial readings", partial),
    ):
        if not found:
            continue
        out += ["", f"{title}: no verdict ({len(found)})"]
        for scanned in found:
            out += _wrap(f"{scanned.contest.shown_as}: {choices_line(scanned)}")
            out += _wrap(partial_line(scanned.contest), "    ", "      ")
            out += [
                line
                for reason in scanned.contest.attention
                for line in _wrap(reason, "    - ", "      ")
            ]
            shown.add(id(scanned))
    attention = [c for c in result.contests if c.contest.attention and id(c) not in shown]
    if attention:
        out += ["", f"Need a person ({len(attention)})"]
        for scanned in attention:
            out += _wrap(f"{scanned.contest.shown_as}:")
            for reason in scanned.contest.attention:
                out += _wrap(reason, "    - ", "      ")
            shown.add(id(scanned))
    rest = [c for c in result.contests if id(c) not in shown]
    if show_all and rest:
        out += ["", f"Everything else ({len(rest)})"]
        for scanned in rest:
            out += (
                contest_lines(scanned)
                if scanned.verdict
                else _wrap(
                    f"{scanned.contest.shown_as}: "
                    + (
                        "unopposed"
                        if scanned.contest.unopposed
                        else "; ".join(scanned.contest.notes) or choices_line(scanned)
                    )
                )
            )
    elif rest:
        close = [c for c in close_shares(result) if id(c) not in shown]
        if close:
            out += [
                "",
                f"County shares within {percent_phrase(BOND_RECOUNT_SHARE)}, close: no verdict "
                f"({len(close)})",
            ]
            for scanned in close:
                out += _wrap(f"{scanned.contest.shown_as}: {choices_line(scanned)}")
                out += _wrap(share_so_far(scanned.contest), "    ", "      ")
        shares = [c for c in rest if county_share(c)]
        if shares:
            out += ["", share_line(len(shares))]
            rest = [c for c in rest if not county_share(c)]
    if rest and not show_all:
        unopposed = sum(c.contest.unopposed for c in rest)
        advance = sum(c.contest.both_advance for c in rest)
        others = len(rest) - unopposed - advance
        parts = [f"{others:,} outside the margin or with nothing to petition"]
        parts.append(f"{unopposed:,} unopposed")
        if advance:
            parts.append(f"{advance:,} where every candidate advances")
        out += [
            "",
            f"{plural(len(rest), 'other contest')}: {', '.join(parts)} (--all lists them).",
        ]
    return "\n".join(out) + "\n"


def _worth_facts(change: Change) -> bool:
    """A contest now in a band, or with a new leader: what the check says to do is news."""
    now = change.after
    return now is not None and (now.band is not Band.NONE or change.kind is ChangeKind.LEADER)


def change_lines(changes: list[Change], after: Scan, since: str) -> list[str]:
    """The changes as the text report starts them: each in one line, and for a contest now in
    a band what the check says to do, with the line that reproduces it; contests that gained
    or lost their verdict (the last county arrived) counted in one line after them."""
    said = told(changes)
    if not said.each:
        return [no_change_line(since), *read_lines(after), *said.lines]
    now = scanned_by_identity(after)
    out = [f"{plural(len(said.each), 'change')} since {since}:", *read_lines(after)]
    for change in said.each:
        out += _wrap(change_line(change), "", "  ")
        scanned = now.get(change.key)
        if _worth_facts(change) and scanned is not None and scanned.verdict is not None:
            for fact in contest_facts(scanned):
                out += _wrap(fact, "    ", "      ")
            out += _wrap(f"Check it: {check_line(scanned)}", "    ", "      ")
    for line in said.lines:
        out += _wrap(line, "", "  ")
    return out
