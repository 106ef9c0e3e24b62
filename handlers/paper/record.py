"""The verdict as a record for the canvass minutes: one page, a PDF (issue 25).

Every line comes from `domain.explain` and the `Verdict`, the same fields the text, the Slack
message and the JSON show; this module only lays them out. Type 1 fonts (Helvetica, no font
file shipped): every character we print is in their encoding but the few mapped below.
Output is the same bytes for the same verdict and time (reportlab's invariant mode).
"""

from __future__ import annotations

import io
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer

from domain.explain import NOT_LEGAL_ADVICE, explain
from domain.verdict import Verdict
from handlers.paper.about import about_lines
from handlers.paper.fonts import set_for, shown, style_for


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who asked and what was read: the record's last lines."""

    produced_at: datetime  # Montana time, with its zone
    asked_by: str | None = None  # a Slack user's name or id, where asked in Slack
    source: str | None = None  # the results file a scan read, where it came from one
    downloaded: str | None = None  # that file's "Downloaded at", where its banner says it


_BASE: Final = ParagraphStyle("base", fontName="Helvetica", fontSize=9, leading=11.5)
STYLES: Final = {
    "headline": ParagraphStyle(
        "headline", parent=_BASE, fontName="Helvetica-Bold", fontSize=15, leading=19, spaceAfter=4
    ),
    "summary": ParagraphStyle("summary", parent=_BASE, fontSize=10.5, leading=13, spaceAfter=4),
    "section": ParagraphStyle(
        "section", parent=_BASE, fontName="Helvetica-Bold", fontSize=10, spaceBefore=6, spaceAfter=1
    ),
    "line": ParagraphStyle("line", parent=_BASE, leftIndent=12, bulletIndent=2),
    "quote": ParagraphStyle(
        "quote",
        parent=_BASE,
        fontName="Times-Roman",
        fontSize=9.5,
        leftIndent=18,
        rightIndent=18,
        spaceBefore=2,
        spaceAfter=4,
    ),
    "about": ParagraphStyle("about", parent=_BASE, fontSize=10, leading=13),
    "small": ParagraphStyle("small", parent=_BASE, fontSize=8, leading=10, alignment=TA_LEFT),
}


# The record's type size, as a share of STYLES': smaller only where a long record (the bond
# band's, with names of 60 characters) would run onto a second page.
_scale: ContextVar[float] = ContextVar("scale", default=1.0)
_SCALES: Final = (1.0, 0.92, 0.85, 0.78)


def paragraph(text: str, style: str, **options: Any) -> Paragraph:
    """One paragraph of the paper, in a font that prints every character of it (fonts.py)."""
    return Paragraph(escape(shown(text)), style_for(text, _scaled(style, _scale.get())), **options)


@cache  # a handful of styles at a handful of sizes
def _scaled(name: str, scale: float) -> ParagraphStyle:
    style = STYLES[name]
    if scale == 1.0:
        return style
    return ParagraphStyle(
        f"{name}-{scale}",
        parent=style,
        fontSize=style.fontSize * scale,
        leading=style.leading * scale,
        spaceBefore=style.spaceBefore * scale,
        spaceAfter=style.spaceAfter * scale,
    )


def _section(title: str, lines: tuple[str, ...] | list[str]) -> list[Flowable]:
    if not lines:
        return []
    out: list[Flowable] = [paragraph(title, "section")]
    out += [paragraph(line, "line", bulletText="\u2022") for line in lines]
    return out


def record_lines(verdict: Verdict, provenance: Provenance) -> list[tuple[str, list[str]]]:
    """The record's sections and their lines, in order: what the PDF prints (tests and other
    layouts read the same list)."""
    e = explain(verdict)
    deadline = list(e.deadline_lines)
    d = verdict.deadline
    if d is not None and d.readings_differ:
        # both readings with their steps: the 1-1-307 one is the text's "How:" line
        deadline.append(f"Safe reading: {d.trace(safe=True)}")
    at = provenance.produced_at
    half = "a.m." if at.hour < 12 else "p.m."
    asked = [f"Produced {at:%a %b} {at.day}, {at:%Y}, {at.hour % 12 or 12}:{at:%M} {half} {at:%Z}."]
    if provenance.asked_by:
        asked.append(f"Asked in Slack by {provenance.asked_by}.")
    if provenance.source:
        read = f"From the results file {provenance.source}"
        if provenance.downloaded:
            read += f", downloaded at {provenance.downloaded}"
        asked.append(read + ".")
    asked.append(f"This record is {NOT_LEGAL_ADVICE}: check it with the county attorney.")
    return [
        ("headline", [e.headline]),
        ("about", about_lines(verdict.about)),
        ("contest", [e.contest, e.read_as]),
        ("summary", [e.summary]),
        ("Margin", list(e.margin_lines)),
        ("Deadline", deadline),
        ("Petition", list(e.petition_lines)),
        ("Related", list(e.related_lines)),
        ("The law", [e.citation, *e.quotes, e.edition, *e.current_law]),
        ("record", asked),
    ]


def record_pdf(verdict: Verdict, provenance: Provenance) -> bytes:
    """The record as a PDF (US Letter, one page for a verdict of any outcome): in its usual
    type where that fits one page, else in the largest smaller type that does."""
    sections = record_lines(verdict, provenance)
    for scale in _SCALES:
        token = _scale.set(scale)
        try:
            pdf, pages = _record_pdf(verdict, sections)
        finally:
            _scale.reset(token)
        if pages == 1:
            break
    return pdf


def _record_pdf(verdict: Verdict, sections: list[tuple[str, list[str]]]) -> tuple[bytes, int]:
    with set_for(line for _, lines in sections for line in lines):
        story: list[Flowable] = []
        for name, lines in sections:
            if name == "headline":
                story.append(paragraph(lines[0], "headline"))
            elif name == "about":
                story += [paragraph(line, "about") for line in lines]
            elif name == "contest":
                story += [paragraph(line, "small") for line in lines]
            elif name == "summary":
                story += [Spacer(1, 4), paragraph(lines[0], "summary")]
            elif name == "The law":
                citation, *rest = lines
                story.append(paragraph(f"{name}: {citation}", "section"))
                quotes = rest[: len(verdict.quotes)]
                story += [paragraph(q, "quote") for q in quotes]
                story += [paragraph(line, "small") for line in rest[len(verdict.quotes) :]]
            elif name == "record":
                story.append(Spacer(1, 8))
                story += [paragraph(line, "small") for line in lines]
            else:
                story += _section(name, lines)
        return _letter(story, shown(explain(verdict).headline), side_margin=0.8 * inch)


def letter_pdf(story: list[Flowable], title: str, side_margin: float) -> bytes:
    """A US Letter PDF of `story`: the same bytes for the same story."""
    return _letter(story, title, side_margin)[0]


def _letter(story: list[Flowable], title: str, side_margin: float) -> tuple[bytes, int]:
    """The PDF, and how many pages it has."""
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=LETTER,
        leftMargin=side_margin,
        rightMargin=side_margin,
        topMargin=0.6 * inch,
        bottomMargin=0.6 * inch,
        title=title,
        author="recount",
        invariant=1,  # the same bytes for the same input: no creation time, a fixed id
    )
    document.build(story)
    return out.getvalue(), document.page
