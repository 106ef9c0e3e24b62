"""One flow traced at run time (issue 36's counts): the project files it enters and the call
edges that cross between bot/ and handlers/. A flow is one test, run in this process with a
profiler on every thread while the test's body runs; with an entry function, only what that
function calls (on the thread that calls it) counts.

    .venv/bin/python -m bench.flows NODEID [ENTRY]       # FLOW_DETAIL=1 lists files and edges

Counted from the tree it is run in (its working directory), so the same command on two
checkouts compares a change."""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Generator
from types import FrameType
from typing import Any

import pytest

ROOT = os.getcwd() + os.sep
TOPS = ("bot", "handlers", "domain")


def room(filename: str) -> str | None:
    """The project file a code object is from ("handlers/slack/app.py"), or None."""
    if not filename.startswith(ROOT):
        return None
    rel = filename[len(ROOT) :]
    return rel if rel.split(os.sep, 1)[0] in TOPS else None


class Tracer:
    def __init__(self, entry: str | None) -> None:
        self.entry = entry
        self.files: set[str] = set()
        self.edges: set[tuple[str, str]] = set()
        self.crossing_calls = 0
        self._inside: dict[int, FrameType] = {}  # thread -> the entry's frame
        self._lock = threading.Lock()

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        thread = threading.get_ident()
        if event == "return" and self._inside.get(thread) is frame:
            del self._inside[thread]
        if event != "call":
            return
        code = frame.f_code
        if self.entry is not None and thread not in self._inside:
            if code.co_name != self.entry:
                return
            self._inside[thread] = frame
        callee = room(code.co_filename)
        if callee is None:
            return
        caller, at = self._caller(frame.f_back)
        with self._lock:
            self.files.add(callee)
            if caller is None or at is None:
                return
            if {caller.split(os.sep, 1)[0], callee.split(os.sep, 1)[0]} == {"bot", "handlers"}:
                self.crossing_calls += 1
                self.edges.add((f"{caller}:{at.f_code.co_name}", f"{callee}:{code.co_name}"))

    @staticmethod
    def _caller(frame: FrameType | None) -> tuple[str | None, FrameType | None]:
        """The nearest project frame below a call, through library frames (Bolt, the pools);
        a test's frame ends the search: the test is not a room."""
        while frame is not None:
            found = room(frame.f_code.co_filename)
            if found is not None:
                return found, frame
            if frame.f_code.co_filename.startswith(ROOT + "tests"):
                return None, None
            frame = frame.f_back
        return None, None


class Plugin:
    def __init__(self, tracer: Tracer) -> None:
        self.tracer = tracer

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        threading.setprofile(self.tracer)
        sys.setprofile(self.tracer)
        try:
            yield
        finally:
            sys.setprofile(None)
            threading.setprofile(None)


def main(argv: list[str]) -> int:
    node, entry = argv[0], (argv[1] if len(argv) > 1 else None)
    tracer = Tracer(entry)
    args = [node, "-q", "-p", "no:randomly", "-p", "no:xdist", "-p", "no:cacheprovider"]
    code = pytest.main(args, plugins=[Plugin(tracer)])
    by_room: dict[str, int] = {}
    for name in tracer.files:
        top = name.split(os.sep, 1)[0]
        by_room[top] = by_room.get(top, 0) + 1
    found = {
        "node": node,
        "entry": entry,
        "passed": code == 0,
        "files": len(tracer.files),
        "files_by_room": dict(sorted(by_room.items())),
        "bot_handlers_edges": len(tracer.edges),
        "bot_handlers_calls": tracer.crossing_calls,
    }
    print("FLOW " + json.dumps(found))
    if os.environ.get("FLOW_DETAIL"):
        for a, b in sorted(tracer.edges):
            print("EDGE", a, "->", b)
        for name in sorted(tracer.files):
            print("FILE", name)
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
