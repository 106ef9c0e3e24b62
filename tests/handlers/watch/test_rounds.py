"""Rounds of a watch over URLs served from loopback: conditional GETs, no scan on a 304, the
changes as the served workbook enters the band, changes band, changes leader and leaves; and
every refusal of watch.md section 6, with the server showing no request."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from domain.changes import ChangeKind
from handlers.watch.database import open_database
from handlers.watch.fetch import MAX_BYTES, FetchFailed, FetchRefused, Policy, fetch
from handlers.watch.records import WatchSpec
from handlers.watch.rounds import run_round
from handlers.watch.store import Store

from ...results_server import ResultsServer, Served
from ...workbooks import add_votes
from ..results.fixtures import COUNTY_WORKBOOKS, need

CASCADE = "CTYALL Results(7).xlsx"
TODAY = date(2022, 11, 30)
OPTIONS = {"canvass": "2022-11-28"}


@pytest.fixture
def server() -> Iterator[ResultsServer]:
    running = ResultsServer()
    yield running
    running.stop()


@pytest.fixture
def store(database: str) -> Store:
    return Store(open_database(database))


def cascade(column: str = "D", delta: int = 0) -> bytes:
    original = (need(COUNTY_WORKBOOKS) / CASCADE).read_bytes()
    return add_votes(original, "CLERK AN", column, delta) if delta else original


def clerk_change(store: Store, watch_id: int, spec: WatchSpec) -> ChangeKind | None:
    result = run_round(store, watch_id, spec, TODAY)
    assert result.scanned is not None
    found = [c for c in result.changes if "CLERK AND RECORDER" in c.title]
    return found[0].kind if found else None


@pytest.mark.parametrize(("etag", "last_modified"), [(True, True), (True, False), (False, True)])
def test_a_304_costs_no_scan(
    server: ResultsServer, store: Store, etag: bool, last_modified: bool
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade(), etag=etag, last_modified=last_modified)
    spec = WatchSpec("cli", (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    first = run_round(store, watch.id, spec, TODAY)
    assert first.first and first.scanned is not None
    second = run_round(store, watch.id, spec, TODAY)
    assert second.scanned is None and second.changes == []
    _, headers = server.requests[-1]
    if etag:
        assert headers.get("If-None-Match", "").startswith('"')
    if last_modified:
        assert "GMT" in headers.get("If-Modified-Since", "")


def test_without_validators_the_bytes_decide(server: ResultsServer, store: Store) -> None:
    server.files["/cascade.xlsx"] = Served(cascade(), etag=False, last_modified=False)
    spec = WatchSpec("cli", (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY)
    again = run_round(store, watch.id, spec, TODAY)
    assert again.scanned is None  # the same bytes: no scan
    assert "If-None-Match" not in server.requests[-1][1]


def test_the_clerks_race_enters_changes_band_changes_leader_and_leaves(
    server: ResultsServer, store: Store
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade("D", 200))  # 230: outside the bands
    spec = WatchSpec("cli", (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY)
    steps = [
        (cascade(), ChangeKind.ENTERED),  # 30: the recount band
        (cascade("D", 60), ChangeKind.BAND),  # 90: the bond band
        (cascade("C", 140), ChangeKind.LEADER),  # the loser gains 140 on the original: leads
        (cascade("D", 200), ChangeKind.LEADER),  # and back: the winner leads by 230
    ]
    for body, expected in steps:
        server.change("/cascade.xlsx", body)
        assert clerk_change(store, watch.id, spec) is expected
    server.change("/cascade.xlsx", cascade("D", 5))  # 35: in again
    assert clerk_change(store, watch.id, spec) is ChangeKind.ENTERED
    server.change("/cascade.xlsx", cascade("D", 200))
    assert clerk_change(store, watch.id, spec) is ChangeKind.LEFT
    kinds = [s.change.kind for s in store.changes(watch.id) if "CLERK" in s.change.title]
    assert kinds == [
        ChangeKind.ENTERED,
        ChangeKind.BAND,
        ChangeKind.LEADER,
        ChangeKind.LEADER,
        ChangeKind.ENTERED,
        ChangeKind.LEFT,
    ]


def test_a_failing_source_is_named_once_and_once_more_when_it_recovers(
    server: ResultsServer, store: Store
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade())
    spec = WatchSpec("cli", (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY)
    server.files["/cascade.xlsx"].status = 503
    server.files["/cascade.xlsx"].etag = server.files["/cascade.xlsx"].last_modified = False
    failing = run_round(store, watch.id, spec, TODAY)
    assert failing.scanned is None and len(failing.errors) == 1
    assert "the server answered 503" in failing.errors[0]
    assert run_round(store, watch.id, spec, TODAY).errors == []  # said once
    server.files["/cascade.xlsx"].status = 200
    back = run_round(store, watch.id, spec, TODAY)
    assert back.recovered == [f"{server.url('/cascade.xlsx')}: readable again"]
    assert back.scanned is None  # the same bytes as before it failed: nothing to scan


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
        ("", "/cascade.xlsx", "until its operator lists the host in RECOUNT_WATCH_HOSTS"),
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
    assert "loopback, private or link-local" in str(refused.value)
    for inside in ("127.0.0.1", "169.254.169.254", "192.168.1.5", "::1"):
        local = Policy(Policy.from_setting("intranet.example").hosts, resolve=resolving_to(inside))
        with pytest.raises(FetchRefused):
            local.check("https://intranet.example/x.xlsx")


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
        fetch(server.url("/huge.xlsx"), Policy.anyone())
    assert "more than the 20 MB a scan reads" in str(failed.value)


def test_a_folder_round_reads_its_files_by_name(tmp_path: Path, store: Store) -> None:
    (tmp_path / "a.csv").write_text("contest,choice,votes\nSheriff,A,4005\nSheriff,B,3995\n")
    spec = WatchSpec("cli", (str(tmp_path),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    assert run_round(store, watch.id, spec, TODAY).first
    (tmp_path / "b.csv").write_text("contest,choice,votes\nCoroner,C,4005\nCoroner,D,3995\n")
    added = run_round(store, watch.id, spec, TODAY)
    assert [c.kind for c in added.changes] == [ChangeKind.NEW]
    (tmp_path / "a.csv").unlink()
    removed = run_round(store, watch.id, spec, TODAY)
    assert [c.kind for c in removed.changes] == [ChangeKind.GONE]
