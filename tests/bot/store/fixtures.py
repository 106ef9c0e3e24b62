"""What the store's tests share: a Slack watch's spec, a contest reading, a raw watch row."""

from __future__ import annotations

from typing import Any

from domain.changes import Band, ContestReading
from handlers.watch.records import Place, WatchSpec, utcnow

SPEC = WatchSpec(Place.slack("T0MONTANA", "C0CANVASS"), ("https://results.example/x.xlsx",), {}, 60)


def reading(margin: int) -> ContestReading:
    return ContestReading("k", "Sheriff", Band.RECOUNT, margin, ("A",), "recount_available", ())


def watch_row(spec: WatchSpec) -> dict[str, Any]:
    """A running watch's columns, inserted by hand (as an older release or a race left it)."""
    return {
        "place": str(spec.place),
        "fingerprint": spec.fingerprint,
        "sources": "[]",
        "options": "{}",
        "every_s": spec.every_s,
        "status": "running",
        "started_at": utcnow(),
    }
