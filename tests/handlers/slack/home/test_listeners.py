"""The home feature's table of listeners."""

from __future__ import annotations

from handlers.slack.home.listeners import LISTENERS

from ..tables import assert_a_table


def test_the_table_names_top_level_listeners_once_each() -> None:
    assert_a_table("home", LISTENERS)
