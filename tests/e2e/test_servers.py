"""The tests' own server helpers (tests/servers.py) on the ways a server fails to start on a
loaded machine: it accepts and never answers, it answers garbage first, it dies and leaves a
worker behind. Each is a small Python process, so these run in seconds."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..fake_slack import FakeSlack
from ..servers import free_port, start_server, stop_all, stop_leftovers, wait_healthy

# A server with a "worker": a child in its process group that writes its PID to argv[2] and
# sleeps, with its output elsewhere (so a read of the server's pipes never waits for it).
WITH_A_WORKER = """
import socket, subprocess, sys, time
port, pid_file, how = int(sys.argv[1]), sys.argv[2], sys.argv[3]
worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
open(pid_file, "w").write(str(worker.pid))
if how == "dies":
    sys.exit("boom: no database")
server = socket.create_server(("127.0.0.1", port))
held = []
while True:
    peer, _ = server.accept()
    if how == "mute":
        held.append(peer)  # accepted, never answered: the client's read times out
    elif how == "garbled" and len(held) < 3:
        held.append(peer)
        peer.sendall(b"not http at all\\r\\n")  # http.client: BadStatusLine
        peer.close()
    else:
        peer.recv(65536)
        peer.sendall(b"HTTP/1.0 200 OK\\r\\nContent-Length: 3\\r\\n\\r\\nok\\n")
        peer.close()
"""


def started(port: int, pid_file: Path, how: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WITH_A_WORKER, str(port), str(pid_file), how],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # as start_server starts one
    )


def worker_of(pid_file: Path) -> int:
    deadline = time.monotonic() + 30
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.02)
    return int(pid_file.read_text())


def gone(pid: int, seconds: float = 10) -> bool:
    """Whether `pid` has exited (a zombie counts: it holds nothing) within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


def test_a_server_that_accepts_and_never_answers_is_stopped_with_its_worker(
    tmp_path: Path,
) -> None:
    port, pid_file = free_port(), tmp_path / "worker"
    process = started(port, pid_file, "mute")
    worker = worker_of(pid_file)
    with pytest.raises(AssertionError, match="did not answer /healthz within 3 s"):
        wait_healthy(f"http://127.0.0.1:{port}", process, seconds=3)
    assert process.poll() is not None  # stopped, not left running for the next test
    assert gone(worker)


def test_garbage_before_an_answer_is_asked_again(tmp_path: Path) -> None:
    port, pid_file = free_port(), tmp_path / "worker"
    process = started(port, pid_file, "garbled")
    try:
        wait_healthy(f"http://127.0.0.1:{port}", process)  # three BadStatusLine, then "ok"
        assert process.poll() is None
    finally:
        stop_all(process)
    assert gone(worker_of(pid_file))


def test_a_server_that_dies_is_reported_and_its_worker_stopped(
    fake: FakeSlack, tmp_path: Path
) -> None:
    port, pid_file = free_port(), tmp_path / "worker"
    argv = [sys.executable, "-c", WITH_A_WORKER, str(port), str(pid_file), "dies"]
    started_at = time.monotonic()
    with pytest.raises(AssertionError, match="boom: no database"):
        start_server(argv, port, fake)
    assert time.monotonic() - started_at < 25  # told at once, not at the deadline
    assert gone(worker_of(pid_file))


def test_a_server_left_running_by_a_failed_test_is_stopped_after_it(
    fake: FakeSlack, tmp_path: Path
) -> None:
    port, pid_file = free_port(), tmp_path / "worker"
    argv = [sys.executable, "-c", WITH_A_WORKER, str(port), str(pid_file), "serves"]
    process = start_server(argv, port, fake)  # a test that fails here never stops it
    worker = worker_of(pid_file)
    stop_leftovers()  # what the e2e conftest does after every test
    assert process.poll() is not None and gone(worker)
