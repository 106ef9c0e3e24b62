"""How often a watch reads its sources: `90s`, `5m`, `1h`, the same on the command line and
in Slack (`every 5m`)."""

from __future__ import annotations

import re
from typing import Final

DEFAULT_EVERY_S: Final = 300
MIN_EVERY_S: Final = 60  # the operator may lower it (bot.settings.watch_min_interval_s)
WRITTEN_LIKE: Final = "90s, 5m or 1h"  # how a duration is written, wherever it is asked for
_DURATION: Final = re.compile(r"(\d+)\s*(s|sec|secs|m|min|mins|h|hr|hrs)?", re.IGNORECASE)
_UNIT_S: Final = {"s": 1, "m": 60, "h": 3600}


def parse_every(text: str, floor: int = MIN_EVERY_S) -> int:
    """Seconds between rounds, at least `floor`. Raises ValueError with the words to show."""
    found = _DURATION.fullmatch(text.strip())
    if found is None:
        raise ValueError(f'"{text}" is not a duration; write it like {WRITTEN_LIKE}')
    if found.group(2) is None:
        # "5" could mean 5 minutes or 5 seconds: asked, never guessed
        number = found.group(1)
        raise ValueError(f'"{text}" has no unit: write {number}m for minutes or {number}s')
    seconds = int(found.group(1)) * _UNIT_S[(found.group(2) or "s")[0].lower()]
    if seconds < floor:
        raise ValueError(f'"{text}" is too often; a watch reads at most every {shown(floor)}')
    return seconds


def shown(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"
