"""The recount board's kit (issues 25, 33): for each county of the contest, its board's
13-16-418 certificate (its precincts with their canvass votes and blank columns for the
recount, its subtotals, room for the proceedings, its members' signatures and its election
administrator's seal) and a 13-16-412 tally sheet per precinct. The votes are the rows the
scan sums (handlers.results.precincts); what the law says is domain.recount_board's rows.

Each county's pages are a packet a board can be handed: every page is headed with the contest
and the county and numbered "Page N of M" within its county."""

from __future__ import annotations

import io
from datetime import date
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from domain.about import About
from domain.deadline import long_date
from domain.kinds import KINDS
from domain.recount_board import (
    CERTIFICATE,
    PARTY_BALLOTS,
    PROCEEDINGS,
    SIGNERS,
    TALLY_SHEET,
    copies_rules,
)
from domain.titles import county_label, office_kind, question_kind
from handlers.paper.about import BLANK, about_rows
from handlers.paper.page.fonts import cell_fonts, font_for, set_for, shown, style_for
from handlers.paper.page.numbering import NumberedPages
from handlers.paper.page.styles import paragraph
from handlers.paper.record import Provenance
from handlers.results.precincts import PrecinctRow, PrecinctRows, subtotals

_BLANK: Final = "_" * 30  # a line to sign or write on
_SHORT: Final = "_" * 16
_NAME_WIDTH: Final = 2.6 * inch  # a tally sheet's column of names
_GROUP: Final = 4  # candidates side by side on a certificate: more go in the next group
_PAGE: Final = landscape(LETTER)
_MARGIN: Final = 0.5 * inch
_TOP: Final = 0.85 * inch  # room for the page's heading above the frame
_WIDTH: Final = _PAGE[0] - 2 * _MARGIN
_HEIGHT: Final = _PAGE[1] - _TOP - _MARGIN
_GRID: Final[list[Any]] = [
    ("FONT", (0, 0), (-1, -1), "Helvetica", 7.5),
    ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
]


_CELL: Final = {
    (False, 7.5): ParagraphStyle("kit-cell", fontName="Helvetica", fontSize=7.5, leading=9),
    (True, 7.5): ParagraphStyle("kit-bold", fontName="Helvetica-Bold", fontSize=7.5, leading=9),
    (False, 10): ParagraphStyle("kit-name", fontName="Helvetica", fontSize=10, leading=12),
}


def _cell(text: str, bold: bool = False, size: float = 7.5, width: float = 0) -> Paragraph | str:
    """A table cell that wraps (a long name, a precinct): never printed over its neighbour.
    Where it fits on one line of `width` (less the cell's padding) it is the plain text: a
    kit of 357 precincts sets some 1,800 such cells, and a Paragraph costs ten times more."""
    style = style_for(text, _CELL[bold, size])
    if width and stringWidth(shown(text), style.fontName, size) <= width - 12:
        return shown(text)
    return Paragraph(escape(shown(text)), style)


def _unofficial(rows: PrecinctRows) -> bool:
    """Whether the file says its figures are unofficial (its banner, as the scan reads it:
    "2022 Unofficial General Election Results"): then they are not the official canvass."""
    return "unofficial" in (rows.election or "").casefold()


def _canvass_column(rows: PrecinctRows) -> str:
    """What the certificate's printed votes are: the official canvass's, or the file's
    unofficial figures, never called the canvass's."""
    return "unofficial" if _unofficial(rows) else "canvass"


def is_school(title: str) -> bool:
    """A school election's contest: its recount board is the school recount board."""
    kind = office_kind(title) or question_kind(title).kind
    return kind is not None and KINDS[kind].school


def _county_words(county: str | None) -> str:
    return f"{county} County" if county else f"{BLANK} County"


def _place(rows: PrecinctRows, row: PrecinctRow) -> str:
    """A precinct as the kit names it: with its county where the contest spans counties."""
    return row.place if rows.spans_counties else row.precinct


class _Heading(Flowable):
    """Says which county's packet, and which sheet, the pages from here on belong to: the
    page's heading and its number are drawn from it when the page ends (_KitDocument)."""

    def __init__(self, county: str | None, sheet: str) -> None:
        super().__init__()
        self.county, self.sheet = county, sheet
        self.width = self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        document = getattr(self.canv, "_doctemplate", None)
        if isinstance(document, _KitDocument):
            document.heading = self


