"""The check's table of listeners, and one listener called as a plain function."""

from __future__ import annotations

from typing import Any

from handlers.slack.check.kind_chosen import kind_chosen
from handlers.slack.check.listeners import LISTENERS

from ..tables import assert_a_table


def test_the_table_names_top_level_listeners_once_each() -> None:
    assert_a_table("check", LISTENERS)


class Recorded:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append("ack")

    def run(self, work: Any, **kwargs: Any) -> None:
        self.calls.append("later")


def test_a_listener_is_a_function_called_without_bolt() -> None:
    # a view without an id has nothing to redraw: acknowledged, and nothing after the ack
    seen = Recorded()
    kind_chosen(ack=seen, body={"view": {"state": {"values": {}}}}, client=None, later=seen)  # type: ignore[arg-type]
    assert seen.calls == ["ack"]
    kind_chosen(ack=seen, body={"view": {"id": "V1", "hash": "h"}}, client=None, later=seen)  # type: ignore[arg-type]
    assert seen.calls == ["ack", "ack", "later"]
