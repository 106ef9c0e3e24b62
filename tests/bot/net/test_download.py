"""Downloading a shared file: its bytes, or what went wrong as a DownloadProblem the listener
puts in a clerk's words. Served from loopback, allowed as the operator's own SLACK_API_URL
origin; the bot token goes nowhere else: not to another host `files.info` names, not over
http://, not along a redirect off the allowed hosts."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from bot.net.download import SLACK_FILE_HOSTS, SlackDownload, download, slack_may_serve
from handlers.slack.ports import DownloadFailed, DownloadProblem

from ...results_server import ResultsServer, Served


@pytest.fixture
def server() -> Iterator[ResultsServer]:
    running = ResultsServer()
    yield running
    running.stop()


def test_the_bytes_with_the_token_and_at_most_one_past_the_limit(server: ResultsServer) -> None:
    server.files["/f"] = Served(b"x" * 50)
    fetch = SlackDownload(server.base + "/api/")  # what SLACK_API_URL says, path and all
    assert fetch(server.url("/f"), "xoxb-1", 1000, 5) == b"x" * 50
    assert server.requests[0][1]["Authorization"] == "Bearer xoxb-1"
    assert fetch(server.url("/f"), None, 10, 5) == b"x" * 11  # the caller sees "too large"


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
        download(server.url("/f"), "xoxb-1", 1000, 5, own_origin=server.base)
    assert failed.value.problem is problem


def test_nobody_listening_is_unreachable() -> None:
    running = ResultsServer()
    url = running.url("/f")
    running.stop()
    with pytest.raises(DownloadFailed) as failed:
        download(url, None, 10, 2, own_origin=url)
    assert failed.value.problem is DownloadProblem.UNREACHABLE


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://files.slack.com/files-pri/T0-F0/download/x.xlsx", True),
        ("https://FILES.slack.com:443/files-pri/T0-F0/x.xlsx", True),
        ("https://files.slack-gov.com/files-pri/T0-F0/x.xlsx", True),
        ("http://files.slack.com/files-pri/T0-F0/x.xlsx", False),  # the token in clear
        ("https://files.slack.com:8443/x.xlsx", False),
        ("https://files.slack.com.attacker.example/x.xlsx", False),
        ("https://slack.com.attacker.example/files.slack.com/x", False),
        ("https://attacker.example/?files.slack.com", False),
        ("https://169.254.169.254/latest/meta-data/", False),
        ("file:///etc/passwd", False),
        ("https://files.slack.com:port/x", False),
    ],
)
def test_the_token_goes_only_to_slacks_file_hosts_over_https(url: str, allowed: bool) -> None:
    assert slack_may_serve(url) is allowed
    assert "files.slack.com" in SLACK_FILE_HOSTS


def test_an_address_elsewhere_is_refused_before_anything_is_sent(
    server: ResultsServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_connection(*args: object, **kwargs: object) -> None:
        raise AssertionError("a connection was opened")

    monkeypatch.setattr(socket, "create_connection", no_connection)
    monkeypatch.setattr(socket, "getaddrinfo", no_connection)
    for url in ("https://attacker.example/x.xlsx", "http://files.slack.com/x.xlsx"):
        with pytest.raises(DownloadFailed) as failed:
            SlackDownload()(url, "xoxb-1", 1000, 5)
        assert failed.value.problem is DownloadProblem.UNREACHABLE
    # a loopback server that is not the operator's SLACK_API_URL is refused the same way
    with pytest.raises(DownloadFailed):
        SlackDownload("http://127.0.0.1:9/api/")(server.url("/f"), "xoxb-1", 1000, 5)
    assert server.requests == []


def test_a_redirect_off_the_allowed_hosts_is_never_followed_with_the_token(
    server: ResultsServer,
) -> None:
    elsewhere = ResultsServer()
    try:
        elsewhere.files["/f"] = Served(b"stolen?")
        server.files["/moved"] = Served(b"", status=302, location=elsewhere.url("/f"))
        with pytest.raises(DownloadFailed) as failed:
            SlackDownload(server.base)(server.url("/moved"), "xoxb-1", 1000, 5)
        assert failed.value.problem is DownloadProblem.UNREACHABLE
        assert elsewhere.requests == []  # not asked at all, so never given the token
    finally:
        elsewhere.stop()
    # a redirect within the allowed origin is followed, with the token
    server.files["/here"] = Served(b"", status=302, location="/f")
    server.files["/f"] = Served(b"results")
    assert SlackDownload(server.base)(server.url("/here"), "xoxb-1", 1000, 5) == b"results"
    assert [h.get("Authorization") for _, h in server.requests[-2:]] == ["Bearer xoxb-1"] * 2


def test_a_trickle_is_too_slow_within_the_time_limit(server: ResultsServer) -> None:
    server.files["/slow"] = Served(b"x" * 200, trickle_s=0.2)  # 40 s of bytes
    started = time.monotonic()
    with pytest.raises(DownloadFailed) as failed:
        SlackDownload(server.base)(server.url("/slow"), "xoxb-1", 1000, 1.0)
    assert failed.value.problem is DownloadProblem.TOO_SLOW
    assert time.monotonic() - started < 5.0
