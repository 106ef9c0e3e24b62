"""The database side of watching in one object: the store, and the database's URL as it may
be printed; the watch service runs a round over it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlalchemy import create_engine

from bot.net.fetch import Policy, UrlFetcher
from bot.store.backend import Backend, Store
from bot.store.database import shown
from handlers.watch.ports import WatchStore
from handlers.watch.records import Place, PlaceKind, WatchSpec
from handlers.watch.service import WatchService


def test_a_round_over_a_folder_and_the_url_shown(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/recount.db"
    backend = Backend(url)
    assert backend.describe() == url
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "r.csv").write_text(
        "contest,choice,votes\nSheriff,Smith,1204\nSheriff,Jones,1199\n"
    )
    spec = WatchSpec(Place.cli(), (str(tmp_path / "results"),), {"canvass": "2026-11-16"}, 60)
    service = WatchService(backend.store, UrlFetcher(Policy.command_line()))
    watch = service.open(spec, None).watch
    result = service.round(watch, date(2026, 11, 18)).result
    assert result.first and result.scanned is not None and result.errors == []
    assert service.overview(Place.prefix(PlaceKind.SLACK)) == []  # the Home tab lists Slack's


def test_a_password_is_never_shown(tmp_path: Path) -> None:
    assert "hunter2" not in shown("postgresql+psycopg://recount:hunter2@db.example/recount")


def test_the_store_is_every_piece_over_one_engine_and_answers_or_not(tmp_path: Path) -> None:
    backend = Backend(f"sqlite:///{tmp_path}/recount.db")
    store: WatchStore = backend.store  # every port the app wires, from the pieces
    assert backend.answers() and store.running() == []
    backend._store = Store(create_engine(f"sqlite:///{tmp_path}/gone/recount.db"))
    assert backend.answers() is False  # a readiness probe: never an exception
