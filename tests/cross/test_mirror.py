"""Tests mirror the tree: every module of domain/, handlers/ and bot/ has its test file, at the
same path under tests/ (test_NAME.py), or under tests/e2e/ where testing it means starting a
process (the command line, the servers, the poller). A new module without one fails here."""

from __future__ import annotations

import re
from typing import Final

from ..servers import ROOT

PACKAGES: Final = ("domain", "handlers", "bot")
STARTS_A_PROCESS: Final = re.compile(r"^(import subprocess|from subprocess import)", re.MULTILINE)
# Modules with nothing of their own to test: each says why.
NOTHING_TO_TEST: Final = {
    "bot/__main__.py": "`python -m bot` calls bot.cli.main (tests/e2e/test_cli.py runs it so)",
    "handlers/slack/services.py": "a dataclass of what the listeners are handed, built by "
    "bot.app.create_app (tests/bot/test_app.py) and by tests/handlers/slack/test_home.py",
}


def test_every_module_has_its_test_file() -> None:
    missing = []
    for package in PACKAGES:
        for module in sorted((ROOT / package).rglob("*.py")):
            relative = module.relative_to(ROOT)
            if module.name == "__init__.py" or "migrations" in relative.parts:
                continue  # packages re-export; a migration is tested by test_models/test_database
            if str(relative) in NOTHING_TO_TEST:
                continue
            mirrored = ROOT / "tests" / relative.parent / f"test_{module.stem}.py"
            process = ROOT / "tests" / "e2e" / f"test_{module.stem}.py"
            if not (mirrored.exists() or process.exists()):
                missing.append(str(relative))
    assert missing == []


def test_the_process_tests_are_all_in_e2e() -> None:
    """A test that starts a process (subprocess, a server) lives in tests/e2e/ and is slow."""
    outside = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if "e2e" not in path.parts and STARTS_A_PROCESS.search(path.read_text(encoding="utf-8"))
    ]
    assert outside == []
