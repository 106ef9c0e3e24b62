"""`recount watch` as an operator runs it: a folder of county workbooks, round after round."""

from __future__ import annotations

import io
import json
import re
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from bot.cli import main
from bot.store import rows
from bot.store.backend import Store
from bot.store.database import open_database
from bot.store.models import Watch

from ...workbooks import add_votes
from ..results.fixtures import COUNTY_WORKBOOKS, need

CASCADE = "CTYALL Results(7).xlsx"  # Cascade County: its clerk and recorder, 30 votes apart
OPTIONS = ("--canvass", "2022-11-28", "--today", "2022-11-30")
UNREAD = (
    "recount watch: nothing was read this round: 1 source could not be read, so no contest "
    "was compared:\n"
)


def recount(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["watch", *args], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    where = tmp_path / "results"
    where.mkdir()
    shutil.copy(need(COUNTY_WORKBOOKS) / CASCADE, where / CASCADE)
    return where


def change_workbook(folder: Path, column: str, delta: int) -> None:
    path = folder / CASCADE
    original = need(COUNTY_WORKBOOKS) / CASCADE
    path.write_bytes(add_votes(original.read_bytes(), "CLERK AN", column, delta))


def test_once_twice_prints_exactly_the_changes_and_then_nothing(folder: Path) -> None:
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    assert (status, err) == (0, "")
    assert out.startswith("Scanned 1 file (sos-county-workbook)")  # the first reading
    # the winner gains 60: 90 of 28,692 is over 71 (1/400) and within 143 (1/200)
    change_workbook(folder, "D", 60)
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("1 change since ")
    # what was read, and when: the banner of the file the change was found in
    assert lines[1] == (
        "Read CTYALL Results(7).xlsx: 2022 Unofficial General Election Results; Precincts 307 "
        "of 307 Reporting; downloaded 11/23/2022 10:16:06 AM."
    )
    assert lines[2].startswith("The figures are unofficial")
    assert lines[3].startswith("Moved to the 13-16-211 bond band — Cascade County CLERK AND")
    assert "margin 90 (margin 30 before, the recount band)" in " ".join(out.split())
    assert "Check it: recount check" in out
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    # nothing changed: nothing scanned again, and one line says so, with what was read when
    assert (status, err) == (0, "")
    assert re.fullmatch(
        r"No change since \w{3} \w{3} \d+, \d+:\d\d [ap]\.m\. M[SD]T: 1 file read at .* "
        r"\(watch 1\)\.\n",
        out,
    ), out


def test_a_changed_file_that_moves_no_contest_says_so(folder: Path) -> None:
    recount(str(folder), "--once", *OPTIONS)
    change_workbook(folder, "D", 1)  # 31: still in the recount band -> a margin change
    _, out, _ = recount(str(folder), "--once", *OPTIONS)
    assert "Margin moved — Cascade County CLERK AND RECORDER" in " ".join(out.split())
    # a precinct of another contest far outside the bands: a change of bytes, not of band
    path = folder / CASCADE
    path.write_bytes(add_votes(path.read_bytes(), "UNITED STATES REPRESENTAT", "C", 3))
    _, out, _ = recount(str(folder), "--once", *OPTIONS)
    assert out.startswith("No contest changed band or leader since ")


def test_json_lines_and_the_history(folder: Path) -> None:
    recount(str(folder), "--once", "--json", *OPTIONS)
    change_workbook(folder, "C", 40)  # the loser gains 40: leads by 10
    status, out, _ = recount(str(folder), "--once", "--json", *OPTIONS)
    (line,) = out.splitlines()
    change = json.loads(line)
    assert change["change"] == "leader"
    assert change["before"]["leader"] == ["SANDRA MERCHANT"]
    assert change["after"]["leader"] == ["RINA FONTANA MOORE"]
    # which watch, which files, which county, and when (Montana time, with its offset)
    assert (change["watch"], change["files"], change["county"]) == (1, [CASCADE], "Cascade")
    assert change["contest_files"] == [CASCADE]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?-0[67]:00", change["read_at"])
    status, out, _ = recount("--history")
    assert status == 0 and "· watch 1 · Leader changed — Cascade County CLERK" in out
    status, out, _ = recount("--history", "1", "--json")
    assert json.loads(out.splitlines()[0])["change"] == "leader"


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["/nowhere/at/all.xlsx", "--once"], "/nowhere/at/all.xlsx: no such file or folder"),
        (["ftp://results.example/x.xlsx", "--once"], "not a file, a folder or an http(s)"),
        (["--once"], "name at least one file, folder or URL to watch"),
        ([".", "--every", "10s"], "is too often"),
        ([".", "--db", "nonsense://x"], "the database"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], why: str) -> None:
    status, out, err = recount(*args)
    assert (status, out) == (2, "")
    assert why in err and err.count("\n") == 1 and err.startswith("error: ")