class _KitDocument(SimpleDocTemplate):
    """Landscape Letter; heads each page with the contest, the county and the sheet, and
    tells the canvas the page's county so that it numbers the pages of each county apart."""

    def __init__(self, out: io.BytesIO, contest: str, made: str, **options: Any) -> None:
        super().__init__(
            out,
            pagesize=_PAGE,
            leftMargin=_MARGIN,
            rightMargin=_MARGIN,
            topMargin=_TOP,
            bottomMargin=_MARGIN,
            **options,
        )
        self.contest, self.made = contest, made
        self.heading: _Heading | None = None

    def afterPage(self) -> None:
        heading = self.heading
        if heading is None:
            return
        canvas = self.canv
        # the county after the contest, unless its title begins with it ("Cascade County ...")
        named = heading.county is not None and county_label(self.contest)[0] == heading.county
        line = shown(self.contest if named else f"{self.contest} — {_county_words(heading.county)}")
        canvas.setFont(font_for(line, "Helvetica-Bold"), 9)
        canvas.drawString(_MARGIN, _PAGE[1] - 0.45 * inch, line)
        sheet = shown(heading.sheet)
        canvas.setFont(font_for(sheet, "Helvetica"), 8.5)
        canvas.drawString(_MARGIN, _PAGE[1] - 0.62 * inch, sheet)
        canvas.setFont("Helvetica", 7)
        canvas.drawString(_MARGIN, 0.3 * inch, self.made)
        if isinstance(canvas, _NumberedCanvas):
            canvas.packet = heading.county


class _NumberedCanvas(NumberedPages):
    """ "Page N of M" within each county's packet (handlers.paper.page.numbering)."""

    def number(self, page: int, of: int) -> None:
        self.setFont("Helvetica-Bold", 9)
        self.drawRightString(_PAGE[0] - _MARGIN, _PAGE[1] - 0.45 * inch, f"Page {page} of {of}")


def _facts(rows: PrecinctRows, county: str | None, as_of: date) -> list[Flowable]:
    """What the certificate is of, as every paper heads it (handlers.paper.about): the
    county, the election, the party of a primary's nomination, the contest and the day the
    figures were read; then the results read and the recount's date, a blank line where
    the files do not say."""
    kind = rows.kind or office_kind(rows.title)
    about = About(
        as_of=as_of,
        county=county,
        election_type=rows.election_type,
        party=rows.party if rows.election_type == "primary" else None,
        contest=rows.title + (f" — precinct {rows.precinct}" if rows.precinct else ""),
        family=None if kind is None else KINDS[kind].family,
        kind=kind,
    )
    facts = [
        *about_rows(about),
        ("Results read", rows.election or _BLANK),
        ("Date of the recount", _BLANK),
    ]
    cells = [[shown(f"{name}:"), shown(value)] for name, value in facts]
    table = Table(cells, colWidths=[2.0 * inch, _WIDTH - 2.0 * inch], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 9.5),
                ("FONT", (0, 0), (0, -1), "Helvetica-Bold", 9.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("LEFTPADDING", (0, 0), (0, -1), 0),
                *cell_fonts(cells, bold_rows=set()),
            ]
        )
    )
    out: list[Flowable] = [table, Spacer(1, 4)]
    if rows.party_ballots_only:
        out.append(
            paragraph(
                f"This kit is for the {rows.party} party's nomination only: recount only the "
                f"{rows.party} ballots. {PARTY_BALLOTS.line}",
                "summary",
            )
        )
    return out


def _proceedings() -> Table:
    """Room for what 13-16-418(1)(c) has the certificate set out: when and where the board
    convened, who was present, and which candidates or representatives appeared."""
    lines = [
        f"The board convened on (date) {_SHORT} at (time) {_SHORT} at (place) {_BLANK}{_SHORT}",
        f"Members present: {_BLANK}   {_BLANK}   {_BLANK}",
        f"Candidates or their representatives who appeared: {_BLANK}{_BLANK}",
        f"{_BLANK}{_BLANK}{_BLANK}",
    ]
    cells = [[paragraph(f"Proceedings of the board ({PROCEEDINGS.section})", "section")]]
    cells += [[paragraph(line, "line")] for line in lines]
    table = Table(cells, colWidths=[_WIDTH], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.4, colors.grey),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ("TOPPADDING", (0, 1), (-1, -1), 5),
            ]
        )
    )
    return table


