"""A paper on US Letter: the same bytes for the same story, and its pages counted."""

from __future__ import annotations

import io

import pypdf
from reportlab.lib.units import inch
from reportlab.platypus import PageBreak

from handlers.paper.page.letter import letter_pdf
from handlers.paper.page.styles import paragraph


def test_the_same_story_is_the_same_bytes() -> None:
    first, pages = letter_pdf([paragraph("Smith 1,204", "line")], "A record", inch)
    again, _ = letter_pdf([paragraph("Smith 1,204", "line")], "A record", inch)
    assert first == again and pages == 1


def test_its_pages_are_counted() -> None:
    story = [paragraph("one", "line"), PageBreak(), paragraph("two", "line")]
    pdf, pages = letter_pdf(story, "Two pages", inch)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert pages == len(reader.pages) == 2
    assert reader.pages[0].mediabox.width == 8.5 * 72  # US Letter, in points
    assert reader.metadata is not None and reader.metadata.title == "Two pages"
