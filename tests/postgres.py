"""A throwaway PostgreSQL cluster for the tests, started in a temporary folder with the
machine's own server programs (initdb, pg_ctl). Where they are missing the tests that need
one are skipped with a message that says so; nothing is faked."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

import psycopg
import pytest

from .servers import free_port

_NAMES = count(1)


def _program(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_server_user(folder: Path) -> list[str]:
    """initdb refuses to run as root: as root, run the server as the `postgres` user."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("running as root and there is no postgres user to run PostgreSQL as")
    if runuser is None:
        pytest.skip("running as root without runuser to start PostgreSQL as postgres")
    shutil.chown(folder, "postgres")
    return [runuser, "-u", "postgres", "--"]


@contextmanager
def cluster_not_started() -> Iterator[tuple[str, Callable[[], None]]]:
    """A PostgreSQL cluster made but not started: its URL (the `postgres` database), and a
    function that starts it. Stopped and removed at the end."""
    initdb, pg_ctl = _program("initdb"), _program("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip(
            "PostgreSQL's server programs (initdb, pg_ctl) are not installed here: the "
            "PostgreSQL tests are skipped (SQLite ran them)"
        )
    # Not under pytest's own temporary folders: they are private to this user, and the server
    # may run as `postgres`.
    folder = Path(tempfile.mkdtemp(prefix="recount-postgres-"))
    folder.chmod(0o777)
    as_user = _as_server_user(folder)
    data, log = folder / "data", folder / "server.log"
    subprocess.run(
        [*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "recount", "--no-sync"],
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"

    def start() -> None:
        subprocess.run(
            [*as_user, pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"],
            check=True,
            capture_output=True,
        )

    try:
        yield f"postgresql+psycopg://recount@127.0.0.1:{port}/postgres", start
    finally:
        subprocess.run(
            [*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """The base URL (no database) of a PostgreSQL server started for this test run."""
    with cluster_not_started() as (url, start):
        start()
        yield url.removesuffix("/postgres")


def fresh_database(cluster: str) -> str:
    """A new, empty database on the cluster: its URL."""
    name = f"recount_{os.getpid()}_{next(_NAMES)}"
    plain = cluster.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{cluster}/{name}"
