"""A transfer's time in all: socket waits never past it, and a read blocked in a socket that
gets no byte ends when the time is up or the transfers are stopped."""

from __future__ import annotations

import socket
import threading
import time

from bot.net.deadline import Deadline, Transfers


def blocked_read(sock: socket.socket, seconds: float) -> tuple[bytes | str, float]:
    """What a recv blocked in `sock` (which gets no byte) returned, and after how long."""
    started = time.monotonic()
    sock.settimeout(seconds)  # far longer than the deadline: only the watchdog ends it
    try:
        got: bytes | str = sock.recv(1)
    except OSError as error:
        got = type(error).__name__
    return got, time.monotonic() - started


def test_a_socket_wait_is_never_longer_than_the_time_left() -> None:
    with Deadline(30.0) as deadline:
        assert deadline.timeout(10.0) == 10.0
        assert 29.0 < deadline.timeout(60.0) <= 30.0
    with Deadline(0.0) as spent:
        assert spent.timeout(10.0) == 0.001  # never 0, which would make it non-blocking


def test_the_watchdog_ends_a_read_blocked_at_the_deadline() -> None:
    ours, peer = socket.socketpair()
    with ours, peer, Deadline(0.5) as deadline:
        deadline.watch(ours)
        got, took = blocked_read(ours, 30.0)
        assert deadline.expired and not deadline.stopped and deadline.over
    assert got == b"" and 0.4 <= took < 5.0


def test_stopping_the_transfers_ends_each_read_in_flight_and_each_begun_after() -> None:
    transfers = Transfers()
    ours, peer = socket.socketpair()
    seen: list[tuple[bytes | str, float]] = []
    with ours, peer, Deadline(60.0, transfers) as deadline:
        deadline.watch(ours)
        reader = threading.Thread(target=lambda: seen.append(blocked_read(ours, 30.0)))
        reader.start()
        time.sleep(0.2)
        transfers.stop()
        reader.join(10)
        assert deadline.stopped and not deadline.expired
    assert seen and seen[0][0] == b"" and seen[0][1] < 5.0
    later, other = socket.socketpair()
    with later, other, Deadline(60.0, transfers) as begun:
        assert begun.stopped
        begun.watch(later)
        assert blocked_read(later, 30.0)[0] == b""  # shut as it was watched


def test_a_transfer_that_ends_in_time_is_left_alone() -> None:
    ours, peer = socket.socketpair()
    with ours, peer:
        with Deadline(0.3) as deadline:
            deadline.watch(ours)
        time.sleep(0.5)  # past the deadline, after the transfer ended: no watchdog
        peer.sendall(b"x")
        assert not deadline.over and ours.recv(1) == b"x"
