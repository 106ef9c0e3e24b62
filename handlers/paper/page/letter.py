"""A paper on US Letter: the story laid out on portrait pages, the same bytes for the same
story (reportlab's invariant mode)."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, SimpleDocTemplate


def letter_pdf(story: list[Flowable], title: str, side_margin: float) -> tuple[bytes, int]:
    """The PDF, and how many pages it has (a paper that must fit one page tries again)."""
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
