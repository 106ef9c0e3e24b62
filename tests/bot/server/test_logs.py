"""One JSON object per log line, with the request's fields when there are any."""

from __future__ import annotations

import json
import logging

import pytest

from bot.server.logs import JsonFormatter, setup_logging


def test_a_line_is_json_with_its_extra_fields() -> None:
    record = logging.LogRecord("recount", logging.INFO, __file__, 1, "request %s", ("x",), None)
    record.request_id = "abc"
    record.user = "U0CLERK"
    entry = json.loads(JsonFormatter().format(record))
    assert (entry["msg"], entry["level"], entry["request_id"], entry["user"]) == (
        "request x",
        "INFO",
        "abc",
        "U0CLERK",
    )
    assert "kind" not in entry


def test_an_exception_stays_on_the_line() -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        record = logging.LogRecord("r", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = JsonFormatter().format(record)
    assert "\n" not in line and "RuntimeError: boom" in json.loads(line)["error"]


@pytest.mark.parametrize(
    ("named", "level"), [("DEBUG", 10), ("warning", 30), ("", 20), ("LOUD", 20)]
)
def test_log_level_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, named: str, level: int
) -> None:
    monkeypatch.setenv("LOG_LEVEL", named)
    root = logging.getLogger()
    handlers, before = list(root.handlers), root.level
    try:
        setup_logging()
        assert root.level == level
    finally:
        root.handlers[:] = handlers
        root.setLevel(before)


def test_a_file_name_in_a_message_cannot_reorder_or_recolour_the_line() -> None:
    name = "\u202eslx.exe\x9b31m\u2066x\ufeff"
    record = logging.LogRecord("recount", logging.INFO, __file__, 1, "read %s", (name,), None)
    line = JsonFormatter().format(record)
    assert json.loads(line)["msg"] == "read slx.exe31mx"
    assert line.isprintable()