def test_an_unreachable_database_is_one_line(folder: Path) -> None:
    status, _, err = recount(
        str(folder), "--once", "--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"
    )
    assert status == 2 and err.startswith("error: the database postgresql+psycopg://nobody@")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_same_words_in_another_folder_are_another_watch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("here", "there"):
        (tmp_path / name / "results").mkdir(parents=True)
        shutil.copy(need(COUNTY_WORKBOOKS) / CASCADE, tmp_path / name / "results" / CASCADE)
    monkeypatch.chdir(tmp_path / "here")
    status, out, _ = recount("results", "--once", *OPTIONS)
    assert status == 0 and out.startswith("Scanned 1 file")
    monkeypatch.chdir(tmp_path / "there")
    status, out, _ = recount("results", "--once", *OPTIONS)
    assert status == 0 and out.startswith("Scanned 1 file")  # a new watch: its first reading
    # the same folder by its absolute path is the same watch as "results" typed in it
    status, out, _ = recount(str(tmp_path / "there" / "results"), "--once", *OPTIONS)
    assert not out.startswith("Scanned")
    _, history, _ = recount("--history")
    assert "watch 2" not in history or "Leader changed" not in history


def test_adding_the_canvass_date_keeps_the_watch_and_reports_what_it_changes(
    folder: Path,
) -> None:
    # rounds without the canvass date, then with it, on a day its window has closed
    status, out, _ = recount(str(folder), "--once", "--today", "2022-11-30")
    assert status == 0 and out.startswith("Scanned 1 file")
    status, out, _ = recount(str(folder), "--once", "--today", "2022-11-30")
    assert status == 0 and not out.startswith("Scanned")
    # the canvass date added: the same watch, the setting said once, and the outcome it
    # changes (no deadline -> a deadline that has passed by Jan 30) reported as a change
    later = ("--canvass", "2022-11-28", "--today", "2023-01-30")
    status, out, _ = recount(str(folder), "--once", *later)
    assert status == 0 and not out.startswith("Scanned 1 file")  # never the first report again
    lines = out.splitlines()
    assert lines[0] == "Watch 1: canvass date set: deadlines now count from Mon Nov 28, 2022."
    assert any(line.startswith("Outcome changed — Cascade County CLERK") for line in lines[1:])
    assert "deadline passed (recount available before)" in " ".join(out.split())
    status, out, _ = recount(str(folder), "--once", *later)
    assert "canvass date set" not in out  # said once


def test_a_stray_file_in_the_folder_is_skipped_and_changes_still_reported(folder: Path) -> None:
    (folder / "canvass board phone list.csv").write_text("name,phone\nAnn,555-0100\n")
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    assert status == 0
    assert (
        "Skipped 1 file in the folder that is not results: canvass board phone list.csv: not a "
        "results file." in out.splitlines()
    )
    change_workbook(folder, "D", 60)  # into the bond band: reported, not silenced
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    assert status == 0 and "Moved to the 13-16-211 bond band — Cascade County CLERK" in out
    assert "phone list" not in err  # named once, in the first report


