"""What every feature's table of listeners must be (handlers.slack.listener)."""

from __future__ import annotations

import inspect

from handlers.slack.listener import Listener

KINDS = {"command", "action", "view", "shortcut", "event"}


def assert_a_table(feature: str, table: tuple[Listener, ...]) -> None:
    """Each row a kind Bolt knows, each (kind, id) once, each listener a named top-level
    function of a module of `feature` (importable, and callable without Bolt)."""
    assert table
    keys = [(kind, str(listening_for)) for kind, listening_for, _ in table]
    assert len(set(keys)) == len(keys), keys
    for kind, _, listener in table:
        assert kind in KINDS
        assert inspect.isfunction(listener)
        assert listener.__qualname__ == listener.__name__  # top level: no closure
        assert listener.__module__.startswith(f"handlers.slack.{feature}."), listener.__module__
        module = inspect.getmodule(listener)
        assert getattr(module, listener.__name__) is listener
