"""The posts that tell a watch's changes, kept before they are sent (table `round_posts`):
one pending post a watch, found again by its key whichever try its channel has."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bot.store.models import ChangeRecord
from bot.store.models import RoundPost as PostRow
from bot.store.rows import Rows, guarded
from handlers.watch.records import RoundPost, utcnow


def _pending(s: Session, watch_id: int) -> PostRow | None:
    return s.scalars(
        select(PostRow)
        .where(PostRow.watch_id == watch_id, PostRow.done_at.is_(None))
        .order_by(PostRow.id.desc())
    ).first()


def _post(row: PostRow) -> RoundPost:
    return RoundPost(
        id=row.id,
        watch_id=row.watch_id,
        key=row.key,
        change_ids=tuple(int(i) for i in json.loads(row.changes)),
        tried_at=row.tried_at,
        ts=row.ts,
    )


@guarded
class PostRows(Rows):
    def pending_post(self, watch_id: int) -> RoundPost | None:
        """The watch's post tried and not known to have reached Slack, if any."""
        with self.session() as s:
            row = _pending(s, watch_id)
            return None if row is None else _post(row)

    def prepare_post(self, watch_id: int, change_ids: Sequence[int]) -> RoundPost:
        """The one post of these changes, kept before it is sent: the pending one again,
        with its key (whichever try Slack has, it is found by that key), or a new one."""
        ids = json.dumps(sorted(change_ids))
        with self.session() as s:
            row = _pending(s, watch_id)
            if row is None:
                row = PostRow(watch_id=watch_id, key=uuid.uuid4().hex, tried_at=utcnow())
                s.add(row)
            row.changes = ids
            s.flush()
            return _post(row)

    def post_done(self, post_id: int, ts: str | None) -> None:
        """Slack has the post (`ts`): kept, and its changes marked told, in one transaction,
        so that no crash leaves them told without the post or posted but untold. None: the
        post is given up (its changes were told otherwise)."""
        now = utcnow()
        with self.session() as s:
            row = s.get(PostRow, post_id)
            if row is None or row.done_at is not None:
                return
            row.ts, row.done_at = ts, now
            ids = [int(i) for i in json.loads(row.changes)]
            if ts is not None and ids:
                s.execute(
                    update(ChangeRecord)
                    .where(ChangeRecord.id.in_(ids), ChangeRecord.posted_at.is_(None))
                    .values(posted_at=now)
                )
