"""The watch database: where it is, opened with its schema brought up to date.

Default: a SQLite file in the user's data folder (platformdirs), made on first use, so the
command line and `make run` need no set-up. `--db URL` or RECOUNT_DATABASE_URL: any SQLAlchemy
URL; PostgreSQL (`postgresql+psycopg://...`) for production and several replicas. The schema
comes from the Alembic migrations, applied at start-up under a lock, so that two processes
starting together migrate once.
"""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bot.settings import database_url_setting
from handlers.watch.records import DatabaseError

__all__ = ["DatabaseError", "database_url", "open_database", "shown"]
MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"
_PG_MIGRATION_LOCK: Final = 13_16_201  # any constant: the advisory lock's number


def default_url() -> str:
    folder = Path(user_data_dir("recount", appauthor=False))
    return f"sqlite:///{folder / 'recount.db'}"


def database_url(given: str | None = None) -> str:
    return given or database_url_setting() or default_url()


def shown(url: str) -> str:
    """The URL as it may be printed: never its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "the database URL"


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    # WAL lets readers and one writer share the file across processes; a writer waits for
    # another's lock for up to 10 s instead of failing at once.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def open_database(given: str | None = None) -> Engine:
    """An engine on the watch database, migrated to the newest schema. Raises DatabaseError."""
    url = database_url(given)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseError(f'"{url}" is not a database URL') from None
    if parsed.drivername in ("postgres", "postgresql") or parsed.drivername.startswith("postgres+"):
        # SQLAlchemy says "Can't load plugin: sqlalchemy.dialects:postgres"; say what to write
        raise DatabaseError(
            f"{shown(url)}: write PostgreSQL's URL as postgresql+psycopg://USER:PASSWORD@HOST/"
            "DATABASE (the driver recount installs)"
        )
    try:
        if parsed.get_backend_name() == "sqlite" and parsed.database:
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, pool_pre_ping=True)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        migrate(engine)
    except (SQLAlchemyError, OSError) as error:
        reason = getattr(error, "orig", None) or error
        first = str(reason).strip().splitlines()[0] if str(reason).strip() else "no answer"
        raise DatabaseError(f"the database {shown(url)} cannot be opened: {first}") from None
    except ModuleNotFoundError as error:
        raise DatabaseError(
            f"the database {shown(url)} needs the {error.name} package; install recount's "
            "postgres extra"
        ) from None
    return engine


@contextmanager
def _migration_lock(connection: Connection) -> Iterator[None]:
    """One process migrates at a time: PostgreSQL's advisory lock, or a lock file beside the
    SQLite file (both processes are on the machine that holds it)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})
        yield
        return
    database = connection.engine.url.database
    if connection.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    with open(f"{database}.migrate-lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def migrate(engine: Engine) -> None:
    """Applies every migration not yet applied (nothing when the schema is the newest)."""
    config = _config()
    with engine.begin() as connection, _migration_lock(connection):
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str | None:
    """The newest migration's revision: what `migrate` brings a database to."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def new_migration(message: str) -> Path | None:
    """Writes the next migration (`make migration MESSAGE="..."`): Alembic compares the models
    (bot.store.models) with a throwaway SQLite database at the newest schema and writes the
    difference into bot/store/migrations/versions/. Read it and edit it before committing.
    None, and nothing written, when the models hold no change: an empty migration would only
    fail lint and add a step to every upgrade."""

    def unless_empty(context: object, revision: object, directives: list[Any]) -> None:
        if directives and directives[0].upgrade_ops.is_empty():
            directives[:] = []  # Alembic writes no file for no directive

    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(f"sqlite:///{folder}/head.db")
        config = _config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            heads = ScriptDirectory.from_config(config).get_heads()
            number = f"{int(heads[0]) + 1:04d}" if heads and heads[0].isdigit() else None
            script = command.revision(
                config,
                message=message,
                autogenerate=True,
                rev_id=number,
                process_revision_directives=unless_empty,
            )
        engine.dispose()
    # a list (one a directive; none when unless_empty dropped it), else the one script
    made = (script or [None])[0] if isinstance(script, list) else script
    return None if made is None or made.path is None else Path(made.path)
