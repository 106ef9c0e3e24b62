"""The verdict as a record for the canvass minutes: one page, a PDF.

Every line comes from `domain.explain` and the `Verdict`, the same fields the text, the Slack
message and the JSON show; this module only lays them out. Type 1 fonts (Helvetica), and DejaVu
(handlers.paper.fonts, shipped) for a page with a name they cannot print.
Output is the same bytes for the same verdict and time (reportlab's invariant mode).
"""

from __future__ import annotations

import io
import re
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

from domain.current_law import Shown
from domain.deadline import long_date
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
    "about": ParagraphStyle("about", parent=_BASE, fontSize=10.5, leading=13.5),
    # the record's body (its candidates and votes, margin, deadline): a size larger than the
    # other papers' "line", which they share and lay out to
    "plain": ParagraphStyle("plain", parent=_BASE, fontSize=10, leading=12.5),
    "entry": ParagraphStyle(
        "entry", parent=_BASE, fontSize=10, leading=12.5, leftIndent=12, bulletIndent=2
    ),
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


def _section(title: str, lines: tuple[str, ...] | list[str], style: str = "line") -> list[Flowable]:
    if not lines:
        return []
    out: list[Flowable] = [paragraph(title, "section")]
    out += [paragraph(line, style, bulletText="\u2022") for line in lines]
    return out


# A source marker of the screens ("[numbering seen]", "[text seen]"): on paper a certainty is
# left unsaid, and a doubt is said in words, as firm as its source and no firmer.
_SURE: Final = re.compile(r"\s*\[(?:numbering |text )?seen\]")
_MARKER: Final = re.compile(r"\s*\[([^\]]+)\]")
_CLOSING: Final = re.compile(r"(?<=\.)\s*\[([^\]]+)\]$")
_TODAYS_CODE: Final = "Today's code ("


def on_paper(line: str, as_of: str) -> str:
    """A screen's line as a record says it, read long after the day checked: no source
    markers (a doubt in parentheses instead), and "Today's code" dated."""
    line = _SURE.sub("", line)
    closing = _CLOSING.search(line)
    if closing is not None:  # after the last sentence: a sentence of its own
        said = closing.group(1)
        line = f"{line[: closing.start()]} {said[0].upper()}{said[1:]}."
    line = _MARKER.sub(r" (\1)", line)
    if line.startswith(_TODAYS_CODE):
        line = f"The code as of {as_of} ({line.removeprefix(_TODAYS_CODE)}"
    return line


def _unrepeated(verdict: Verdict, lines: tuple[str, ...], above: str) -> list[str]:
    """The related lines less those whose section the decision and action above cite."""
    sections = [r.section for r in verdict.related]
    sections += [n.section for n in verdict.current_law if n.shown is Shown.RELATED]
    return [
        line for line in lines if not any(line.startswith(f"{s}:") and s in above for s in sections)
    ]


def record_lines(verdict: Verdict, provenance: Provenance) -> list[tuple[str, list[str]]]:
    """The record's sections and their lines, in order: what the PDF prints (tests and other
    layouts read the same list). As minutes need it: the decision (the headline), what the
    record is about, the action (the summary and who petitions, or what the office does
    next), then the margin and the deadline; dates only, never days counted from the day
    checked; each thing said once."""
    e = explain(verdict)
    as_of = long_date(verdict.today)
    relative = set(e.relative_lines)
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
    action = list(e.petition_lines)
    above = " ".join([e.summary_dated, *action])
    law = [e.edition, *e.current_law]
    return [
        ("headline", [e.headline]),
        ("about", about_lines(verdict.about)),
        ("contest", [e.contest, e.read_as_unlabelled]),  # the headline and "Office:" name it
        ("summary", [e.summary_dated]),
        ("Action" if verdict.to_file else "What follows", [on_paper(x, as_of) for x in action]),
        ("Margin", [on_paper(x, as_of) for x in e.margin_lines]),
        ("Deadline", [on_paper(x, as_of) for x in e.deadline_lines if x not in relative]),
        ("Related", [on_paper(x, as_of) for x in _unrepeated(verdict, e.related_lines, above)]),
        ("The law", [e.citation, *e.quotes, *(on_paper(x, as_of) for x in law)]),
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
            elif name == "contest":  # the candidates and votes: in the body's type, not smaller
                story += [Spacer(1, 3), *(paragraph(line, "plain") for line in lines)]
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
                story += _section(name, lines, "entry")
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
