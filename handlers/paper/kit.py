"""The recount board's kit (issue 25): the 13-16-418 certificate, one row per precinct with
its canvass votes and blank columns for the recount, and one 13-16-412 tally sheet per
precinct. The votes are the rows the scan sums (handlers.results.precincts)."""

from __future__ import annotations

import io
from typing import Any, Final

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.units import inch
from reportlab.platypus import (
    Flowable,
    PageBreak,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from domain.kinds import KINDS
from domain.titles import office_kind, question_kind
from handlers.paper.fonts import cell_fonts, set_for, shown
from handlers.paper.record import Provenance, paragraph
from handlers.results.precincts import PrecinctRows

_BLANK: Final = "_" * 30  # a line to sign or write on
_GRID: Final[list[Any]] = [
    ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5),
    ("FONT", (0, 1), (-1, -1), "Helvetica", 7.5),
    ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


def is_school(title: str) -> bool:
    """A school election's contest: its recount board is the school recount board."""
    kind = office_kind(title) or question_kind(title).kind
    return kind is not None and KINDS[kind].school


def _certificate(rows: PrecinctRows, school: bool) -> list[Flowable]:
    board = "school recount board" if school else "county recount board"
    head = ["Precinct"]
    for choice in rows.choices:
        head += [f"{choice}\ncanvass", f"{choice}\nrecount"]
    table_rows: list[list[str]] = [head]
    for place, votes in rows.rows:
        line = [place]
        for v in votes:
            line += [f"{v:,}", ""]
        table_rows.append(line)
    totals = ["TOTALS"]
    for v in rows.totals:
        totals += [f"{v:,}", ""]
    table_rows.append(totals)
    width = (10.0 - 1.6) * inch / max(1, 2 * len(rows.choices))
    cells = [[shown(c) for c in r] for r in table_rows]
    table = Table(
        cells,
        colWidths=[1.6 * inch] + [width] * (2 * len(rows.choices)),
        repeatRows=1,
    )
    table.setStyle(
        TableStyle(
            [
                *_GRID,
                ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 7.5),
                ("ALIGN", (1, 1), (-1, -1), "RIGHT"),  # votes line up by their last digit
                *cell_fonts(cells, bold_rows={0, len(cells) - 1}),
            ]
        )
    )
    attest = (
        "Attest: ______________________________, district clerk"
        if school
        else "Attest: ______________________________, election administrator (seal)"
    )
    return [
        paragraph(f"Certificate of the recount (13-16-418) — {rows.title}", "headline"),
        paragraph(
            f"We, members of the {board}, certify that we recounted the votes for the office or "
            "question named above in each precinct listed, and that the votes by the recount "
            "are as written below beside the votes by the official canvass.",
            "summary",
        ),
        table,
        Spacer(1, 14),
        paragraph("Board member: ______________________________   Date: ______________", "line"),
        Spacer(1, 8),
        paragraph("Board member: ______________________________   Date: ______________", "line"),
        Spacer(1, 8),
        paragraph(attest, "line"),
    ]


def _tally_sheet(rows: PrecinctRows, place: str) -> list[Flowable]:
    grid = [["Candidate or choice", "Tally", "Total"]]
    grid += [[shown(choice), "", ""] for choice in rows.choices]
    table = Table(
        grid,
        colWidths=[2.4 * inch, 5.6 * inch, 1.2 * inch],
        rowHeights=[16] + [46] * len(rows.choices),
    )
    table.setStyle(TableStyle([*_GRID, *cell_fonts(grid, bold_rows={0})]))
    return [
        paragraph(f"Tally sheet (13-16-412) — {rows.title}", "headline"),
        paragraph(f"Precinct: {place}", "summary"),
        table,
        Spacer(1, 12),
        paragraph(f"Tallied by: {_BLANK}   Checked by: {_BLANK}", "line"),
    ]


def kit_pdf(rows: PrecinctRows, provenance: Provenance) -> bytes:
    """The certificate, then a tally sheet per precinct (US Letter, landscape)."""
    with set_for([rows.title, *rows.choices, *(place for place, _ in rows.rows)]):
        school = is_school(rows.title)
        story: list[Flowable] = _certificate(rows, school)
        for place, _votes in rows.rows:
            story += [PageBreak(), *_tally_sheet(rows, place)]
        story += [
            Spacer(1, 8),
            paragraph(f"Made by recount, {provenance.produced_at:%b %d, %Y}.", "small"),
        ]
        out = io.BytesIO()
        SimpleDocTemplate(
            out,
            pagesize=landscape(LETTER),
            leftMargin=0.5 * inch,
            rightMargin=0.5 * inch,
            topMargin=0.5 * inch,
            bottomMargin=0.5 * inch,
            title=f"Recount kit: {shown(rows.title)}",
            author="recount",
            invariant=1,
        ).build(story)
        return out.getvalue()
