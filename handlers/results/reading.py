"""A results file read in a child process, so that reading it cannot hurt the process.

python-calamine is Rust: a workbook with one cell at XFD1048576 makes it allocate the dense
range (549,755,813,888 bytes) and abort, and Python cannot catch an abort: the bot, a watch or
`recount scan` died with it (issue 32). So every file from Slack, a URL or the command line is
read (bytes -> tables -> tallies) in a warm child process with an address-space limit and a
CPU limit: an abort, an out-of-memory or a runaway parse costs that child, which is replaced,
and the file gets one plain line naming it (CouldNotRead).

The reader is a port: `ISOLATED`, the pool of child processes, at every real entry point (the
default of `scan`); `IN_PROCESS` where isolation is not the thing under test (a test that
patches a reader, or counts what happens in this process).

Why our own small pool rather than concurrent.futures.ProcessPoolExecutor: when one of its
workers dies, the executor is broken and every read in flight fails, other clerks' scans
included; with one child per read in flight, only the read that killed its child fails.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import resource
import signal
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from handlers.results import collector
from handlers.results.budgets import OverBudget
from handlers.results.tables import ResultsFileError
from handlers.results.totalvote import looks_like_json

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

log = logging.getLogger(__name__)

T = TypeVar("T")

MEMORY_BYTES: Final = 1024 * 1024 * 1024  # a child's address space: 1 GiB
# A child's CPU per file. The largest real file (the 2020 primary by precinct, 327,432 cells)
# takes 0.3 s to read: 20 s is sixty times that.
CPU_SECONDS: Final = 20
# Wall time per file, past which the child is ended: its CPU limit ends a runaway parse
# first; this is for a child that waits instead (never expected), with room for a machine
# busy enough to give the child a quarter of a core.
WALL_SECONDS: Final = 4 * CPU_SECONDS
# A child is replaced after this many files: what one read leaves behind (a fragmented heap)
# is never carried far.
FILES_PER_CHILD: Final = 200
# A results service's response of at most 2 MB is read here, not in a child: JSON has no
# native reader to abort (json is CPython's own, a RecursionError is caught) and 2 MB cannot
# grow past about 50 MB of objects; a child's round trip was most of such a read's time
# (a 328 KB response: 8.4 ms in a child, 5.2 here). A watch reads one per race per round.
IN_PROCESS_JSON_BYTES: Final = 2 * 1024 * 1024
# The folder that holds `handlers`: a child imports the readers from the same checkout.
_ROOT: Final = str(Path(__file__).resolve().parents[2])

_AGAIN: Final = (
    "export the results again, or open the file in Excel and save it again as .xlsx; if it "
    "is a real export, tell the Secretary of State's office it cannot be read"
)


class CouldNotRead(ResultsFileError):
    """A file whose reading was stopped: it needed more memory or time than a results file
    can, or it made the reader fail. The message is one line naming the file."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(message)


def too_much_memory(name: str) -> CouldNotRead:
    return CouldNotRead(
        name,
        f"Could not read {name}: reading it needed more memory than a results file can "
        f"({MEMORY_BYTES // (1024 * 1024):,} MB); {_AGAIN}",
    )


def too_long(name: str) -> CouldNotRead:
    return CouldNotRead(
        name,
        f"Could not read {name}: reading it took longer than a results file can "
        f"({CPU_SECONDS} seconds); {_AGAIN}",
    )


def reader_failed(name: str, how: str) -> CouldNotRead:
    return CouldNotRead(name, f"Could not read {name}: the reader stopped on it ({how}); {_AGAIN}")


class Reader(Protocol):
    """Runs `work(name, data)` (a module-level function: a child is told it by name) and
    returns what it returns, or raises what it raises (a ResultsFileError, one line)."""

    def __call__(self, work: Callable[[str, bytes], T], name: str, data: bytes) -> T: ...


def unexpected(name: str, error: Exception) -> CouldNotRead:
    """A reader's own fault on a file (an IndexError, a KeyError: a layout no test foresaw):
    one plain line for the clerk, and for us a log line with its type and where it was
    raised, never the file's contents. The fuzz tests count these lines: each is a bug."""
    return _bug(name, type(error).__name__, _where(error))


def _bug(name: str, kind: str, where: str) -> CouldNotRead:
    log.error("a reader failed on a file: %s at %s", kind, where, extra={"reader_bug": kind})
    return reader_failed(name, "a layout it does not know")


def _where(error: BaseException) -> str:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.lineno}"


