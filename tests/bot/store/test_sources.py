"""What each source was at its last read: saved, given back, and replaced whole."""

from __future__ import annotations

from pathlib import Path

from bot.store.database import open_database
from bot.store.sources import SourceRows
from bot.store.watches import WatchRows
from handlers.watch.ports import Sources
from handlers.watch.records import SourceSnapshot

from .fixtures import SPEC


def test_the_sources_are_replaced_whole(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path}/recount.db")
    watch = WatchRows(engine).watch_for(SPEC, None)
    store: Sources = SourceRows(engine)
    a = SourceSnapshot(source="/f/a.csv", name="a.csv", digest="1", size=3, mtime_ns="9")
    b = SourceSnapshot(source="/f/b.csv", name="b.csv", error="gone")
    store.save_sources(watch.id, [a, b])
    assert store.source_states(watch.id) == {"/f/a.csv": a, "/f/b.csv": b}
    store.save_sources(watch.id, [b])  # a's file left the folder
    assert store.source_states(watch.id) == {"/f/b.csv": b}
