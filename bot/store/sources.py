"""What each source of a watch was at its last read (table `source_states`)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from bot.store.models import SourceState
from bot.store.rows import Rows, guarded
from handlers.watch.records import SourceSnapshot


@guarded
class SourceRows(Rows):
    def source_states(self, watch_id: int) -> dict[str, SourceSnapshot]:
        with self.session() as s:
            rows = s.scalars(select(SourceState).where(SourceState.watch_id == watch_id))
            return {row.source: row.snapshot() for row in rows}

    def save_sources(self, watch_id: int, states: Sequence[SourceSnapshot]) -> None:
        """Replaces the watch's source states with these (a folder's files come and go)."""
        with self.session() as s:
            for row in s.scalars(select(SourceState).where(SourceState.watch_id == watch_id)):
                s.delete(row)
            s.flush()
            s.add_all(SourceState.of(watch_id, state) for state in states)
