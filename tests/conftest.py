from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

# The date a test treats as "today" unless it says otherwise (the canvass season of 2026).
TODAY = date(2026, 11, 18)
REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture
def today() -> date:
    return TODAY