def _signatures(rows: PrecinctRows, school: bool) -> list[Flowable]:
    """What the certificate ends with: its copies (13-16-418(1)(d) or (e)), two members'
    signatures, and the administrator's attestation under seal (the district clerk's for a
    school board)."""
    rules = copies_rules(rows.kind, len(rows.counties))
    out: list[Flowable] = [
        paragraph(rule.if_line if len(rules) > 1 else rule.line, "line") for rule in rules
    ]
    attest = (
        f"Attest: {_BLANK}, district clerk"
        if school
        else f"Attest: {_BLANK}, election administrator"
    )
    grid: list[list[Any]] = [
        [paragraph(f"Board member: {_BLANK}   Date: {_SHORT}", "line"), ""],
        [paragraph(f"Board member: {_BLANK}   Date: {_SHORT}", "line"), ""],
        [paragraph(attest, "line"), "" if school else _cell("Seal")],
    ]
    seal = Table(grid, colWidths=[_WIDTH - 1.6 * inch, 1.4 * inch], rowHeights=[24, 24, 40])
    style: list[Any] = [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("ALIGN", (1, 0), (1, -1), "CENTER"),
    ]
    if not school:
        style.append(("BOX", (1, 0), (1, 2), 0.4, colors.grey))  # room for the seal
    seal.setStyle(TableStyle(style))
    if not school:  # the school board's certificate is attested by its clerk (13-16-418(2))
        out += [Spacer(1, 2), paragraph(SIGNERS.line, "small")]
    out.append(seal)
    return out


def _vote_tables(
    rows: PrecinctRows, county: str | None, precincts: list[PrecinctRow], end: list[Flowable]
) -> list[Flowable]:
    """The precincts with each candidate's canvass votes and a blank recount column, four
    candidates to a table (more candidates: the next table, the precincts again), then the
    county's subtotals. `end` (the signatures) is the last table's last row, kept on one page
    with the subtotals and the precincts above them: never a page of its own."""
    spans = rows.spans_counties
    groups = [
        list(range(at, min(at + _GROUP, len(rows.choices))))
        for at in range(0, max(1, len(rows.choices)), _GROUP)
    ]
    sums = subtotals(precincts, len(rows.choices))
    total_words = f"Subtotal, {_county_words(county)}" if spans else "Totals"
    place_width = 2.2 * inch
    out: list[Flowable] = []
    for number, group in enumerate(groups, start=1):
        last = number == len(groups)
        # every table the page's width: the signatures' row spans the last one whole
        width = (_WIDTH - place_width) / (2 * len(group))
        head: list[Any] = [_cell("Precinct", bold=True)]
        under: list[Any] = [""]
        for i in group:
            head += [_cell(rows.choices[i], bold=True), ""]
            under += [_canvass_column(rows), "recount"]
        cells: list[list[Any]] = [head, under]
        for row in precincts:
            line: list[Any] = [_cell(_place(rows, row), width=place_width)]
            for i in group:
                line += [f"{row.votes[i]:,}", ""]
            cells.append(line)
        totals: list[Any] = [_cell(total_words, bold=True)]
        for i in group:
            totals += [f"{sums[i]:,}", ""]
        cells.append(totals)
        style: list[Any] = [
            *_GRID,
            ("FONT", (0, 1), (-1, 1), "Helvetica-Oblique", 7),
            ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 7.5),
            ("ALIGN", (1, 1), (-1, -1), "RIGHT"),  # votes line up by their last digit
            ("BACKGROUND", (0, 0), (-1, 1), colors.whitesmoke),
        ]
        style += [("SPAN", (1 + 2 * k, 0), (2 + 2 * k, 0)) for k in range(len(group))]
        style += cell_fonts(
            [[c if isinstance(c, str) else "" for c in line] for line in cells], set()
        )
        if not last:
            # the totals row never alone at the top of a page, under a header of its own
            style.append(("NOSPLIT", (0, max(2, len(cells) - 3)), (-1, -1)))
        if last:
            cells.append([end] + [""] * (2 * len(group)))
            style += [
                ("SPAN", (0, -1), (-1, -1)),
                ("GRID", (0, -1), (-1, -1), 0, colors.white),
                ("LINEABOVE", (0, -1), (-1, -1), 0.4, colors.grey),
                # the signatures stay with the subtotals and the last precincts above them
                ("NOSPLIT", (0, max(2, len(cells) - 5)), (-1, -1)),
            ]
        table = Table(
            cells,
            colWidths=[place_width] + [width] * (2 * len(group)),
            repeatRows=2,
            hAlign="LEFT",
        )
        table.setStyle(TableStyle(style))
        if len(groups) > 1:
            first, final = group[0] + 1, group[-1] + 1
            heading = paragraph(
                f"Candidates {first}–{final} of {len(rows.choices)}"
                + ("" if last else " (the next candidates follow)"),
                "section",
            )
            # a group's heading never ends a page without its table: the group starts the
            # next page where it fits there whole, else it splits under its heading
            out += [KeepTogether([heading, table]), Spacer(1, 8)]
        else:
            out += [table, Spacer(1, 8)]
    return out