def test_a_half_written_workbook_is_tried_again_and_named_by_each_once_run(folder: Path) -> None:
    recount(str(folder), "--once", *OPTIONS)
    whole = (folder / CASCADE).read_bytes()
    (folder / CASCADE).write_bytes(whole[: len(whole) // 2])  # a download in progress
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    # nothing was compared: exit 1, the file named with why, and never "No change"
    assert status == 1 and out == ""
    assert err == UNREAD + (
        f"  {CASCADE}: cannot be read now; it may still be downloading: trying again next round\n"
    )
    (folder / CASCADE).write_bytes(whole[: len(whole) // 2 + 10])  # still writing
    status, out, again = recount(str(folder), "--once", *OPTIONS)
    assert (status, out, again) == (1, "", err)  # each --once run says why it read nothing
    change_workbook(folder, "D", 60)  # whole again, with new votes
    status, out, err = recount(str(folder), "--once", *OPTIONS)
    assert "readable again" in err
    assert "Moved to the 13-16-211 bond band — Cascade County CLERK" in out


def test_the_history_speaks_when_it_has_nothing_and_refuses_an_unknown_watch(
    folder: Path,
) -> None:
    status, out, _ = recount("--history")
    assert (status, out) == (0, "No change recorded for any watch yet.\n")
    recount(str(folder), "--once", *OPTIONS)
    status, out, _ = recount("--history", "1")
    assert (status, out) == (0, "No change recorded for watch 1 yet.\n")
    status, out, err = recount("--history", "7")
    assert (status, out) == (2, "")
    assert err == "error: there is no watch 7 (recount watch list)\n"
    status, out, err = recount("stop", "7")
    assert status == 2 and "there is no watch 7 here" in err
    # "²" is a digit to str.isdigit but no number to int(): asked for, never a crash
    status, _, err = recount("--history", "²")
    assert status == 2 and "give a watch's number" in err
    status, _, err = recount("stop", "²")
    assert status == 2 and "give a watch's number" in err


def test_an_empty_folder_starts_no_watch_and_a_bare_number_is_asked(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    status, out, err = recount(str(empty), "--once")
    assert (status, out) == (2, "")
    assert err == f"error: {empty}: a folder with no .xlsx, .csv or .json file in it\n"
    status, out, _ = recount("list")
    assert out == "No watch has been started here (recount watch SOURCE...).\n"
    status, _, err = recount(str(empty), "--every", "5")
    assert status == 2 and '"5" has no unit: write 5m for minutes or 5s' in err


def test_a_postgres_url_without_its_driver_is_told_what_to_write(folder: Path) -> None:
    status, _, err = recount(str(folder), "--once", "--db", "postgres://u:secret@db/recount")
    assert status == 2
    assert "write PostgreSQL's URL as postgresql+psycopg://" in err and "secret" not in err


def test_a_removed_file_is_one_line_naming_it(folder: Path) -> None:
    second = "CTYALL Results(3).xlsx"
    shutil.copy(need(COUNTY_WORKBOOKS) / second, folder / second)
    recount(str(folder), "--once", *OPTIONS)
    (folder / second).unlink()
    status, out, _ = recount(str(folder), "--once", *OPTIONS)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"No longer read: {second} (") and "went with it)." in lines[0]
    assert "No longer in the reading" not in out


def test_a_canvass_week(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The week watch.md's issue played: two offices each with a `results` folder, the canvass
    date added, a stray spreadsheet, a half-written download, a tie, a file taken away. Every
    line printed is asserted, and the history holds only what happened."""
    other = "CTYALL Results(3).xlsx"
    for office in ("county", "state"):
        where = tmp_path / office / "results"
        where.mkdir(parents=True)
        for name in (CASCADE, other):
            shutil.copy(need(COUNTY_WORKBOOKS) / name, where / name)
    today = ("--today", "2022-11-30")
    monkeypatch.chdir(tmp_path / "county")
    # Monday: the county office starts its watch by a relative path: the first report
    status, out, err = recount("results", "--once", *today)
    assert (status, err) == (0, "") and out.startswith("Scanned 2 files (sos-county-workbook)")
    # the state office types the same words in its own folder: another watch, its own report
    monkeypatch.chdir(tmp_path / "state")
    status, out, _ = recount("results", "--once", *today)
    assert status == 0 and out.startswith("Scanned 2 files")
    monkeypatch.chdir(tmp_path / "county")
    # Tuesday: the canvass date is added: the same watch, said once; nothing else moved
    status, out, err = recount("results", "--once", "--canvass", "2022-11-28", *today)
    lines = out.splitlines()
    assert (status, err) == (0, "")
    assert lines[0] == "Watch 1: canvass date set: deadlines now count from Mon Nov 28, 2022."
    assert lines[1].startswith("No contest changed band or leader since ")
    assert lines[2].startswith("Read 2 files: 2022 Unofficial General Election Results")
    assert lines[3].startswith("The figures are unofficial") and len(lines) == 4
    week = ("--canvass", "2022-11-28", *today)
    # Wednesday: a phone list lands in the folder: named once, the rest still read
    (tmp_path / "county" / "results" / "canvass board phone list.csv").write_text(
        "name,phone\nAnn,555-0100\n"
    )
    status, out, err = recount("results", "--once", *week)
    assert err == ("recount watch: canvass board phone list.csv: not a results file: skipped\n")
    assert out.startswith("No contest changed band or leader since ")
    # Thursday: a download caught half-written: said once, tried again
    path = tmp_path / "county" / "results" / CASCADE
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 3])
    status, out, err = recount("results", "--once", *week)
    assert (status, out) == (1, "")
    assert err == UNREAD + (
        f"  {CASCADE}: cannot be read now; it may still be downloading: trying again next round\n"
    )
    # Friday: the download whole again, and the clerk and recorder's race now tied
    path.write_bytes(add_votes(whole, "CLERK AN", "C", 30))
    status, out, err = recount("results", "--once", *week)
    assert err.endswith(f"{CASCADE}: readable again\n") and err.count("\n") == 1
    lines = out.splitlines()
    assert lines[0].startswith("1 change since ")
    assert lines[1].startswith("Read 2 files: 2022 Unofficial General Election Results")
    assert lines[2].startswith("The figures are unofficial")
    assert " ".join(" ".join(lines[3:5]).split()) == (
        "Now tied — Cascade County CLERK AND RECORDER/AUDITOR/SURVEYOR: 14,331 each (SANDRA "
        "MERCHANT led by 30): recounted as if petitioned"
    )
    # Saturday: the other county's file taken away: one line naming it
    (tmp_path / "county" / "results" / other).unlink()
    status, out, _ = recount("results", "--once", *week)
    assert out.splitlines()[0].startswith(f"No longer read: {other} (")
    # the history: the tie, and the contests gone with the file; nothing that did not happen
    _, history, _ = recount("--history", "1")
    said = [line.split(" · ", 2)[2] for line in history.splitlines()]
    assert said[0].startswith("Now tied — Cascade County CLERK AND RECORDER")
    assert all(line.startswith("No longer in the reading") for line in said[1:]), said
    _, state_history, _ = recount("--history", "2")
    assert state_history == "No change recorded for watch 2 yet.\n"


@pytest.mark.slow
def test_the_last_county_arriving_is_coverage_not_a_change_of_leader(tmp_path: Path) -> None:
    """Issue 31: 55 county workbooks watched, then the 56th added. The statewide contests were
    county shares and are whole now; none was ever tied and none changed leader."""
    where = tmp_path / "results"
    where.mkdir()
    paths = sorted(need(COUNTY_WORKBOOKS).glob("*.xlsx"))
    for path in paths[:55]:
        shutil.copy(path, where / path.name)
    status, first, _ = recount(str(where), "--once", *OPTIONS)
    assert status == 0 and first.startswith("Scanned 55 files")
    shutil.copy(paths[55], where / paths[55].name)
    status, out, err = recount(str(where), "--once", *OPTIONS)
    assert (status, err) == (0, "")
    assert "Leader changed" not in out and "a tie before" not in out
    flat = " ".join(out.split())
    whole = re.search(r"Now whole: (\d+) contests with a verdict that had none before", flat)
    assert whole is not None and int(whole.group(1)) > 50, out
    # the 56th county's own contests are new, each in its own line
    assert all(line.startswith(("New contest — ", "  ")) for line in out.splitlines()[3:-2]), out
    status, json_out, _ = recount(str(where), "--once", "--json", *OPTIONS)  # nothing new
    assert status == 0 and json_out == ""


@pytest.mark.slow
def test_turning_complete_on_is_coverage_not_a_change_of_leader(tmp_path: Path) -> None:
    where = tmp_path / "results"
    where.mkdir()
    for path in sorted(need(COUNTY_WORKBOOKS).glob("*.xlsx"))[:55]:
        shutil.copy(path, where / path.name)
    recount(str(where), "--once", *OPTIONS)
    status, out, err = recount(str(where), "--once", "--complete", *OPTIONS)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Watch 1: complete now on."
    assert "Leader changed" not in out
    assert re.search(r"Now whole: \d+ contests", " ".join(out.split())), out
    # and back off: the contests lose their verdict, said in one line, never as a leader
    status, out, _ = recount(str(where), "--once", *OPTIONS)
    assert "Leader changed" not in out
    assert re.search(r"No verdict now: \d+ contests that had one before", " ".join(out.split()))


def test_a_file_switching_between_two_readings_is_printed_once_with_a_word(folder: Path) -> None:
    recount(str(folder), "--once", *OPTIONS)
    printed = []
    for delta in (60, 0, 60, 0, 60):  # B, A, B, A, B: the winner's 60 votes come and go
        change_workbook(folder, "D", delta)
        status, out, err = recount(str(folder), "--once", *OPTIONS)
        assert (status, err) == (0, "")
        printed.append(out)
    assert all(out.startswith("1 change since ") for out in printed[:3])
    assert ["keeps switching between two readings" in out for out in printed[:3]] == [
        False,
        False,
        True,
    ]
    assert printed[3:] == ["", ""]  # the same two again: not printed again
    status, out, _ = recount(str(folder), "--history", "1")
    assert len(out.splitlines()) == 5  # the history keeps every switch
    change_workbook(folder, "C", 140)  # a third reading: the loser leads
    status, out, _ = recount(str(folder), "--once", *OPTIONS)
    assert out.startswith("1 change since ") and "switching" not in out


def test_two_terminals_starting_one_watch_at_once_print_its_reading_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both look for the watch before either makes it (held at a barrier there): the
    database keeps one running watch of these sources, so one terminal reads it and the
    other is told it is being read, instead of two watches printing every change twice."""
    # generous: a barrier waits only as long as the slower terminal takes to reach it, and
    # beside another suite (load average 8 on 2 cores) that took more than 10 s
    both_looked = threading.Barrier(2, timeout=90)

    class Racing(Session):
        def flush(self, objects: Any = None) -> None:
            if any(isinstance(o, Watch) for o in self.new):
                both_looked.wait()  # each has found no watch and is about to insert one
            super().flush(objects)

    db = f"sqlite:///{tmp_path / 'watch.db'}"
    open_database(db).dispose()  # made (and migrated) before: the race is the watch's
    monkeypatch.setattr(rows, "Session", Racing)
    said: list[tuple[int, str, str]] = []
    terminals = [
        threading.Thread(target=lambda: said.append(recount(str(folder), "--once", "--db", db)))
        for _ in range(2)
    ]
    for terminal in terminals:
        terminal.start()
    for terminal in terminals:
        terminal.join(timeout=180)
    assert sorted(status for status, _, _ in said) == [0, 2], said
    assert sum(out.startswith("Scanned 1 file") for _, out, _ in said) == 1
    assert any("watch 1 is being read by another recount watch" in err for _, _, err in said)
    assert [w.id for w in Store(open_database(db)).running()] == [1]
