"""What follows `/recount watch` (watch.md): the results URLs to read (bare, or as Slack writes
a link, <URL|label>), `every D` (durations.py), and the rest, the scan's words, which the scan
reads as it reads a file's (handlers.results.scan_request)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from domain import InputError
from handlers.syntax.durations import DEFAULT_EVERY_S, MIN_EVERY_S, parse_every
from handlers.syntax.examples import COMMAND

MAX_SOURCES: Final = 10  # URLs one watch reads
_SLACK_URL: Final = re.compile(r"<(https?://[^|>]+)(?:\|[^>]*)?>|(https?://\S+)")
_EVERY: Final = re.compile(r"\bevery\s+(\S+)", re.IGNORECASE)
USAGE: Final = (
    f"Write {COMMAND} watch URL... [canvass DATE] [state canvass DATE] [complete] [every 5m]; "
    f"{COMMAND} watch list; {COMMAND} watch stop."
)


@dataclass(frozen=True)
class WatchWords:
    sources: tuple[str, ...]
    every_s: int
    scan_words: str  # what is left: the scan's words (canvass dates, complete, ...)


def parse_watch(text: str, floor: int = MIN_EVERY_S) -> WatchWords:
    """URLs, `every D` (at least `floor` seconds) and the scan's words, unread. Raises
    InputError with the words to show."""
    urls = [a or b for a, b in _SLACK_URL.findall(text)]
    rest = _SLACK_URL.sub(" ", text)
    every = DEFAULT_EVERY_S
    found = _EVERY.search(rest)
    if found is not None:
        try:
            every = parse_every(found.group(1), floor)
        except ValueError as error:
            raise InputError.about(None, str(error)) from None
        rest = rest[: found.start()] + rest[found.end() :]
    if not urls:
        raise InputError.about(None, f"name the results URL to watch. {USAGE}")
    if len(urls) > MAX_SOURCES:
        raise InputError.about(
            None, f"{len(urls)} sources: a watch reads {MAX_SOURCES} at the most"
        )
    return WatchWords(tuple(urls), every, rest)
