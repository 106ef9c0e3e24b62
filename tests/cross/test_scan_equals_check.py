"""A scan's verdict for a contest is exactly `recount check --json` for the same inputs."""

from __future__ import annotations

import io
import json
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli import main
from domain import verdict_json
from handlers.results import ScanOptions, scan

TITLES = {
    "county": "County attorney",
    "legislature": "State senator district 5",
    "question": "Mill levy",
}
NAMES = ["Smith", "Jones", "Olson", "Park", "Nguyen"]


@st.composite
def contests(draw: st.DrawFn) -> tuple[str, list[tuple[str, int]], int | None]:
    kind = draw(st.sampled_from(sorted(TITLES)))
    if kind == "question":
        votes = draw(st.lists(st.integers(0, 50_000), min_size=2, max_size=2).filter(any))
        return kind, [("Yes", votes[0]), ("No", votes[1])], None
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    votes = draw(st.lists(st.integers(0, 50_000), min_size=len(names), max_size=len(names)))
    seats = draw(st.one_of(st.none(), st.integers(1, len(names) - 1)))
    return kind, list(zip(names, votes, strict=True)), seats


@settings(max_examples=200, deadline=None)
@given(contests(), st.dates(min_value=date(2020, 1, 1), max_value=date(2030, 12, 31)))
def test_scan_verdict_equals_check(
    contest: tuple[str, list[tuple[str, int]], int | None], canvass: date
) -> None:
    kind, choices, seats = contest
    title = TITLES[kind]
    rows = ["contest,choice,votes,seats"] + [
        f"{title},{name},{votes},{seats if seats and i == 0 else ''}"
        for i, (name, votes) in enumerate(choices)
    ]
    today = date(2026, 11, 18)
    result = scan(
        [("t.csv", "\n".join(rows).encode())],
        ScanOptions(today=today, canvass=canvass, complete=True),
    )
    (scanned,) = result.contests
    if kind == "question":
        items = f"for {choices[0][1]} against {choices[1][1]}"
    else:
        items = " ".join(f"{n} {v}" for n, v in choices) + (f" seats {seats}" if seats else "")
    out, err = io.StringIO(), io.StringIO()
    status = main(
        [
            "check",
            "--json",
            "--today",
            today.isoformat(),
            # the scan names the office or question by its title (domain.about)
            f'{kind} {items} canvass {canvass.isoformat()} race "{title}"',
        ],
        out,
        err,
    )
    if scanned.verdict is None:
        assert status == 2 and scanned.contest.attention, (
            err.getvalue(),
            scanned.contest.attention,
        )
        return
    assert status == 0, err.getvalue()
    assert verdict_json(scanned.verdict) == json.loads(out.getvalue())
