"""How often a watch reads its sources: `90s`, `5m`, `1h`, the same on the command line and
in Slack (`every 5m`)."""

from __future__ import annotations

import os
import re
from typing import Final

DEFAULT_EVERY_S: Final = 300
MIN_EVERY_S: Final = 60
ENV_MIN: Final = "RECOUNT_WATCH_MIN_INTERVAL_S"  # tests lower the floor
_DURATION: Final = re.compile(r"(\d+)\s*(s|sec|secs|m|min|mins|h|hr|hrs)?", re.IGNORECASE)
_UNIT_S: Final = {"s": 1, "m": 60, "h": 3600}


def minimum_every_s() -> int:
    value = os.environ.get(ENV_MIN, "")
    return int(value) if value.isascii() and value.isdigit() else MIN_EVERY_S


def parse_every(text: str) -> int:
    """Seconds between rounds. Raises ValueError with the words to show."""
    found = _DURATION.fullmatch(text.strip())
    if found is None:
        raise ValueError(f'"{text}" is not a duration; write it like 90s, 5m or 1h')
    if found.group(2) is None:
        # "5" could mean 5 minutes or 5 seconds: asked, never guessed
        number = found.group(1)
        raise ValueError(f'"{text}" has no unit: write {number}m for minutes or {number}s')
    seconds = int(found.group(1)) * _UNIT_S[(found.group(2) or "s")[0].lower()]
    floor = minimum_every_s()
    if seconds < floor:
        raise ValueError(f'"{text}" is too often; a watch reads at most every {shown(floor)}')
    return seconds


def shown(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"
