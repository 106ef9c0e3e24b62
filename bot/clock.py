"""The one place that reads the clock: today's date in Montana."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

MONTANA = ZoneInfo("America/Denver")


def montana_now() -> datetime:
    return datetime.now(MONTANA)


def montana_today() -> date:
    return montana_now().date()
