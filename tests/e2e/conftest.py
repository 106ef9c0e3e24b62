"""Every test here starts a process (the bot, gunicorn, the command line, a fresh interpreter):
all are slow, so `make quick` leaves them out; `make e2e` runs only them. A server a failed
test left running is stopped after it, not found alive minutes later."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..servers import stop_leftovers


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def no_server_outlives_its_test() -> Iterator[None]:
    yield
    stop_leftovers()
