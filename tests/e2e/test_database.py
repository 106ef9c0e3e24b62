"""Processes starting together on one database migrate it once (SQLite and PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import inspect

from bot.store.database import open_database

from ..servers import ROOT


def test_processes_starting_together_migrate_once(any_database: str) -> None:
    code = "from bot.store.database import open_database; open_database()"
    starting = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    for process in starting:
        _, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
    assert "watches" in inspect(open_database(any_database)).get_table_names()
