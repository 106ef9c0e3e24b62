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


def test_make_migration_with_no_model_change_writes_nothing_and_says_so() -> None:
    from bot.store.database import new_migration

    versions = ROOT / "bot" / "store" / "migrations" / "versions"
    before = set(versions.glob("*.py"))
    try:
        assert new_migration("nothing changed") is None  # the models are at the newest schema
    finally:
        written = set(versions.glob("*.py")) - before
        for path in written:
            path.unlink()  # what the old code wrote: an empty migration that fails lint
    assert written == set()
    said = subprocess.run(
        ["make", "-s", "migration", "MESSAGE=nothing changed"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert set(versions.glob("*.py")) == before
    assert said.returncode == 0, said.stderr
    assert said.stdout.strip().endswith("no change in bot/store/models.py: no migration written")
