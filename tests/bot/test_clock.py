"""Today is the current date in Montana (America/Denver), not the server's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot import clock


def test_today_is_denver_date(monkeypatch: pytest.MonkeyPatch) -> None:
    # 03:00 UTC on Dec 1 is still Nov 30 in Montana.
    class Frozen(datetime):
        @classmethod
        def now(cls, tz: object = None) -> Frozen:
            moment = datetime(2026, 12, 1, 3, 0, tzinfo=UTC)
            return moment.astimezone(tz) if tz is not None else moment  # type: ignore[return-value,arg-type]

    monkeypatch.setattr(clock, "datetime", Frozen)
    assert clock.montana_today().isoformat() == "2026-11-30"
    assert clock.MONTANA.key == "America/Denver"
