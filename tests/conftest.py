"""Fixtures for every test: one TODAY, a fake Slack on loopback, and the real app against it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from slack_bolt import App

from bot.app import create_app
from handlers.slack.after_ack import AfterAck

from .fake_slack import FakeSlack
from .postgres import fresh_database, postgres_cluster
from .slack_helpers import settings_for

# The one date every test treats as "today" unless it says otherwise: canvass week of 2026,
# two days after a Monday Nov 16 canvass (deadline_safe Sat Nov 21, deadline Mon Nov 23).
TODAY = date(2026, 11, 18)
REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def database(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test's own SQLite watch database: no test writes to the user's data folder."""
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'recount.db'}"
    monkeypatch.setenv("RECOUNT_DATABASE_URL", url)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(
    request: pytest.FixtureRequest, database: str, monkeypatch: pytest.MonkeyPatch
) -> str:
    """The test's database on SQLite, then on a real PostgreSQL server started for the run
    (skipped with a message where its programs are missing); the environment names it, so
    server processes the test starts use it too."""
    if request.param == "sqlite":
        return database
    url = fresh_database(request.getfixturevalue("postgres_cluster"))
    monkeypatch.setenv("RECOUNT_DATABASE_URL", url)
    return url


__all__ = ["postgres_cluster"]  # a fixture used by name


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    """A fake Slack Web API on loopback, stopped after the test."""
    server = FakeSlack()
    yield server
    server.stop()


@pytest.fixture
def after_ack() -> Iterator[AfterAck]:
    """The app's after-ack pool: `after_ack.drain()` instead of sleeping before asserting
    that nothing was sent."""
    pool = AfterAck()
    yield pool
    pool.shutdown()


@pytest.fixture
def pauses() -> list[float]:
    """The waits between Slack retries, recorded instead of slept through."""
    return []


@pytest.fixture
def app(fake: FakeSlack, after_ack: AfterAck, pauses: list[float]) -> App:
    """The real Bolt app, pointed at the fake Slack, with today fixed and retry waits
    recorded (`pauses`) instead of slept."""
    return create_app(
        settings_for(fake), today=lambda: TODAY, after_ack=after_ack, retry_pause=pauses.append
    )
