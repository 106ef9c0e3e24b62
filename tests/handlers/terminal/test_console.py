"""`recount console`: line after line, errors stay one line, quit or end of input leaves."""

from __future__ import annotations

import io

import pytest

from handlers.terminal.console import INTRO, PROMPT, run_console, the_check

from ...conftest import TODAY


def run(lines: str) -> tuple[int, str]:
    out = io.StringIO()
    status = run_console(io.StringIO(lines), out, io.StringIO(), today=lambda: TODAY)
    return status, out.getvalue()


def test_checks_errors_and_help_until_end_of_input() -> None:
    status, out = run("help\n\ncounty Smith 1204 Jones\ncounty Smith 1204 Jones 1199\n")
    assert status == 0
    assert out.startswith(INTRO)
    assert "Kinds (aliases in brackets):" in out
    assert 'error: "Jones" needs its votes right after it' in out
    assert "Example: county Smith 1204 Jones 1199 canvass 2026-11-16" in out
    assert "Jones is 5 votes behind Smith" in out
    assert out.count(PROMPT) == 5


def test_quit_leaves_at_once() -> None:
    status, out = run("quit\ncounty A 5 B 4\n")
    assert status == 0 and "behind" not in out


@pytest.mark.parametrize(
    "line",
    [
        "/recount county Smith 1204 Jones 1199 canvass 2026-11-16",
        "recount check county Smith 1204 Jones 1199 canvass 2026-11-16",
        "$ recount check --json county Smith 1204 Jones 1199 canvass 2026-11-16",
        "recount check --today 2026-11-18 county Smith 1204 Jones 1199 canvass 2026-11-16",
    ],
)
def test_a_pasted_command_line_is_read_as_its_check(line: str) -> None:
    assert the_check(line) == "county Smith 1204 Jones 1199 canvass 2026-11-16"


def test_the_consoles_help_says_what_to_type_there() -> None:
    out = io.StringIO()
    run_console(io.StringIO("help\nquit\n"), out, io.StringIO(), today=lambda: TODAY)
    said = out.getvalue()
    assert "Type: KIND ITEMS..." in said
    assert "recount check" not in said.split("recount> ", 1)[1]  # not a terminal's command
    assert "\n  county Smith 1204 Jones 1199 canvass 2026-11-16\n" in said
