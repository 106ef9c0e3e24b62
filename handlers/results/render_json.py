"""A scan as JSON (scan.md's object): every contest with its verdict as `domain.verdict_json`
writes it, and the files as read."""

from __future__ import annotations

from typing import Any

from domain import verdict_json
from handlers.results.contests import Contest
from handlers.results.facts import (
    code_of,
    county_of,
)
from handlers.results.scan import Scan, ScannedContest


def _iso(value: object) -> str | None:
    return None if value is None else str(value)


def so_far_json(c: Contest, key: str) -> dict[str, Any]:
    """A partial reading's or a county share's margin on the votes the files hold (no
    verdict), where known, under `key`."""
    m = c.margin_so_far
    return {
        key: None
        if m is None
        else {
            "margin": m.margin,
            "total_votes": m.total_votes,
            "max_close_margin": m.max_bond_margin,
            "close": c.close_so_far,
        }
    }


def contest_json(scanned: ScannedContest) -> dict[str, Any]:
    c = scanned.contest
    # a partial contest and a county share say their margin so far; others' JSON is as it was
    partial = (
        so_far_json(c, "partial_margin")
        if c.partial is not None
        else so_far_json(c, "share_margin")
        if c.coverage == "county share"
        else {}
    )
    return {
        "key": c.key,
        "title": c.title,
        "party": c.party,
        "county": county_of(scanned),
        "code": code_of(scanned),
        "files": sorted(c.files),
        "precinct": c.precinct,
        "kind": None if c.kind is None else c.kind.value,
        "kind_from": c.kind_from,
        "seats": c.seats,
        "seats_from": c.seats_from,
        "coverage": c.coverage,
        "partial": c.partial,  # why its reading decides nothing yet, or None
        **partial,
        "unopposed": c.unopposed,
        "choices": [{"name": x.name, "party": x.party, "votes": x.votes} for x in c.choices],
        "total_votes": c.total_votes,
        "verdict": None if scanned.verdict is None else verdict_json(scanned.verdict),
        "notes": list(c.notes),
        "attention": list(c.attention),
        "recount_of": c.recount_of,  # a recount already made: the contest it recounted
    }


def scan_json(result: Scan) -> dict[str, Any]:
    options = result.options
    return {
        "canvass": _iso(options.canvass),
        "today": options.today.isoformat(),
        "election": result.election,
        "files": [
            {
                "name": f.name,
                "format": f.format,
                "contests": len({t.key for t in f.tallies}),
                "banner": {
                    "title": f.banner_title,
                    "unofficial": f.unofficial,
                    "reporting": f.reporting,
                    "downloaded": f.downloaded,
                },
                "notes": list(f.notes),  # what a person must know of the file itself
            }
            for f in result.files
        ],
        "contests": [contest_json(c) for c in result.contests],
        "whole_state": result.whole_state,
        "state_canvass": _iso(options.state_canvass),
        "summary": result.summary(),
    }
