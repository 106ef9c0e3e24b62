"""The fetch policy of watch.md section 6: every refusal fetches nothing (the results server
shows no request), redirects are checked hop by hop, at most 20 MB is read, and one DNS answer
decides both the policy and the connection."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import bot.net.fetch as fetch_module
from bot.net.fetch import (
    FetchFailed,
    FetchRefused,
    FetchStopped,
    Policy,
    UrlFetcher,
    fetch,
    public,
)
from handlers.results.tables import MAX_BYTES

from ...results_server import ResultsServer, Served


@pytest.fixture
def server() -> Iterator[ResultsServer]:
    running = ResultsServer()
    yield running
    running.stop()


# --- section 6: whose URL the server may fetch -----------------------------------------------


def resolving_to(address: str) -> Callable[[str], list[str]]:
    def resolve(host: str) -> list[str]:
        return [address]

    return resolve


def slack_policy(server: ResultsServer, listed: str) -> Policy:
    return Policy.from_setting(listed.replace("PORT", str(server.server.server_address[1])))


@pytest.mark.parametrize(
    ("listed", "path_or_url", "why"),
    [
        ("", "/cascade.xlsx", "127.0.0.1 is not a host this server may fetch"),
        ("results.example.org", "/cascade.xlsx", "127.0.0.1 is not a host this server may fetch"),
        ("127.0.0.1:PORT", "/cascade.xlsx", "only https:// addresses are fetched"),
        ("http://127.0.0.1:9", "/cascade.xlsx", "is not a host this server may fetch"),
        ("http://127.0.0.1:PORT", "file:///etc/passwd", "not a web address"),
        ("http://127.0.0.1:PORT", "gopher://127.0.0.1/x", "not a web address"),
    ],
)
def test_each_refusal_fetches_nothing(
    server: ResultsServer, listed: str, path_or_url: str, why: str
) -> None:
    server.files["/cascade.xlsx"] = Served(b"results")
    url = server.url(path_or_url) if path_or_url.startswith("/") else path_or_url
    with pytest.raises(FetchRefused) as refused:
        fetch(url, slack_policy(server, listed))
    assert why in str(refused.value)
    assert server.requests == []


def test_a_listed_name_that_resolves_inside_the_network_is_refused(server: ResultsServer) -> None:
    policy = Policy(
        Policy.from_setting("results.example.org").hosts,
        resolve=resolving_to("10.1.2.3"),  # what a hostile DNS answer would say
    )
    with pytest.raises(FetchRefused) as refused:
        fetch("https://results.example.org/x.xlsx", policy)
    assert "is not a public address" in str(refused.value)
    for inside in ("127.0.0.1", "169.254.169.254", "192.168.1.5", "::1"):
        local = Policy(Policy.from_setting("intranet.example").hosts, resolve=resolving_to(inside))
        with pytest.raises(FetchRefused):
            local.check("https://intranet.example/x.xlsx")


# Inside a network though no deny list named them: carrier-grade NAT (RFC 6598), NAT64 and
# IPv4-mapped forms of inside addresses, 6to4 of loopback, the benchmark and reserved ranges,
# multicast, the unspecified address; and public ones, in each form, that stay allowed.
@pytest.mark.parametrize(
    ("address", "is_public"),
    [
        ("100.64.0.1", False),
        ("100.127.255.254", False),
        ("64:ff9b::7f00:1", False),  # NAT64 of 127.0.0.1
        ("64:ff9b::a00:1", False),  # NAT64 of 10.0.0.1
        ("64:ff9b:1::1", False),  # NAT64's local-use prefix (RFC 8215)
        ("::ffff:127.0.0.1", False),
        ("::ffff:169.254.169.254", False),
        ("::127.0.0.1", False),
        ("2002:7f00:1::", False),  # 6to4 of 127.0.0.1
        ("198.18.0.1", False),
        ("240.0.0.1", False),
        ("224.0.0.1", False),
        ("ff02::1", False),
        ("0.0.0.0", False),
        ("::", False),
        ("fd00::1", False),
        ("fe80::1%eth0", False),
        ("8.8.8.8", True),
        ("64:ff9b::808:808", True),  # NAT64 of 8.8.8.8: a DNS64 network's way to reach it
        ("::ffff:8.8.8.8", True),
        ("2606:4700::1111", True),
    ],
)
def test_only_public_addresses_pass_without_being_listed(address: str, is_public: bool) -> None:
    assert public(address) is is_public
    policy = Policy(Policy.from_setting("results.example.org").hosts, resolve=resolving_to(address))
    if is_public:
        policy.check("https://results.example.org/x.xlsx")
    else:
        with pytest.raises(FetchRefused, match="not a public address"):
            policy.check("https://results.example.org/x.xlsx")


def test_a_redirect_to_a_host_not_listed_is_refused_before_it_is_followed(
    server: ResultsServer,
) -> None:
    other = ResultsServer()
    try:
        other.files["/x.xlsx"] = Served(b"elsewhere")
        server.files["/cascade.xlsx"] = Served(b"", status=302, location=other.url("/x.xlsx"))
        policy = slack_policy(server, "http://127.0.0.1:PORT")
        with pytest.raises(FetchRefused):
            fetch(server.url("/cascade.xlsx"), policy)
        assert [path for path, _ in server.requests] == ["/cascade.xlsx"]
        assert other.requests == []  # the redirect's target was never asked
    finally:
        other.stop()


def test_a_listed_test_server_is_fetched_with_a_user_agent(server: ResultsServer) -> None:
    server.files["/cascade.xlsx"] = Served(b"results")
    got = fetch(
        server.url("/cascade.xlsx"),
        slack_policy(server, "http://127.0.0.1:PORT"),
        user_agent="recount/0.1.0",
    )
    assert got.body == b"results"
    assert server.requests[0][1]["User-Agent"] == "recount/0.1.0"


def test_more_than_20_mb_is_not_read(server: ResultsServer) -> None:
    server.files["/huge.xlsx"] = Served(b"x" * (MAX_BYTES + 1), etag=False, last_modified=False)
    with pytest.raises(FetchFailed) as failed:
        fetch(server.url("/huge.xlsx"), Policy.command_line())
    assert "more than the 20 MB a scan reads" in str(failed.value)


def test_one_resolution_decides_the_policy_and_the_connection(server: ResultsServer) -> None:
    """DNS rebinding: the name resolves to a public address for the check, then to 127.0.0.1
    (where a results server listens). The connection goes to the address that was checked;
    127.0.0.1 is never reached."""
    answers = iter([["93.184.216.34"], ["127.0.0.1"]])
    asked: list[str] = []
    connected: list[tuple[str, int]] = []

    def resolve(host: str) -> list[str]:
        asked.append(host)
        return next(answers)

    def connect(address: tuple[str, int], timeout: float) -> socket.socket:
        connected.append(address)  # never a real connection to a public address
        raise ConnectionRefusedError

    server.files["/x.xlsx"] = Served(b"inside")
    port = server.server.server_address[1]
    policy = Policy(
        Policy.from_setting(f"http://results.example.org:{port}").hosts,
        resolve=resolve,
        connect=connect,
    )
    with pytest.raises(FetchFailed) as failed:
        fetch(f"http://results.example.org:{port}/x.xlsx", policy)
    assert "connection was refused" in str(failed.value)
    assert asked == ["results.example.org"]  # resolved once
    assert connected == [("93.184.216.34", port)]  # to the checked address only
    assert server.requests == []  # 127.0.0.1 was never reached


def test_a_second_answer_inside_the_network_is_never_used_for_a_redirect_either(
    server: ResultsServer,
) -> None:
    """Each hop is resolved and checked once: a redirect to a name that now resolves inside
    is refused before any connection to it."""
    answers = {"results.example.org": ["127.0.0.1"], "other.example.org": ["10.0.0.8"]}
    port = server.server.server_address[1]
    server.files["/x.xlsx"] = Served(
        b"", status=302, location=f"http://other.example.org:{port}/y.xlsx"
    )
    policy = Policy(
        Policy.from_setting(f"http://127.0.0.1:{port},http://other.example.org:{port}").hosts,
        resolve=lambda host: answers[host],
    )
    with pytest.raises(FetchRefused) as refused:
        fetch(f"http://127.0.0.1:{port}/x.xlsx", policy)
    assert "other.example.org is not a public address" in str(refused.value)
    assert [path for path, _ in server.requests] == ["/x.xlsx"]


def test_the_pinned_connection_still_reaches_a_listed_server(server: ResultsServer) -> None:
    server.files["/x.xlsx"] = Served(b"results")
    got = fetch(server.url("/x.xlsx"), Policy.command_line())
    assert got.body == b"results"


# --- "60 s in all", whatever the pace of the bytes --------------------------------------------


@pytest.mark.parametrize("where", ["body", "status line"])
def test_a_trickle_never_holds_a_fetch_past_its_time_in_all(
    server: ResultsServer, where: str
) -> None:
    # one byte every 0.2 s: no socket timeout ever fires, as with one byte every 5 s
    server.files["/slow.csv"] = Served(b"x" * 200, trickle_s=0.2, trickle_head=where != "body")
    started = time.monotonic()
    with pytest.raises(FetchFailed) as failed:
        fetch(server.url("/slow.csv"), Policy.command_line(), total_s=1.0)
    took = time.monotonic() - started
    assert str(failed.value) == f"{server.url('/slow.csv')}: took more than 1 seconds"
    assert 0.9 <= took < 5.0  # the bytes alone would take 40 s


def test_a_stop_cuts_a_trickling_fetch_at_once_and_any_begun_after(server: ResultsServer) -> None:
    server.files["/slow.csv"] = Served(b"x" * 200, trickle_s=0.2)
    fetcher = UrlFetcher(Policy.command_line())  # its own 60 s in all
    raised: list[BaseException] = []

    def read() -> None:
        try:
            fetcher.fetch(server.url("/slow.csv"))
        except Exception as error:
            raised.append(error)

    reading = threading.Thread(target=read)
    reading.start()
    time.sleep(0.5)  # mid-trickle
    stopped = time.monotonic()
    fetcher.stop()
    reading.join(10)
    assert not reading.is_alive() and time.monotonic() - stopped < 5.0
    assert [type(error) for error in raised] == [FetchStopped]
    asked = len(server.requests)
    with pytest.raises(FetchStopped):
        fetcher.fetch(server.url("/slow.csv"))
    assert len(server.requests) == asked  # nothing requested once stopped


def test_a_fetch_well_within_its_time_is_whole(server: ResultsServer) -> None:
    server.files["/x.csv"] = Served(b"contest,choice,votes\n")
    got = UrlFetcher(Policy.command_line(), total_s=5.0).fetch(server.url("/x.csv"))
    assert got.body == b"contest,choice,votes\n"


def test_a_name_the_resolver_does_not_answer_for_counts_as_not_resolving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """getaddrinfo has no timeout of its own: a resolver that never answers held `/recount
    watch` past Slack's 3 s and a round past its time in all. A lookup that has not answered
    within its time is taken as no answer; the lookup itself is left to end on its own."""
    answer = threading.Event()

    def silent_resolver(host: str, port: object) -> list[Any]:
        answer.wait(10)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 0))]

    monkeypatch.setattr(socket, "getaddrinfo", silent_resolver)
    started = time.monotonic()
    try:
        assert fetch_module._addresses("results.example", timeout=0.2) == []
        assert time.monotonic() - started < 5  # the 10 s lookup was not waited for
    finally:
        answer.set()
    assert fetch_module._addresses("results.example", timeout=5) == ["93.184.215.14"]
