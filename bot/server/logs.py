"""Structured logs: one JSON object per line, with the request id when there is one."""

from __future__ import annotations

import json
import logging
import sys
from typing import Final

from bot.settings import log_level_name
from domain.plain_text import visible

_EXTRA_FIELDS: Final = ("request_id", "kind", "user", "outcome", "delivered")


class JsonFormatter(logging.Formatter):
    _second: int = -1
    _stamp: str = ""

    def _time(self, record: logging.LogRecord) -> str:
        """The record's time to the second, formatted once per second (a line per request)."""
        second = int(record.created)
        if second != self._second:
            self._stamp = self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z")
            self._second = second
        return self._stamp

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": self._time(record),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for name in _EXTRA_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        # json escapes C0 controls but not C1 or bidi ones: a file name in a message cannot
        # reorder or recolour the line a person reads in a terminal (only inside strings: the
        # JSON stays whole)
        return visible(json.dumps(entry, ensure_ascii=False))


# Slack's libraries put request bodies in some messages (Bolt's "Unhandled request ({body})",
# slack_sdk's debug lines): what users typed. Their records keep only the words before the
# first bracket or colon, at every level.
_SLACK_LOGGERS: Final = ("slack_bolt", "slack_sdk")


class Withheld(logging.Filter):
    """On our handler: records of Slack's libraries lose everything after the first bracket
    or colon (a logger's own filter would miss its children's records)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.name.startswith(_SLACK_LOGGERS):
            return True
        message = record.getMessage()
        cut = min(
            (i for i in (message.find("("), message.find("{"), message.find(":")) if i >= 0),
            default=len(message),
        )
        record.msg = message[:cut].strip() + (" (details withheld)" if cut < len(message) else "")
        record.args = None
        return True


LEVELS: Final = ("DEBUG", "INFO", "WARNING", "ERROR")


def setup_logging(level: int | None = None) -> None:
    """JSON lines on stderr, at LOG_LEVEL (DEBUG, INFO, WARNING, ERROR; default INFO). At
    every level no line holds what a user typed (Withheld, and our own lines carry none)."""
    # What the JSON lines never show, not gathered for every record (the logging cookbook's
    # "optimization" settings): the calling frame, thread, process names.
    # The process id stays: gunicorn's own error log formats it ("[%(process)d]"), and a
    # record without it breaks that handler at every worker's stop.
    logging._srcfile = None
    logging.logThreads = False
    logging.logMultiprocessing = False
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(Withheld())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    named = log_level_name()
    root.setLevel(level or (getattr(logging, named) if named in LEVELS else logging.INFO))
    # Alembic says each migration it checks at INFO, in every process: only when debugging.
    logging.getLogger("alembic").setLevel(logging.DEBUG if named == "DEBUG" else logging.WARNING)
    if named and named not in LEVELS:
        root.warning("LOG_LEVEL %r is not one of %s; logging at INFO", named, ", ".join(LEVELS))
