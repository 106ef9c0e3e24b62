"""`recount console`: line after line, errors stay one line, quit or end of input leaves."""

from __future__ import annotations

import io

from bot.console import INTRO, PROMPT, run_console


def run(lines: str) -> tuple[int, str]:
    out = io.StringIO()
    status = run_console(io.StringIO(lines), out, io.StringIO())
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
