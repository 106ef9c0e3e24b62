"""Downloading a shared file: its bytes, or what went wrong as a DownloadProblem the listener
puts in a clerk's words. Served from loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.net.download import download
from handlers.slack.services import DownloadFailed, DownloadProblem

from ...results_server import ResultsServer, Served


@pytest.fixture
def server() -> Iterator[ResultsServer]:
    running = ResultsServer()
    yield running
    running.stop()


def test_the_bytes_with_the_token_and_at_most_one_past_the_limit(server: ResultsServer) -> None:
    server.files["/f"] = Served(b"x" * 50)
    assert download(server.url("/f"), "xoxb-1", 1000, 5) == b"x" * 50
    assert server.requests[0][1]["Authorization"] == "Bearer xoxb-1"
    assert download(server.url("/f"), None, 10, 5) == b"x" * 11  # the caller sees "too large"


@pytest.mark.parametrize(
    ("status", "problem"),
    [
        (401, DownloadProblem.FORBIDDEN),
        (403, DownloadProblem.FORBIDDEN),
        (404, DownloadProblem.GONE),
        (410, DownloadProblem.GONE),
        (500, DownloadProblem.UNREACHABLE),
    ],
)
def test_each_refusal_is_a_problem(
    server: ResultsServer, status: int, problem: DownloadProblem
) -> None:
    server.files["/f"] = Served(b"", status=status)
    with pytest.raises(DownloadFailed) as failed:
        download(server.url("/f"), "xoxb-1", 1000, 5)
    assert failed.value.problem is problem


def test_nobody_listening_is_unreachable() -> None:
    running = ResultsServer()
    url = running.url("/f")
    running.stop()
    with pytest.raises(DownloadFailed) as failed:
        download(url, None, 10, 2)
    assert failed.value.problem is DownloadProblem.UNREACHABLE
