"""The posts on SQLite and on a real PostgreSQL server: kept before they are sent, the same
post (its key) at each try, and marked with their changes in one transaction."""

from __future__ import annotations

import pytest

from bot.store.changes import ChangeRows
from bot.store.database import open_database
from bot.store.posts import PostRows
from bot.store.readings import ReadingRows
from bot.store.watches import WatchRows
from domain.changes import Change, ChangeKind
from handlers.watch.ports import Posts

from .fixtures import SPEC, reading

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_a_post_is_kept_before_it_is_sent_and_marked_with_its_changes(any_database: str) -> None:
    engine = open_database(any_database)
    watch = WatchRows(engine).watch_for(SPEC, None)
    changes, store = ChangeRows(engine), PostRows(engine)
    posts: Posts = store
    change = Change("k", "Sheriff", ChangeKind.MARGIN, reading(9), reading(7))
    ReadingRows(engine).store_reading(watch.id, "general", {}, {"k": reading(7)}, [change])
    (stored,) = changes.changes(watch.id, unposted=True)
    assert posts.pending_post(watch.id) is None
    post = posts.prepare_post(watch.id, [stored.id])
    assert posts.pending_post(watch.id) == post and post.ts is None
    again = posts.prepare_post(watch.id, [stored.id])  # tried again: the same post, its key
    assert (again.id, again.key, again.tried_at) == (post.id, post.key, post.tried_at)
    posts.post_done(post.id, "1700000000.000200")  # Slack answered: post and changes marked
    assert posts.pending_post(watch.id) is None
    assert changes.changes(watch.id, unposted=True) == []
    assert posts.prepare_post(watch.id, []).key != post.key  # the next post is another
