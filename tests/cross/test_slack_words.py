"""Slack words in Slack (issue 35, item 5): every scan and watch message the bot builds from
a real export says the words a clerk types in Slack (seats "TITLE=N", "complete", state
canvass DATE), never a command-line flag: no "--" anywhere a reader sees. So does every
verdict (typed, or a scan's Check) and its work, every modal and every private reply."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from domain import KINDS, Family, Verdict, build_check, check
from domain.readings import RETENTION
from handlers.results import Scan, ScanOptions, scan
from handlers.results.compare import changes_between
from handlers.results.contests import reading_line
from handlers.slack.check.form import form_view
from handlers.slack.check.help import help_message
from handlers.slack.check.print_record import NOT_UPLOADED
from handlers.slack.check.verdict import error_message, verdict_message
from handlers.slack.check.work import work_view
from handlers.slack.home.view import home_view
from handlers.slack.message import SlackMessage
from handlers.slack.metadata import NOT_VERIFIED
from handlers.slack.scan.form import scan_form
from handlers.slack.scan.recount_kit import KIT_NOT_UPLOADED
from handlers.slack.scan.summary import (
    election_question,
    listed_contests,
    scan_error,
    scan_summary,
)
from handlers.slack.watch.messages import changes_message, root_message, source_message
from handlers.syntax import QuickSyntaxError, parse
from handlers.watch.records import Remembered
from handlers.watch.rounds import SWITCHING

from ..builders import question, race, verdict_of
from ..conftest import TODAY
from ..handlers.results.fixtures import county_workbooks
from ..slack_limits import visible_text
from ..workbooks import layout_2024
from .test_slack_limits import EXPORTS, scanned


def seen(message: SlackMessage) -> str:
    """What a reader sees of a message: its blocks, its attachment's table, its notification."""
    return "\n".join(
        [visible_text(message.blocks), visible_text(message.attached_blocks()), message.text]
    )


def every_shape(result: Scan) -> list[SlackMessage]:
    """Each scan and watch message built from one reading: the summary (alone, and after a
    last scan in the DM), the watch's root with its first reading, and its largest round
    (every contest new at once, with a word that a source keeps switching)."""
    changes = changes_between({}, result)
    since = Remembered(datetime(2022, 11, 29, 17, 0), changes)
    return [
        scan_summary(result),
        scan_summary(result, since),
        root_message(["https://example.test/r.xlsx"], 300, "U0CLERK", result, "s"),
        changes_message(changes, result, "Nov 29 10:00", note=SWITCHING),
    ]


@pytest.mark.parametrize(
    ("path", "election", "canvass"), EXPORTS, ids=[p.name for p, *_ in EXPORTS]
)
def test_no_flag_in_any_scan_or_watch_message_of_an_export(
    path: Path, election: str, canvass: date
) -> None:
    for days_after in (-3, 1, 30):  # before the canvass, in the window, after it
        result = scanned(path, election, canvass, days_after)
        for message in every_shape(result):
            assert "--" not in seen(message), message.blocks[0]


def test_no_flag_where_the_scan_asks_most() -> None:
    """A share of the state (20 county workbooks: "complete" is the answer), and the 2024
    layout without any canvass date (its advice is to add the dates)."""
    options = ScanOptions(today=date(2022, 11, 30))
    for files in (county_workbooks()[:20], [(n, layout_2024(d)) for n, d in county_workbooks()]):
        result = scan(files, options)
        for message in every_shape(result):
            assert "--" not in seen(message)
    share = seen(scan_summary(scan(county_workbooks()[:20], options)))
    assert '"complete"' in share  # the word to give, as a Slack message gives it


def test_no_flag_in_the_scans_one_line_answers() -> None:
    assert "--" not in seen(scan_error('--county "x.xlsx=...": no file of that name is scanned'))
    assert "--" not in seen(election_question("results.xlsx", {}))
    assert "--" not in seen(source_message("r.xlsx: give --election primary"))


# --- the single verdict and the modals (issue 35, item 5, for 35a's messages) -------------

_FLAG = re.compile(r"(?<![\w-])--[a-z]")  # "--seats", "--pdf"; never a rule, "1,204 - 1,199"


