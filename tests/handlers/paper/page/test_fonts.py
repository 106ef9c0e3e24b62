"""Which font prints a line: the standard fonts where they hold every character, DejaVu Sans
(read from the package) where they do not; a table's cells likewise, bold where bold."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from handlers.paper.page.fonts import cell_fonts, fits, font_for, set_for, shown, style_for
from handlers.paper.page.styles import STYLES


@pytest.mark.parametrize(
    ("text", "standard"),
    [
        ("José Zoë — § · é", True),  # all in Windows-1252
        ("A ≤ B", True),  # written "<="
        ("Nguyễn", False),
        ("Łukasz", False),
        ("Ałnaqiʔ", False),
    ],
)
def test_the_standard_fonts_or_dejavu(text: str, standard: bool) -> None:
    assert fits(text) is standard
    assert font_for(text, "Helvetica") == ("Helvetica" if standard else "DejaVuSansCondensed")
    assert font_for(text, "Helvetica-Bold") == (
        "Helvetica-Bold" if standard else "DejaVuSansCondensed-Bold"
    )


def test_dejavu_is_read_from_the_package_and_holds_the_names() -> None:
    font_for("Nguyễn", "Helvetica")
    font = pdfmetrics.getFont("DejaVuSansCondensed")
    assert isinstance(font, TTFont)
    assert str(font.face.filename).endswith("handlers/paper/page/fonts/DejaVuSansCondensed.ttf")
    for ch in "Nguyễn Łukasz Ałnaqiʔ":
        assert ord(ch) in font.face.charToGlyph, ch


def test_a_style_changes_only_its_font_and_only_where_needed() -> None:
    line = STYLES["line"]
    assert style_for("Smith", line) is line
    wide = style_for("Nguyễn", line)
    assert wide.fontName == "DejaVuSansCondensed"
    assert (wide.fontSize, wide.leading, wide.leftIndent) == (
        line.fontSize,
        line.leading,
        line.leftIndent,
    )
    assert style_for("Łukasz", line) is wide  # made once
    assert style_for("Nguyễn", STYLES["headline"]).fontName == "DejaVuSansCondensed-Bold"


def test_only_the_cells_that_need_it_change_font() -> None:
    rows = [["Precinct", "Nguyễn\ncanvass"], ["Ałnaqiʔ 1", "12"], ["TOTALS", "12"]]
    assert cell_fonts(rows, bold_rows={0, 2}) == [
        ("FONTNAME", (1, 0), (1, 0), "DejaVuSansCondensed-Bold"),
        ("FONTNAME", (0, 1), (0, 1), "DejaVuSansCondensed"),
    ]
    assert shown("≤ → ≥") == "<= -> >="


def test_a_document_with_one_such_line_is_set_in_dejavu_throughout() -> None:
    line, quote = STYLES["line"], STYLES["quote"]
    with set_for(["Smith 1,204", "Nguyễn 1,199"]):
        assert (
            style_for("Smith 1,204", line).fontName == "DejaVuSansCondensed"
        )  # one typeface a page
        assert style_for("(1) If a candidate ...", quote) is quote  # the statute's words in Times
        assert cell_fonts([["Printed name"], ["1"]], bold_rows={0}) == [
            ("FONTNAME", (0, 0), (-1, 0), "DejaVuSansCondensed-Bold"),
            ("FONTNAME", (0, 1), (-1, 1), "DejaVuSansCondensed"),
        ]
    with set_for(["Smith 1,204", "José 1,199"]):
        assert style_for("Smith 1,204", line) is line
    assert style_for("Smith 1,204", line) is line  # outside a document: the line alone decides


def test_the_paper_prints_only_what_shows() -> None:
    # a bidi override, a BOM, a word joiner and a tag letter: dropped, so the standard fonts
    # still print the name and no box or reordered text reaches the page
    name = "\u202eSmith\ufeff\u2060\U000e0041 \x1bJones"
    assert shown(name) == "Smith Jones"
    assert fits(name)
    assert shown("Jones\ncanvass") == "Jones\ncanvass"  # a cell's own line break stays
