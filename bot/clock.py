"""The one place that reads the clock: today's date in Montana."""

from __future__ import annotations

from datetime import date, datetime

from domain.montana import TIME_ZONE

MONTANA = TIME_ZONE  # the zone is the domain's (domain.montana); the clock reads it


def montana_now() -> datetime:
    return datetime.now(MONTANA)


def montana_today() -> date:
    return montana_now().date()
