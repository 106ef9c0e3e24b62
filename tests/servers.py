"""Server processes and plain HTTP for the tests that run the bot as it is deployed."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Final
from urllib.parse import urlencode

from .fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, signed_headers
from .results_server import ResultsServer

ROOT = Path(__file__).resolve().parent.parent


def post(url: str, body: str, headers: dict[str, str]) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body.encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _ephemeral_range() -> tuple[int, int]:
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def free_port() -> int:
    """A free port for a server process, below the ephemeral range: a port the kernel hands
    out for `bind(0)` (a fake Slack, a client socket in another xdist worker) could be taken
    again between here and the server's own bind, and the server would then fail to start
    or another test's requests would reach it (seen once in `make test`)."""
    low, _ = _ephemeral_range()
    start = 20000 + 1000 * int(os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:] or 0)
    for _ in range(200):
        port = random.randrange(start, min(start + 1000, low))
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range")


# What asking /healthz of a server still starting can raise: refused or reset (URLError,
# ConnectionError), accepted and not answered in time (TimeoutError, which socket.timeout
# is), closed mid-answer (http.client's RemoteDisconnected, IncompleteRead, BadStatusLine).
NOT_YET: Final = (OSError, http.client.HTTPException)


def leads_its_group(process: subprocess.Popen[str]) -> bool:
    """Whether `process` was started with `start_new_session` (so its group is its own and
    holds gunicorn's workers), asked while it is alive or its group still holds a worker."""
    try:
        return os.getpgid(process.pid) == process.pid
    except ProcessLookupError:
        return False


def stop_all(
    process: subprocess.Popen[str], seconds: float = 15, *, group: bool | None = None
) -> str:
    """Stops `process` and, when it leads its own process group, everything in that group: a
    gunicorn master's workers too. SIGTERM first, SIGKILL after `seconds`; its pipes are read
    so that nothing blocks. Another test's process is never signalled: a group is signalled
    only while its number is held (a live member keeps a PID from being handed out again).
    `group`: whether it leads one, when the caller asked before it was reaped. Returns what
    it wrote to stderr, when that was a pipe."""
    group = leads_its_group(process) if group is None else group

    def signal_all(signum: signal.Signals) -> None:
        if group:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signum)
        elif process.poll() is None:
            process.send_signal(signum)

    signal_all(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:  # or a worker holds its pipe open
        signal_all(signal.SIGKILL)
        _, err = process.communicate()
    # a master that exited on SIGTERM may leave a worker behind: nothing of it outlives us
    signal_all(signal.SIGKILL)
    return err or ""


def wait_healthy(base: str, process: subprocess.Popen[str], seconds: float = 30) -> None:
    """Polls GET /healthz until the server process answers 200. Asked again on every way a
    server still starting fails to answer (a loaded 2-core machine: gunicorn's workers still
    importing); when it exits first or never answers, it is stopped (with its process group)
    before the test fails, so that no server outlives the test that started it."""
    deadline = time.monotonic() + seconds
    group = leads_its_group(process)  # asked now: once it has exited and is reaped, it cannot be
    while True:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                if response.read() == b"ok\n":
                    return
        except NOT_YET:
            pass
        if process.poll() is not None:
            # its workers too, if any outlived it (one holding its stderr would block a read)
            err = stop_all(process, group=group)
            raise AssertionError(f"the server exited ({process.returncode}) before /healthz: {err}")
        if time.monotonic() >= deadline:
            stop_all(process, group=group)
            raise AssertionError(f"the server did not answer /healthz within {seconds} s")
        time.sleep(0.05)


def env_without_slack(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    env.update(extra)
    return env


# Every server start_server started, each the leader of its own process group: what a test
# that failed midway left running is stopped after it (tests/e2e/conftest.py).
STARTED: list[subprocess.Popen[str]] = []


def stop_leftovers() -> None:
    """Stops every server start_server started that is still running, with its workers."""
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            stop_all(process, seconds=5, group=True)


def start_server(
    argv: list[str], port: int, fake: FakeSlack, *, at: str = "127.0.0.1", **env: str
) -> subprocess.Popen[str]:
    """A server process with the bot's credentials against the fake Slack, once it answers
    /healthz at `at`; the caller stops it (terminate, or a signal it is testing)."""
    process = subprocess.Popen(
        argv,
        env=env_without_slack(
            SLACK_BOT_TOKEN=BOT_TOKEN,
            SLACK_SIGNING_SECRET=SIGNING_SECRET,
            SLACK_API_URL=fake.api_url,
            **env,
        ),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: stop_all reaches gunicorn's workers
    )
    STARTED.append(process)
    try:
        wait_healthy(f"http://{at}:{port}", process)
    except BaseException:  # a KeyboardInterrupt too: what started here is stopped here
        stop_all(process)
        raise
    return process


@contextmanager
def serving(
    argv: list[str], port: int, fake: FakeSlack, logs: list[str], **env: str
) -> Iterator[str]:
    """Runs a server process with the bot's credentials, until it answers /healthz; yields its
    base URL, then stops it and appends what it logged to `logs`."""
    process = start_server(argv, port, fake, **env)
    group = leads_its_group(process)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()  # the master alone: it stops its workers as in production
        try:
            logs.append(process.communicate(timeout=15)[1])
        finally:
            stop_all(process, group=group)  # one that would not stop, killed; its workers too


def oversized_answers(server: str, count: int, size: int) -> list[int | str]:
    """What `count` clients, each sending a whole signed interaction body of `size` bytes,
    read back: a status, or the error that took its place."""
    host, port = server.split("//")[1].split("/")[0].split(":")
    payload = json.dumps({"type": "block_actions", "padding": "x" * size})
    body = urlencode({"payload": payload})
    headers = signed_headers(body)
    seen: list[int | str] = []
    for _ in range(count):
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            connection.request("POST", "/slack/events", body=body.encode(), headers=headers)
            seen.append(connection.getresponse().status)
        except OSError as error:  # the answer lost to a reset: what the fix prevents
            seen.append(type(error).__name__)
        finally:
            connection.close()
    return seen


# What a slow peer sends before it goes quiet: part of a head, a head and part of its body,
# nothing at all.
SLOW_PARTS = [
    b"POST /slack/events HTTP/1.1\r\nHost: bot\r\n",
    b"POST /slack/events HTTP/1.1\r\nContent-Length: 2000\r\n\r\npayload=",
    b"",
]


def slow_clients(port: int, count: int, sent: bytes) -> list[socket.socket]:
    """`count` connections that each send `sent`, then nothing: truly idle sockets, which
    cost the machine nothing while the test measures the server (the caller closes them)."""
    clients = []
    for _ in range(count):
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        client.sendall(sent)
        clients.append(client)
    return clients


def healthz_seconds(base: str) -> float:
    """How long GET /healthz took to answer "ok"."""
    started = time.monotonic()
    with urllib.request.urlopen(f"{base}/healthz", timeout=10) as response:
        assert response.read() == b"ok\n"
    return time.monotonic() - started


def sigterm_mid_trickle(
    process: subprocess.Popen[str], results: ResultsServer
) -> tuple[str, str, float]:
    """Once `process` has asked `results` for a file (which trickles), SIGTERM mid-transfer:
    what it printed (stdout, stderr) and how long it took to exit."""
    deadline = time.monotonic() + 30
    while not results.requests:
        assert time.monotonic() < deadline, "the watch never asked for the file"
        time.sleep(0.05)
    time.sleep(0.5)  # mid-trickle
    stopping = time.monotonic()
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    return out or "", err or "", time.monotonic() - stopping
