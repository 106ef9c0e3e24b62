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
from contextlib import contextmanager
from pathlib import Path
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


def wait_healthy(base: str, process: subprocess.Popen[str], seconds: float = 30) -> None:
    """Polls GET /healthz until the server process answers 200 (it must not exit first)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                assert response.read() == b"ok\n"
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            # TimeoutError: accepted, but not answered within the second (a loaded machine;
            # gunicorn's workers still starting): ask again, as a health check would
            assert process.poll() is None, process.communicate()[1]
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)


def env_without_slack(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    env.update(extra)
    return env


def start_server(argv: list[str], port: int, fake: FakeSlack, **env: str) -> subprocess.Popen[str]:
    """A server process with the bot's credentials against the fake Slack, once it answers
    /healthz; the caller stops it (terminate, or a signal it is testing)."""
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
    )
    wait_healthy(f"http://127.0.0.1:{port}", process)
    return process


@contextmanager
def serving(
    argv: list[str], port: int, fake: FakeSlack, logs: list[str], **env: str
) -> Iterator[str]:
    """Runs a server process with the bot's credentials, until it answers /healthz; yields its
    base URL, then stops it and appends what it logged to `logs`."""
    process = start_server(argv, port, fake, **env)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        logs.append(process.communicate(timeout=15)[1])


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
