"""The scan as JSON: scan.md's object."""

from __future__ import annotations

from handlers.results import scan_json

from .fixtures import report_scan


def test_json_has_the_keys_of_scan_md() -> None:
    j = scan_json(report_scan(complete=True))
    assert set(j) == {
        "canvass",
        "state_canvass",
        "today",
        "election",
        "files",
        "contests",
        "summary",
        "whole_state",
    }
    assert j["files"] == [
        {
            "name": "t.csv",
            "format": "plain-table",
            "contests": 6,
            "banner": {"title": None, "unofficial": False, "reporting": None, "downloaded": None},
            "notes": [],
        }
    ]
    assert j["summary"] == {
        "contests": 6,
        "with_verdict": 4,
        "recount_available": 1,
        "ties": 1,
        "bond_band": 1,
        "petition_short": 0,
        "deadline_passed": 0,
        "attention": 1,
    }
    first = j["contests"][0]
    assert {"key", "title", "party", "county", "kind", "kind_from", "seats", "seats_from",
            "coverage", "choices", "total_votes", "verdict", "attention"} <= set(first)  # fmt: skip
    assert (
        first["title"] == "County attorney" and first["verdict"]["outcome"] == "recount_available"
    )
    # ranked: available, tie, bond band, then a person, then the rest
    ranked = [
        c["verdict"]["outcome"] if c["verdict"] else c["attention"][:1] for c in j["contests"]
    ]
    assert ranked[:3] == ["recount_available", "tie_recount", "bond_recount_possible"]
    assert ranked[3] and isinstance(ranked[3], list)
