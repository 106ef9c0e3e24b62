"""The papers' type: a paragraph in a font that prints it, at the size a paper sets."""

from __future__ import annotations

import pytest

from handlers.paper.page.styles import STYLES, paragraph, type_scale


def test_a_name_the_standard_fonts_cannot_print_is_set_in_dejavu() -> None:
    assert paragraph("Smith", "line").style.fontName == "Helvetica"
    assert paragraph("Nguyễn", "line").style.fontName == "DejaVuSansCondensed"


@pytest.mark.parametrize("scale", [1.0, 0.92, 0.78])
def test_a_smaller_type_is_every_size_scaled_alike(scale: float) -> None:
    style = STYLES["entry"]
    with type_scale(scale):
        scaled = paragraph("Smith", "entry").style
    assert (scaled.fontSize, scaled.leading) == (style.fontSize * scale, style.leading * scale)
    # and once the paper is set, the next paragraph is in the usual type again
    assert paragraph("Smith", "entry").style.fontSize == style.fontSize
