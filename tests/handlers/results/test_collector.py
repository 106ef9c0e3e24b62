"""The cycle collector is paused for a scan's length, and always resumed as it was."""

from __future__ import annotations

import gc
import importlib
import threading
from collections.abc import Callable, Iterator
from datetime import date

import pytest

from handlers.results import ResultsFileError, ScanOptions, collector, scan
from handlers.results.reading import IN_PROCESS
from handlers.results.tallies import FileTallies

# the package's `scan` is the function; its module is where read_file is looked up
scan_module = importlib.import_module("handlers.results.scan")


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_paused_for_the_scan_then_resumed() -> None:
    with collector.paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_turned_off_elsewhere_stays_off() -> None:
    gc.disable()
    with collector.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_resumed_after_a_scan_that_fails() -> None:
    with pytest.raises(ResultsFileError), collector.paused():
        raise ResultsFileError("x.csv: the file is empty")
    assert gc.isenabled()
    with pytest.raises(ResultsFileError):
        scan([("x.csv", b"")], ScanOptions(today=date(2022, 11, 30)))
    assert gc.isenabled()


def test_scans_in_two_threads_resume_it_when_the_last_ends() -> None:
    first_in, second_in, first_done = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collector.paused():
            first_in.set()
            second_in.wait(5)
        seen.append(gc.isenabled())  # the second still runs: still paused
        first_done.set()

    def second() -> None:
        first_in.wait(5)
        with collector.paused():
            second_in.set()
            first_done.wait(5)

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == [False]
    assert gc.isenabled()


def test_a_scan_reads_its_files_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states: list[bool] = []
    real: Callable[[str, bytes], FileTallies] = scan_module.read_file

    def read_file(name: str, data: bytes) -> FileTallies:
        states.append(gc.isenabled())
        return real(name, data)

    monkeypatch.setattr(scan_module, "read_file", read_file)
    files = [("a.csv", b"contest,choice,votes\nL,Yes,1\nL,No,2\n")]
    found = scan(files, ScanOptions(today=date(2022, 11, 30)), reader=IN_PROCESS)
    assert states == [False]
    assert len(found.contests) == 1
    assert gc.isenabled()
