"""Every test here starts a process (the bot, gunicorn, the command line, a fresh interpreter):
all are slow, so `make quick` leaves them out; `make e2e` runs only them."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.slow)
