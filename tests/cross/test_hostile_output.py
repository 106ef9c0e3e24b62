"""A results file whose titles, names and file name are hostile (issue 32): spreadsheet
formulas, terminal escapes, bidi overrides, invisible characters. Whatever surface shows the
scan (the terminal's text, CSV and JSON, the Slack summary, a contest's verdict and its
working, a watch's changes) shows none of those characters, and no text cell of the CSV
starts a formula."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import main
from handlers.results import Scan, ScanOptions, scan, scan_csv, scan_text
from handlers.results.compare import changes_between, readings_of
from handlers.results.render_csv import FORMULA_STARTS
from handlers.slack.check.verdict import verdict_message
from handlers.slack.check.work import work_view
from handlers.slack.scan.summary import scan_summary
from handlers.slack.watch.messages import changes_message

from ..domain.test_plain_text import HOSTILE, forbidden

TODAY = date(2022, 11, 30)
CANVASS = date(2022, 11, 28)
FILE_NAME = "=HYPERLINK(\u202e.csv"
# OWASP's examples and the characters the issue names, in titles and names
FORMULAS = ['=HYPERLINK("http://x","click")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "＝1+1"]


def hostile_rows() -> list[str]:
    hidden = "".join(HOSTILE[1:])  # NUL aside: a file holding one is refused as binary
    return [
        "contest,choice,votes,kind",
        f'"{FORMULAS[0].replace(chr(34), chr(34) * 2)}",{FORMULAS[2]},1204,county',
        f'"{FORMULAS[0].replace(chr(34), chr(34) * 2)}",{FORMULAS[1]},1199,county',
        f"\u202eevil{hidden}Sheriff,{FORMULAS[4]},100,county",
        f"\u202eevil{hidden}Sheriff,{FORMULAS[3]},95,county",
        f"Coroner\x1b[2J,Lee{hidden},700,county",  # a name no check takes: needs a person
        "Coroner\x1b[2J,Ames,690,county",
        f"{hidden}=1+1,\t=cmd,5,",  # no kind: needs a person
        f'{hidden}=1+1,"\r@x",4,',
    ]


def scanned(rows: list[str], name: str = FILE_NAME) -> Scan:
    data = "\n".join(rows).encode()
    return scan([(name, data)], ScanOptions(today=TODAY, canvass=CANVASS))


def shown_strings(value: Any) -> Iterator[str]:
    """Every text Slack shows of a message or view: each "text", "title" and "label"."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and key == "text":
                yield item
            else:
                yield from shown_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from shown_strings(item)


def hidden_in(texts: Iterator[str] | list[str]) -> list[str]:
    return [t for t in texts if any(forbidden(ch, newline_allowed=True) for ch in t)]


def slack_texts(result: Scan) -> list[str]:
    summary = scan_summary(result)
    texts = [summary.text, *shown_strings(summary.blocks)]
    for contest in result.contests:
        if contest.verdict is not None:
            message = verdict_message(contest.verdict)
            texts += [message.text, *shown_strings(message.blocks)]
            texts += shown_strings(work_view(contest.verdict))
    changes = changes_between(readings_of(scanned(hostile_rows()[:3])), result)
    said = changes_message(changes, result, f"the reading of {FILE_NAME}")
    return [*texts, said.text, *shown_strings(said.blocks)]


def test_slack_shows_no_hidden_character_of_a_hostile_file() -> None:
    result = scanned(hostile_rows())
    assert any(c.verdict is not None for c in result.contests)
    assert hidden_in(slack_texts(result)) == []


def test_the_terminal_shows_no_hidden_character_of_a_hostile_file(tmp_path: Path) -> None:
    path = tmp_path / "=cmd\u202e.csv"
    path.write_text("\n".join(hostile_rows()), encoding="utf-8")
    for option in ("--csv", "--json", "--all"):
        out, err = io.StringIO(), io.StringIO()
        status = main(
            ["scan", str(path), "--canvass", "11/28/2022", "--today", "2022-11-30", option],
            out,
            err,
        )
        assert status == 0, err.getvalue()
        assert hidden_in([out.getvalue(), err.getvalue()]) == []
    assert hidden_in([scan_text(scanned(hostile_rows()), show_all=True)]) != []  # as read


def csv_cells(result: Scan) -> list[list[str]]:
    return list(csv.reader(io.StringIO(scan_csv(result))))[1:]


def starts_a_formula(cell: str) -> bool:
    first = cell.lstrip()[:1]
    return first != "" and first in FORMULA_STARTS


def test_no_cell_of_a_hostile_files_csv_runs_or_hides() -> None:
    rows = csv_cells(scanned(hostile_rows()))
    assert len(rows) == 4
    cells = [cell for row in rows for cell in row]
    assert [c for c in cells if starts_a_formula(c)] == []
    assert hidden_in(cells) == [] and not any("\n" in c for c in cells)
    # what a spreadsheet shows: the formula as text, behind its quote
    assert "'" + FORMULAS[0] in cells and "'" + FILE_NAME.replace("\u202e", "") in cells


hostile_piece = st.one_of(
    st.sampled_from([*FORMULAS, *HOSTILE[1:], " ", "\t", "Smith"]),
    st.text(min_size=1, max_size=8),
)
hostile_name = (
    st.lists(hostile_piece, min_size=1, max_size=4)
    .map("".join)
    .filter(lambda s: s.strip() and not set(s) & set(',"\n\r\x00'))
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=hostile_name, first=hostile_name, second=hostile_name)
def test_any_title_or_name_reaches_every_surface_visible(
    title: str, first: str, second: str
) -> None:
    result = scanned(
        [
            "contest,choice,votes,kind",
            f"{title},{first},1204,county",
            f"{title},{second},1199,county",
        ],
        name=f"{title}.csv",
    )
    assert hidden_in(slack_texts(result)) == []
    cells = [cell for row in csv_cells(result) for cell in row]
    assert [c for c in cells if starts_a_formula(c)] == []
    assert hidden_in(cells) == []
