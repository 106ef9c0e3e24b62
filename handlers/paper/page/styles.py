"""The type every paper is set in: one set of paragraph styles (STYLES), a paragraph in the
font that prints every character of it, and the whole set a size smaller where a paper must
fit its page (`type_scale`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from handlers.paper.page.fonts import shown, style_for

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


# The type's size, as a share of STYLES' (1.0 unless a paper sets it smaller: type_scale).
_scale: ContextVar[float] = ContextVar("scale", default=1.0)


@contextmanager
def type_scale(scale: float) -> Iterator[None]:
    """Sets the paragraphs made inside it at `scale` times STYLES' size (per thread: the bot
    makes PDFs in its pool)."""
    token = _scale.set(scale)
    try:
        yield
    finally:
        _scale.reset(token)


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
