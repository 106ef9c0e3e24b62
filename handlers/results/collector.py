"""Python's cycle collector, paused while a scan runs.

A scan makes tens of thousands of objects that live until it ends (each file's rows, the
tallies, a contest's sets and lists, the verdicts): the collector ran about 30 times a scan of
the 56 county workbooks, and a full collection (every object the process holds) every few
scans, about a tenth of the scan's time, finding almost nothing, since reference counting
frees what a scan drops. Pausing it for the scan's length costs no memory beyond what the
scan holds anyway; it runs again as soon as the last scan running ends.

The collector is the process's, and scans may run in several threads at once (the bot's
after-ack pool, a watch): the first to start pauses it, the last to end resumes it, and a
collector someone else had turned off stays off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_running = 0  # scans now running
_resume = False  # whether the first of them found the collector on


@contextmanager
def paused() -> Iterator[None]:
    global _running, _resume
    with _lock:
        if _running == 0:
            _resume = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _resume:
                gc.enable()