def _in_process(work: Callable[[str, bytes], T], name: str, data: bytes) -> T:
    try:
        return work(name, data)
    except (ResultsFileError, OverBudget):
        raise  # a plain line already, naming the file (or, a budget, named by the caller)
    except Exception as bug:  # a reader's own fault, as a child's is told
        raise unexpected(name, bug) from None


IN_PROCESS: Final[Reader] = _in_process


# What a child sends back: ("ok", value); ("raised", type, args, attributes) for an
# exception (rebuilt without calling its __init__: ours take other arguments than their
# args); ("bug", type name, file:line) for any other exception, a reader's own fault; or
# ("memory",) for a MemoryError, after which the child ends.
_Outcome = tuple[Any, ...]


def _limit_child(memory: int) -> None:
    """The limits a child lives under, set before it reads anything. No core files (an
    abort would write one the size of the child)."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        memory = min(memory, hard)
    resource.setrlimit(resource.RLIMIT_AS, (memory, hard))


def _cpu_from_now(seconds: int) -> None:
    """RLIMIT_CPU counts a process's whole life: a warm child's limit is moved to what it
    has used so far plus `seconds` before each file. Past it the kernel sends SIGXCPU,
    which ends the child."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime) + seconds
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _pipe_end(fd: int, *, readable: bool = True, writable: bool = True) -> Connection:
    """One end of a pipe to or from a reader, as a Connection (framed, pickled messages).
    multiprocessing loads with the first reader a scan starts, not with the scan's code: it is
    about 1% of every server's start-up (bench.instructions), and a quick check never scans."""
    from multiprocessing.connection import Connection

    return Connection(fd, readable=readable, writable=writable)


def _main(read_fd: int, write_fd: int, memory: int, cpu_seconds: int) -> None:
    """A child's life: read files one at a time until the parent closes its pipe."""
    _limit_child(memory)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    requests = _pipe_end(read_fd, writable=False)
    answers = _pipe_end(write_fd, readable=False)
    while True:
        try:
            work, name, data = requests.recv()
        except (EOFError, OSError):
            return
        _cpu_from_now(cpu_seconds)
        outcome: _Outcome
        try:
            with collector.paused():
                outcome = ("ok", work(name, data))
        except MemoryError:
            outcome = ("memory",)
        except (ResultsFileError, OverBudget) as error:
            outcome = ("raised", type(error), error.args, dict(vars(error)))
        except Exception as error:  # a reader's own fault: the parent logs it, says one line
            outcome = ("bug", type(error).__name__, _where(error))
        del data
        try:
            answers.send(outcome)
        except MemoryError:
            answers.send(("memory",))
        except Exception as error:  # a value or an exception that cannot be sent back
            answers.send(("raised", RuntimeError, (f"{type(error).__name__}: {error}",), {}))
        if outcome[0] == "memory":
            return  # a failed allocation may have left the child unsound: it is replaced
        del outcome  # the last file's tallies are not held while waiting for the next


def _rebuilt(
    kind: type[BaseException], args: tuple[Any, ...], attributes: dict[str, Any]
) -> BaseException:
    error = kind.__new__(kind)
    error.args = args
    vars(error).update(attributes)
    return error


@dataclass
class _Child:
    process: subprocess.Popen[bytes]
    requests: Connection
    answers: Connection
    files: int = 0


def _end(child: _Child) -> None:
    for conn in (child.requests, child.answers):
        with contextlib.suppress(OSError):
            conn.close()
    if child.process.poll() is None:
        child.process.kill()
    child.process.wait()