def _certificate(
    rows: PrecinctRows,
    county: str | None,
    precincts: list[PrecinctRow],
    school: bool,
    as_of: date,
) -> list[Flowable]:
    board = "school recount board" if school else f"{_county_words(county)} recount board"
    spread = (
        [
            paragraph(
                f"The files hold the contest in {len(rows.counties)} counties: each county's "
                f"board certifies its own precincts. This certificate is "
                f"{_county_words(county)}'s, with its {len(precincts)} precincts.",
                "summary",
            )
        ]
        if rows.spans_counties
        else []
    )
    return [
        paragraph(f"Certificate of the recount ({CERTIFICATE.section})", "headline"),
        *_facts(rows, county, as_of),
        *spread,
        paragraph(
            f"We, members of the {board}, certify that we recounted the votes for the contest "
            "named above in each precinct listed below, and that the votes by the recount are "
            "as written beside the votes by the official canvass.",
            "summary",
        ),
        *_check_against_canvass(rows),
        _proceedings(),
        Spacer(1, 8),
        *_vote_tables(rows, county, precincts, _signatures(rows, school)),
    ]


def _check_against_canvass(rows: PrecinctRows) -> list[Flowable]:
    """Where the file's figures are unofficial: the certificate sets out each precinct's vote
    by the official canvass (13-16-418(1)(c)), which these are not yet."""
    if not _unofficial(rows):
        return []
    return [
        paragraph(
            f'The votes printed in the "unofficial" columns are the file\'s ({rows.election}), '
            "not the official canvass. Before signing, check each against the official canvass "
            "and write the official figure beside any that differs: the certificate sets out "
            f"each precinct's vote by the official canvass ({PROCEEDINGS.section}).",
            "summary",
        )
    ]


def _tally_sheet(rows: PrecinctRows, row: PrecinctRow) -> list[Flowable]:
    """One precinct's sheet: the candidates, a wide box to tally in, a total each. Rows are
    as tall as the page allows (up to 46 points); past what one page holds, the sheet goes on
    with its header row again, and the page heading names the precinct."""
    n = len(rows.choices)
    height = max(24.0, min(46.0, (_HEIGHT - 120) / max(1, n)))
    grid: list[list[Any]] = [["Candidate or choice", "Tally", "Total"]]
    grid += [[_cell(choice, size=10, width=_NAME_WIDTH), "", ""] for choice in rows.choices]
    grid.append([paragraph(f"Tallied by: {_BLANK}   Checked by: {_BLANK}", "line"), "", ""])
    table = Table(
        grid,
        colWidths=[_NAME_WIDTH, 6.0 * inch, 1.4 * inch],
        rowHeights=[16] + [height] * n + [30],
        repeatRows=1,
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                *_GRID,
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5),
                ("FONT", (0, 1), (0, n), "Helvetica", 10),  # the names, read at arm's length
                ("SPAN", (0, -1), (-1, -1)),
                ("VALIGN", (0, -1), (-1, -1), "BOTTOM"),
                ("NOSPLIT", (0, max(1, n - 1)), (-1, -1)),  # the signers with the last names
                *cell_fonts([[x if isinstance(x, str) else "" for x in r] for r in grid], {0}),
            ]
        )
    )
    party = f"; the {rows.party} ballots only" if rows.party_ballots_only else ""
    return [
        paragraph(f"Tally sheet ({TALLY_SHEET.section})", "headline"),
        paragraph(
            f"Contest: {rows.title}{party}. {_county_words(row.county)}. Precinct: {row.precinct}",
            "summary",
        ),
        table,
    ]


def kit_pdf(rows: PrecinctRows, provenance: Provenance) -> bytes:
    """Each county's certificate, then that county's tally sheets (US Letter, landscape)."""
    lines = [rows.label, *rows.choices, *(r.place for r in rows.rows), rows.election or ""]
    with set_for(lines):
        school = is_school(rows.title)
        story: list[Flowable] = []
        for county in rows.counties:
            precincts = rows.of_county(county)
            if story:
                story.append(PageBreak())
            story += [
                _Heading(county, f"Certificate of the recount ({CERTIFICATE.section})"),
                *_certificate(rows, county, precincts, school, provenance.produced_at.date()),
            ]
            for row in precincts:
                story += [
                    PageBreak(),
                    _Heading(county, f"Tally sheet ({TALLY_SHEET.section}) — {row.precinct}"),
                    *_tally_sheet(rows, row),
                ]
        contest = rows.title + (f" — {rows.party}" if rows.party else "")
        if rows.precinct:
            contest += f" — {rows.precinct}"
        out = io.BytesIO()
        _KitDocument(
            out,
            contest,
            f"Made by recount, {long_date(provenance.produced_at.date())}.",
            title=f"Recount kit: {shown(rows.label)}",
            author="recount",
            invariant=1,
        ).build(story, canvasmaker=_NumberedCanvas)
        return out.getvalue()
