"""A results file read in a child process: what kills the child costs one read and one
plain line naming the file; the process and the other reads go on."""

from __future__ import annotations

import os
import resource
import sys
import threading
import time
from collections.abc import Generator, Iterator

import pytest

from handlers.results.formats import read_file
from handlers.results.reading import (
    CPU_SECONDS,
    IN_PROCESS,
    IN_PROCESS_JSON_BYTES,
    ISOLATED,
    MEMORY_BYTES,
    CouldNotRead,
    IsolatedReader,
    read_ahead,
)
from handlers.results.tables import NotResults
from handlers.results.tallies import FileTallies

from .fixtures import PRIMARY_PRECINCTS, named

TABLE = b"contest,choice,votes\nMayor,Ann,120\nMayor,Bob,118\n"
MiB = 1024 * 1024


# What a child is asked to do: module-level, as a child is told its work by name.
def _abort(name: str, data: bytes) -> None:
    sys.stderr.write("memory allocation of 549755813888 bytes failed\n")
    sys.stderr.flush()
    os.abort()  # what python-calamine does when an allocation fails


def _allocate(name: str, data: bytes) -> int:
    return len(bytearray(int(data)))


def _spin(name: str, data: bytes) -> None:
    while True:
        pass


def _sleep(name: str, data: bytes) -> str:
    time.sleep(float(data))
    return name


def _limits(name: str, data: bytes) -> tuple[int, int, int]:
    return (
        resource.getrlimit(resource.RLIMIT_AS)[0],
        resource.getrlimit(resource.RLIMIT_CORE)[0],
        os.getpid(),
    )


@pytest.fixture
def reader() -> Iterator[IsolatedReader]:
    pool = IsolatedReader(children=2)
    yield pool
    pool.close()


def test_a_file_read_in_a_child_is_what_it_is_in_this_process() -> None:
    name, data = named(PRIMARY_PRECINCTS)
    isolated = ISOLATED(read_file, name, data)
    assert isinstance(isolated, FileTallies)
    assert isolated == IN_PROCESS(read_file, name, data)
    assert len(isolated.tallies) > 1000


def test_a_plain_error_comes_back_as_itself(reader: IsolatedReader) -> None:
    with pytest.raises(NotResults) as raised:
        reader(read_file, "phones.csv", b"")
    assert raised.value.name == "phones.csv"
    assert str(raised.value) == "phones.csv: the file is empty"


def test_the_child_lives_under_its_limits(reader: IsolatedReader) -> None:
    memory, core, pid = reader(_limits, "t.csv", b"")
    assert memory == MEMORY_BYTES
    assert core == 0  # an abort writes no core file
    assert pid != os.getpid()
    assert reader(_limits, "t.csv", b"")[2] == pid  # warm: the same child reads the next


def test_an_abort_costs_one_child_and_says_so_naming_the_file(
    reader: IsolatedReader, capfd: pytest.CaptureFixture[str]
) -> None:
    first = reader(_limits, "t.csv", b"")[2]
    with pytest.raises(CouldNotRead) as raised:
        reader(_abort, "sparse.xlsx", b"")
    said = str(raised.value)
    assert said.startswith("Could not read sparse.xlsx: reading it needed more memory")
    assert "\n" not in said
    assert raised.value.name == "sparse.xlsx"
    # the child's last words never reach this process's terminal
    assert "memory allocation" not in capfd.readouterr().err
    # a new child reads the next file
    assert reader(read_file, "t.csv", TABLE).tallies[0].votes == 120
    assert reader(_limits, "t.csv", b"")[2] != first


def test_memory_past_the_limit_is_refused_in_words(reader: IsolatedReader) -> None:
    small = IsolatedReader(children=1, memory=512 * MiB)
    try:
        assert small(_allocate, "a.csv", str(16 * MiB).encode()) == 16 * MiB
        with pytest.raises(CouldNotRead, match=r"^Could not read big\.csv: .*more memory"):
            small(_allocate, "big.csv", str(1024 * MiB).encode())
        assert small(_allocate, "a.csv", str(MiB).encode()) == MiB
    finally:
        small.close()


def test_a_runaway_read_ends_at_its_cpu_limit() -> None:
    # one second of CPU; the wall time left generous, as the machine may be busy
    quick = IsolatedReader(children=1, cpu_seconds=1, wall_seconds=120)
    try:
        with pytest.raises(CouldNotRead, match=r"^Could not read loop\.csv: .*took longer"):
            quick(_spin, "loop.csv", b"")
        assert quick(read_file, "t.csv", TABLE).tallies[1].votes == 118
    finally:
        quick.close()
    assert CPU_SECONDS == 20