def seen_view(view: dict[str, Any]) -> str:
    """What a reader sees of a modal: its title and buttons, and every text of its blocks
    (labels, hints, placeholders and options included)."""
    heads = [view[k]["text"] for k in ("title", "submit", "close") if k in view]  # Home: none
    return "\n".join([*heads, visible_text(view["blocks"])])


def verdicts() -> list[Verdict]:
    """Every kind's verdicts as test_verdict.py enumerates them (each outcome its kind can
    reach, without a canvass date, in the window and after it), and the typed shapes with
    words of their own: a nonpartisan primary, a state canvass still to come, a three-way
    race, a signers' petition short."""
    made: list[Verdict] = []
    for kind, info in KINDS.items():
        for canvass in (None, date(2026, 11, 16), date(2026, 11, 1)):
            if info.family is Family.CANDIDATE_RACE:
                made += [race(kind, 1204, 1199, canvass=canvass)]
                made += [race(kind, 5000, 100, canvass=canvass)]
                made += [race(kind, 700, 700, 10, seats=1, canvass=canvass)]
            elif info.family is Family.BALLOT_QUESTION:
                made += [question(kind, 3237, 3250, canvass=canvass, signers=1)]
                made += [question(kind, 3000, 1, canvass=canvass), question(kind, 9, 9)]
            else:
                made.append(check(build_check(kind, {"canvass": canvass}), TODAY))
    for text in (
        "county A 100 B 95 C 94 D 40 seats 1 nonpartisan primary canvass 11/16/2026",
        "state-question yes 100000 no 100100 canvass 11/16/2026",
        "legislature A 4000 B 3990 C 3970 D 1 canvass 11/16/2026",
        "multicounty-question yes 100 no 104 canvass 11/16/2026 state canvass 12/1/2026 signers 3",
        "canvass-error canvass 11/16/2024",
        "canvass-error canvass 5/10/2025",
    ):
        made.append(verdict_of(text, TODAY))
    return made


def test_no_flag_in_any_verdict_or_its_work() -> None:
    for v in verdicts():
        for readings in ((), (reading_line(RETENTION),)):
            message = verdict_message(v, asked_by="U0CLERK", remind="r", readings=readings)
            assert not _FLAG.search(seen(message)), seen(message)
            assert not _FLAG.search(seen_view(work_view(v, readings))), v.inputs


def test_no_flag_in_a_scanned_contests_verdict_or_work() -> None:
    """The verdicts a scan's Check posts, and their work, from the exports that read the
    most (nonpartisan primaries and seats read from titles among them)."""
    for path, election, canvass in EXPORTS:
        for contest in listed_contests(scanned(path, election, canvass)):
            assert contest.verdict is not None
            retention = contest.contest.retention is not None
            readings = (reading_line(RETENTION),) if retention else ()
            said = seen(verdict_message(contest.verdict, readings=readings))
            assert not _FLAG.search(said), said
            work = seen_view(work_view(contest.verdict, readings))
            assert not _FLAG.search(work), work


def test_no_flag_in_any_modal_or_reply() -> None:
    views = [form_view("m"), scan_form("m"), scan_form("m", "general", one_file=True)]
    views += [form_view("m", kind, note="Read as: county office; A 1, B 2") for kind in KINDS]
    views.append(home_view("signed", None, None))
    for view in views:
        assert not _FLAG.search(seen_view(view)), seen_view(view)
    replies = [help_message(), *(error_message(problem, example) for problem, example in _bad())]
    for reply in replies:
        assert not _FLAG.search(seen(reply)), reply.text
    for said in (NOT_UPLOADED, KIT_NOT_UPLOADED, NOT_VERIFIED):
        assert not _FLAG.search(said), said


def _bad() -> list[tuple[str, str | None]]:
    """The private replies to text that does not read as a check: what was wrong, and an
    example that would work."""
    out: list[tuple[str, str | None]] = []
    for text in (
        "county Smith 1204",
        "statewide yes 1 no 2",
        "county Smith 1204 Jones 1199 canvass 13/45",
        "question yes 1 no 2 counties 3",
        "county Smith 1204 Jones 1199 seats 2",
        "legislature A 1 B 2 state canvass soon",
    ):
        try:
            parse(text, TODAY)
        except QuickSyntaxError as error:
            out.append((error.message, error.example))
    assert len(out) == 6  # every one is refused
    return out