@dataclass
class IsolatedReader:
    """A pool of up to `children` warm child processes, one file at a time each. Started on
    first use, in each process that uses it (a gunicorn worker forked after a read starts its
    own)."""

    children: int = field(default_factory=lambda: max(1, min(4, os.cpu_count() or 1)))
    memory: int = MEMORY_BYTES
    cpu_seconds: int = CPU_SECONDS
    wall_seconds: float = WALL_SECONDS
    files_per_child: int = FILES_PER_CHILD
    _idle: list[_Child] = field(default_factory=list, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _slots: threading.Semaphore | None = field(default=None, init=False, repr=False)
    _pid: int = field(default=0, init=False, repr=False)

    def __call__(self, work: Callable[[str, bytes], T], name: str, data: bytes) -> T:
        if len(data) <= IN_PROCESS_JSON_BYTES and looks_like_json(data):
            return _in_process(work, name, data)  # no native reader, no room for a bomb
        with self._ready():
            child = self._take()
            try:
                outcome = self._ask(child, work, name, data)
            except BaseException:
                _end(child)
                raise
            if outcome[0] == "memory" or child.files >= self.files_per_child:
                _end(child)
            else:
                with self._lock:
                    self._idle.append(child)
        if outcome[0] == "ok":
            value: T = outcome[1]
            return value
        if outcome[0] == "memory":
            raise too_much_memory(name)
        if outcome[0] == "bug":
            raise _bug(name, outcome[1], outcome[2])
        raise _rebuilt(*outcome[1:]) from None

    def warm(self) -> None:
        """Starts one child now, so that its start-up (an interpreter and the readers'
        imports, about half a second) runs while the caller does something else."""
        with self._ready(), self._lock:
            if not self._idle:
                self._idle.append(self._start())

    def close(self) -> None:
        """Ends the idle children (one reading ends when its read is answered)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for child in idle:
            _end(child)

    def _ready(self) -> threading.Semaphore:
        with self._lock:
            if self._slots is None or self._pid != os.getpid():
                # first use, or a process forked from one that used it: the children are
                # the other process's, and so are their pipes
                self._idle = []
                self._slots = threading.Semaphore(self.children)
                self._pid = os.getpid()
            return self._slots

    def _take(self) -> _Child:
        with self._lock:
            while self._idle:
                child = self._idle.pop()
                if child.process.poll() is None:
                    return child
                _end(child)
        return self._start()

    def _start(self) -> _Child:
        # A fresh interpreter, not a fork: a fork of the bot would copy its threads' locks
        # and its whole address space (counted against the child's limit); multiprocessing's
        # spawn and forkserver would import the caller's main script again in the child.
        from_parent, to_child = os.pipe()  # (read, write)
        from_child, to_parent = os.pipe()
        # recount's own folder first on the child's path, as the parent has it; the child
        # inherits the environment as it is (handlers never read it: bot.settings does)
        code = (
            f"import sys; sys.path.insert(0, {_ROOT!r}); from {__name__} import _main; "
            f"_main({from_parent}, {to_parent}, {self.memory}, {self.cpu_seconds})"
        )
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", code],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                # an abort's "memory allocation of ... failed" and a Rust backtrace never
                # reach a clerk's terminal: the parent says what happened, in words
                stderr=subprocess.DEVNULL,
                pass_fds=(from_parent, to_parent),
            )
        finally:
            os.close(from_parent)
            os.close(to_parent)
        return _Child(
            process, _pipe_end(to_child, readable=False), _pipe_end(from_child, writable=False)
        )

    def _ask(
        self, child: _Child, work: Callable[[str, bytes], T], name: str, data: bytes
    ) -> _Outcome:
        child.files += 1
        try:
            child.requests.send((work, name, data))
            if not child.answers.poll(self.wall_seconds):
                raise too_long(name)
            outcome: _Outcome = child.answers.recv()
            return outcome
        except (EOFError, OSError):
            pass  # the child ended: how, its exit status says
        try:
            code = child.process.wait(5)
        except subprocess.TimeoutExpired:
            code = None
        _end(child)
        if code in (-signal.SIGABRT, -signal.SIGKILL):
            # calamine aborts when an allocation fails (the dense range of a sparse sheet);
            # the kernel kills a child the machine cannot give memory to
            raise too_much_memory(name) from None
        if code == -signal.SIGXCPU:
            raise too_long(name) from None
        how = f"signal {signal.Signals(-code).name}" if code and code < 0 else f"exit {code}"
        raise reader_failed(name, how) from None


ISOLATED: Final = IsolatedReader()


def read_ahead(
    reader: Reader, work: Callable[[str, bytes], T], files: Sequence[tuple[str, bytes]]
) -> Iterator[Callable[[], T]]:
    """One answer per file, in order: calling it gives what `work` gave for that file, or
    raises what it raised. With a pool of children the files are read on all of them at once
    (the 56 county workbooks: 56 reads, each a round trip to a child); otherwise each is read
    when its answer is asked for. Ask each answer before taking the next: when the iteration
    ends, reads not yet started are cancelled."""
    if not isinstance(reader, IsolatedReader) or reader.children < 2 or len(files) < 2:
        for name, data in files:
            yield partial(reader, work, name, data)
        return
    pool = ThreadPoolExecutor(reader.children, thread_name_prefix="recount-read")
    try:
        futures = [pool.submit(reader, work, name, data) for name, data in files]
        for future in futures:
            yield future.result
    finally:
        # a scan stopped by a file: the reads not yet started are not started. Never wait
        # here: a generator left unfinished is closed by the garbage collector, which may run
        # inside another thread's start, holding the lock a join needs (a deadlock, seen)
        pool.shutdown(wait=False, cancel_futures=True)