def test_a_read_that_waits_ends_at_its_wall_time() -> None:
    impatient = IsolatedReader(children=1, wall_seconds=1)
    try:
        with pytest.raises(CouldNotRead, match=r"^Could not read slow\.csv: .*took longer"):
            impatient(_sleep, "slow.csv", b"600")
    finally:
        impatient.close()


def test_a_child_that_dies_fails_only_its_own_read(reader: IsolatedReader) -> None:
    """Two reads at once: the one whose child aborts fails; the other is answered."""
    answered: list[str] = []
    slow = threading.Thread(target=lambda: answered.append(reader(_sleep, "slow.csv", b"2")))
    slow.start()
    with pytest.raises(CouldNotRead):
        reader(_abort, "sparse.xlsx", b"")
    slow.join(120)
    assert answered == ["slow.csv"]


def test_files_are_read_ahead_on_every_child_and_answered_in_order(
    reader: IsolatedReader,
) -> None:
    files = [("a.csv", b"0.5"), ("phones.csv", b""), ("c.csv", b"0.5"), ("d.csv", b"0")]
    answers = read_ahead(reader, _sleep_or_refuse, files)  # each asked for in turn, as scan does
    assert next(answers)() == "a.csv"
    with pytest.raises(NotResults, match=r"^phones\.csv: the file is empty$"):
        next(answers)()
    assert [next(answers)(), next(answers)()] == ["c.csv", "d.csv"]
    in_process = list(read_ahead(IN_PROCESS, _sleep_or_refuse, files[:1]))
    assert in_process[0]() == "a.csv"


def test_reading_ahead_reads_on_two_children_at_once(reader: IsolatedReader) -> None:
    pids = {answer()[2] for answer in read_ahead(reader, _limits_after_a_pause, [("a", b"")] * 4)}
    assert len(pids) == 2


def _sleep_or_refuse(name: str, data: bytes) -> str:
    if not data:
        raise NotResults(name, f"{name}: the file is empty")
    return _sleep(name, data)


def _limits_after_a_pause(name: str, data: bytes) -> tuple[int, int, int]:
    time.sleep(0.5)  # long enough that the next file goes to the other child
    return _limits(name, data)


def _index_error(name: str, data: bytes) -> int:
    empty: list[int] = []
    return empty[len(data)]


@pytest.mark.parametrize("where", ["child", "this process"])
def test_a_readers_own_fault_is_one_plain_line_and_one_log_line(
    where: str, reader: IsolatedReader, caplog: pytest.LogCaptureFixture
) -> None:
    """An IndexError in a reader (a layout no test foresaw) reached a clerk as a failure;
    now the file gets the reader's plain line, and we a log line saying what and where."""
    read = reader if where == "child" else IN_PROCESS
    with pytest.raises(CouldNotRead) as raised:
        read(_index_error, "odd.xlsx", b"secret cell")
    assert str(raised.value).startswith(
        "Could not read odd.xlsx: the reader stopped on it (a layout it does not know); "
        "export the results again"
    )
    (logged,) = [r for r in caplog.records if hasattr(r, "reader_bug")]
    assert logged.getMessage() == "a reader failed on a file: IndexError at test_reading.py:" + str(
        _index_error.__code__.co_firstlineno + 2
    )
    assert "secret" not in caplog.text  # the file's contents are never logged


def test_reads_ahead_left_unfinished_are_not_waited_for(reader: IsolatedReader) -> None:
    """A scan stopped by its first file leaves the other reads to finish on their own: the
    generator's close (by the scan, or by the garbage collector, which may run inside another
    thread's start) must not join them. It did, and once deadlocked this test file."""
    answers = read_ahead(reader, _sleep, [("a.csv", b"0"), ("b.csv", b"8"), ("c.csv", b"8")])
    assert next(answers)() == "a.csv"
    started = time.monotonic()
    assert isinstance(answers, Generator)
    answers.close()
    assert time.monotonic() - started < 4  # b.csv's 8 s read still under way: not waited for


def _pid(name: str, data: bytes) -> int:
    return os.getpid()


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_a_results_service_response_up_to_2_mb_is_read_in_this_process(
    extra: int, reader: IsolatedReader
) -> None:
    """JSON has no native reader to abort, and 2 MB cannot grow into a memory bomb: read
    here, without a child's round trip (most of a response's read). Past 2 MB, or anything
    that is not JSON, in a child."""
    size = IN_PROCESS_JSON_BYTES + extra
    response = b'{"d": [' + b" " * (size - 9) + b"]}"
    assert len(response) == size
    here = reader(_pid, "race.json", response) == os.getpid()
    assert here is (extra <= 0)
    assert reader(_pid, "small.csv", b"contest,choice,votes\n") != os.getpid()
