"""The command line as a user runs it: a real subprocess, exit codes, stdout and stderr."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from ..domain.test_verdict_json import SECTION_9_KEYS
from ..results_server import ResultsServer, Served
from ..servers import sigterm_mid_trickle

CHECK = "county Smith 1204 Jones 1199 canvass 2026-11-16"
TABLE = b"contest,choice,votes\nSheriff,Smith,%d\nSheriff,Jones,%d\n"


def recount(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
        check=False,
    )


def test_json_verdict() -> None:
    done = recount(
        "check",
        "--json",
        "--today",
        "2026-11-18",
        "county",
        "Smith",
        "1204",
        "Jones",
        "1199",
        "canvass",
        "11/16",
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    j = json.loads(done.stdout)
    assert set(j) >= SECTION_9_KEYS
    assert (j["eligible"], j["margin"], j["deadline"], j["deadline_safe"]) == (
        True,
        5,
        "2026-11-23",
        "2026-11-21",
    )
    assert j["today"] == "2026-11-18"


def test_text_may_be_one_quoted_argument_and_options_may_follow() -> None:
    a = recount("check", "--json", "--today=2026-11-18", 'county "Mary Smith" 1204 Jones 1199')
    b = recount(
        "check",
        "county",
        '"Mary Smith"',
        "1204",
        "Jones",
        "1199",
        "--today",
        "2026-11-18",
        "--json",
    )
    assert a.returncode == b.returncode == 0
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_human_verdict_leads_with_the_answer() -> None:
    done = recount(
        "check", "--today", "2026-11-18", "county Smith 1204 Jones 1199 canvass 2026-11-16"
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "RECOUNT AVAILABLE — county office"
    assert lines[2] == "Read as: county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026"
    text = done.stdout
    for expected in (
        "Jones is 5 votes behind Smith (1,204 - 1,199), out of 2,403 votes cast.",
        "Largest margin that qualifies: 10 votes",
        "File with the election administrator by Fri Nov 20, 2026",
        "closed on the safe last day, Sat Nov 21, 2026",
        "Safe last day under every reading: Sat Nov 21, 2026; Mon Nov 23, 2026 if 1-1-307",
        "File with: the election administrator.",
        "Mont. Code Ann. § 13-16-201(1)",
        '"(1) If a candidate for a county',
        "Text as amended through 1987; (1) is (1)(a) in the current code [numbering seen].",
        "not legal advice",
    ):
        assert expected in " ".join(text.split()), expected


@pytest.mark.parametrize(
    "args",
    [
        ["check", "county", "Smith", "1204", "Jones"],
        ["check", "county Smith 1204 Jones 1199 canvass 2/30"],
        ["check", "bogus 1 2"],
        ["check", "--json", "county", "Smith", "-5", "Jones", "3"],
        ["check", "--today", "yesterday", "county", "A", "1", "B", "2"],
        ["check", "--today"],
        ["frobnicate"],
        [],
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(args: list[str]) -> None:
    done = recount(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr


def test_error_shows_an_example_that_works() -> None:
    done = recount("check", "question", "for", "12")
    assert done.returncode == 2
    example = done.stderr.split('Example: recount check "', 1)[1].rstrip().rstrip('"')
    assert recount("check", example).returncode == 0


def test_help() -> None:
    done = recount("check", "help")
    assert done.returncode == 0
    assert "\n  state-question: question to the voters of the state" in done.stdout
    said = " ".join(done.stdout.split())
    assert "judge (district-judge for a district court judge, county for a justice of the" in said
    assert recount("--help").returncode == 0


@pytest.mark.parametrize("args", [["check"], ["check", ""], ["check", "  "], ["check", "--json"]])
def test_nothing_to_check_is_a_usage_error(args: list[str]) -> None:
    done = recount(*args)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: nothing to check;") and done.stderr.count("\n") == 1


def test_console_reads_lines_until_end_of_input() -> None:
    done = recount("console", stdin="help\ncounty Smith 1204 Jones\ncounty Smith 1204 Jones 1199\n")
    assert done.returncode == 0
    assert "Kinds (aliases in brackets):" in done.stdout
    assert 'error: "Jones" needs its votes' in done.stdout
    assert "Jones is 5 votes behind Smith" in done.stdout


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_an_output_that_cannot_show_every_character_gets_ascii_forms(encoding: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "check", "--today", "2026-11-18", CHECK],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "5 <= 10: the margin qualifies." in text
    assert "RECOUNT AVAILABLE - county office" in text


def test_a_running_watch_says_it_started_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "t.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,890\n")
    db = f"sqlite:///{tmp_path / 'watch.db'}"
    watching = subprocess.Popen(
        [sys.executable, "-m", "bot", "watch", str(folder), "--every", "1m", "--db", db],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert watching.stdout is not None
    first = watching.stdout.readline()
    assert first == (
        f"Watching {folder} every 1 min (watch 1, database sqlite:///{tmp_path / 'watch.db'}); "
        "Ctrl-C stops.\n"
    )
    assert watching.stdout.readline().startswith("Scanned 1 file (plain-table)")
    # while it runs, the list says so, with its interval; a second terminal is refused
    running = recount("watch", "list", "--db", db)
    assert running.stdout.startswith("watch 1 · running, every 1 min · ")
    second = recount("watch", str(folder), "--once", "--db", db)
    assert second.returncode == 2 and "watch 1 is being read by another recount watch" in (
        second.stderr
    )
    watching.send_signal(signal.SIGINT)
    _, err = watching.communicate(timeout=30)
    assert watching.returncode == 0
    assert "stopped (watch 1, every 1 min)" in err
    listed = recount("watch", "list", "--db", db)
    assert listed.returncode == 0
    assert listed.stdout.startswith("watch 1 · not running now (every 1 min when it ran) · ")
    stopped = recount("watch", "stop", "1", "--db", db)
    assert (stopped.returncode, stopped.stdout) == (0, "Watch 1 stopped.\n")
    assert "watch 1 · stopped · " in recount("watch", "list", "--db", db).stdout


def test_a_url_is_read_stored_and_asked_again_with_its_etag(tmp_path: Path) -> None:
    """The issue's first "done when": `recount watch http://127.0.0.1:PORT/results.csv
    --once` reads the file and stores the reading; the second round sends the ETag and says
    no change; a changed file prints only what changed; every source failing exits 1 and
    names each."""
    server = ResultsServer()
    server.files["/results.csv"] = Served(TABLE % (1204, 1199))
    db = f"sqlite:///{tmp_path / 'watch.db'}"
    url = server.url("/results.csv")
    once = ("--once", "--db", db, "--canvass", "2026-11-16", "--today", "2026-11-18")
    first = recount("watch", url, *once)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("Scanned 1 file (plain-table): 1 contest, 1 with a verdict")
    assert "Smith 1,204" in first.stdout and first.stderr == ""
    assert [path for path, _ in server.requests] == ["/results.csv"]
    assert "If-None-Match" not in server.requests[0][1]
    second = recount("watch", url, *once)
    assert second.returncode == 0 and second.stdout.startswith("No change since ")
    assert "1 file read" in second.stdout
    assert server.requests[1][1]["If-None-Match"].startswith('"')  # answered 304
    server.files["/results.csv"] = Served(TABLE % (1204, 1201))
    third = recount("watch", url, *once)
    assert third.returncode == 0
    lines = third.stdout.splitlines()
    assert lines[0].startswith("1 change since ")
    assert lines[1] == (
        "Margin moved — Sheriff: margin 3 (margin 5 before), still in the recount band"
    )
    assert "Scanned" not in third.stdout  # only what changed
    gone = recount("watch", server.url("/nothing.csv"), "http://127.0.0.1:9/x.csv", *once)
    assert (gone.returncode, gone.stdout) == (1, "")
    assert gone.stderr.splitlines() == [
        "recount watch: nothing was read this round: 2 sources could not be read, so no "
        "contest was compared:",
        f"  {server.url('/nothing.csv')}: the server answered 404 Not Found",
        "  http://127.0.0.1:9/x.csv: could not be reached (the connection was refused)",
    ]
    assert "Traceback" not in gone.stderr


# Each command that prints, with what it is given on stdin; "{table}" is a small results file.
PRINTING: Final[dict[str, tuple[list[str], str]]] = {
    "check": (["check", "--today", "2026-11-18", CHECK], ""),
    "console": (["console"], f"{CHECK}\n" * 2000),  # far more than a pipe holds
    "scan": (["scan", "--today", "2026-11-18", "{table}"], ""),
}


def _piped(command: str, tmp_path: Path, stdin: int | None = None) -> subprocess.Popen[str]:
    """The command, its stdin a file (a pipe could fill while its stdout is not read)."""
    argv, typed = PRINTING[command]
    table = tmp_path / "results.csv"
    table.write_bytes(TABLE % (1204, 1199))
    if stdin is None:
        (tmp_path / "typed").write_text(typed)
        stdin = os.open(tmp_path / "typed", os.O_RDONLY)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", *(a.replace("{table}", str(table)) for a in argv)],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        os.close(stdin)


@pytest.mark.parametrize("command", sorted(PRINTING))
def test_a_reader_that_stops_reading_is_no_error_of_ours(command: str, tmp_path: Path) -> None:
    """`recount check ... | head -0`: the pipe is closed before recount writes. Quietly the
    shell's SIGPIPE status, never "something went wrong" or a traceback."""
    reading = _piped(command, tmp_path)
    assert reading.stdout is not None and reading.stderr is not None
    reading.stdout.close()  # nobody reads what it prints
    err = reading.stderr.read()
    assert reading.wait(timeout=60) == 141
    assert err == ""


@pytest.mark.parametrize("command", sorted(PRINTING))
def test_a_reader_that_stops_after_a_line_is_no_error_of_ours(command: str, tmp_path: Path) -> None:
    """`recount console | head -1`: the first line read, then the reader gone while recount
    may still be writing. It ends quietly: 0 when all was written before, else 141."""
    reading = _piped(command, tmp_path)
    assert reading.stdout is not None and reading.stderr is not None
    assert reading.stdout.readline()
    reading.stdout.close()
    err = reading.stderr.read()
    assert reading.wait(timeout=60) in {0, 141}
    assert err == ""


def test_the_console_at_a_terminal_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """`recount console | head -1` typed at a terminal: stdin is the terminal, so each check
    is written after the reader has gone; the console stops at the first such write."""
    terminal, its_side = pty.openpty()
    reading = _piped("console", tmp_path, stdin=its_side)
    assert reading.stdout is not None and reading.stderr is not None
    assert reading.stdout.readline().startswith("recount console")
    reading.stdout.close()
    with os.fdopen(terminal, "wb", buffering=0) as typing:
        typing.write(f"{CHECK}\n".encode())
        err = reading.stderr.read()
        assert reading.wait(timeout=60) == 141
    assert err == ""


def test_scan_of_a_results_service_response() -> None:
    """`recount scan FILE.json`: the stored South Dakota response read as a user runs it."""
    from ..handlers.results.fixtures import need
    from ..handlers.results.test_totalvote import SD_HOUSE, SD_TURNOUT

    records = json.loads(need(SD_HOUSE).read_bytes())["d"]
    done = recount("scan", str(SD_HOUSE), "--today", "2024-11-20")
    assert (done.returncode, done.stderr) == (0, "")
    assert "another state's results (South Dakota's service" in done.stdout
    assert "unofficial" in done.stdout and "Partial readings: no verdict (1)" in done.stdout
    report = json.loads(recount("scan", str(SD_HOUSE), "--json").stdout)
    (contest,) = report["contests"]
    assert contest["total_votes"] == sum(r["calcCandidateVotes"] for r in records)
    assert contest["verdict"] is None and report["files"][0]["format"] == "totalvote-precinct"
    rows = recount("scan", str(SD_HOUSE), "--csv").stdout.splitlines()
    assert len(rows) == 2 and ",partial," in rows[1]
    refused = recount("scan", str(need(SD_TURNOUT)))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "TurnoutData" in refused.stderr


def test_sigterm_ends_a_watch_at_once_while_a_server_trickles(tmp_path: Path) -> None:
    results = ResultsServer()
    # one byte every 0.5 s: 50 s for the file, and never a socket timeout
    results.files["/slow.csv"] = Served(TABLE % (900, 890), trickle_s=0.5)
    db = f"sqlite:///{tmp_path / 'watch.db'}"
    try:
        watching = subprocess.Popen(
            [sys.executable, "-m", "bot", "watch", results.url("/slow.csv"), "--db", db],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert watching.stdout is not None
        assert watching.stdout.readline().startswith("Watching http://127.0.0.1:")
        out, err, took = sigterm_mid_trickle(watching, results)
    finally:
        results.stop()
    assert watching.returncode == 0 and took < 5.0, err
    assert "stopped (watch 1, every 5 min)" in err and "Traceback" not in err
    assert "could not be read" not in out + err  # the cut round records no failure
    listed = recount("watch", "list", "--db", db)
    assert "not running now" in listed.stdout
