"""What a fresh interpreter loads: a check from the terminal no Slack and no database code, and
the bot app no database code until it needs the database, no reportlab until it prints and no
multiprocessing until it scans (start-up time, make bench)."""

from __future__ import annotations

import ast
import subprocess
import sys

from ..servers import ROOT


def loaded_after(statements: str, prefixes: tuple[str, ...]) -> list[str]:
    """The modules of those packages that a fresh interpreter has loaded after `statements`."""
    code = (
        f"import sys\n{statements}\nprint([m for m in sys.modules if m.startswith({prefixes!r})])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_bot_app_loads_no_database_code_until_it_needs_the_database() -> None:
    assert loaded_after("import bot.app, bot.server.serve", ("sqlalchemy", "alembic")) == []


def test_the_bot_app_loads_reportlab_only_to_print() -> None:
    # about 70 ms of the start-up: loaded at the first Print record, Petition draft or kit
    assert loaded_after("import bot.app, bot.server.serve", ("reportlab",)) == []


def test_the_bot_app_loads_multiprocessing_only_to_scan() -> None:
    # the scan's readers' pipes (handlers.results.reading): loaded when the first one starts
    assert loaded_after("import bot.app, bot.server.serve", ("multiprocessing",)) == []


def test_a_check_from_the_terminal_loads_no_slack() -> None:
    check = (
        "from bot.cli import main\n"
        "assert main(['check', '--json', 'county', 'A', '5', 'B', '4']) == 0"
    )
    assert loaded_after(check, ("slack_bolt", "slack_sdk", "sqlalchemy", "alembic")) == []
