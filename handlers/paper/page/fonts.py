"""The fonts the paper is set in.

The PDF standard fonts (Helvetica, Times) need no file and print every character of
Windows-1252, which holds most names on a Montana ballot. A line holding any other character
(a name such as "Nguyễn" or "Łukasz", a Salish "ʔ") is set in DejaVu Sans Condensed instead
(DejaVu Sans is too wide: the bond band's record ran onto a second page), so a name is printed
as it is written and as Slack and the JSON show it, never with a "?" for a letter the
standard fonts lack. One typeface to a page: a document with any such line is set in
DejaVu throughout (`set_for`), the statute's quoted words aside. DejaVu (the Bitstream Vera
licence: fonts/LICENSE) is read only when such a document comes, and a PDF embeds only the
glyphs it uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from domain.plain_text import visible

_FILES: Final = Path(__file__).parent / "fonts"
_WIDE: Final = {
    "Helvetica": "DejaVuSansCondensed",
    "Times-Roman": "DejaVuSansCondensed",
    "Helvetica-Bold": "DejaVuSansCondensed-Bold",
}
# Signs the standard fonts lack, as plain words that mean the same (in any font: one text).
_PLAIN: Final = str.maketrans({"≤": "<=", "≥": ">=", "→": "->", "\u2009": " "})


def shown(text: str) -> str:
    """The text as the paper prints it: its visible characters (a table cell's line breaks
    kept), in signs the fonts have."""
    return visible(text, newlines=True).translate(_PLAIN)


def fits(text: str) -> bool:
    """Whether the standard fonts print every character of the text."""
    try:
        shown(text).encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


@cache
def _registered() -> None:
    for name in ("DejaVuSansCondensed", "DejaVuSansCondensed-Bold"):
        pdfmetrics.registerFont(TTFont(name, str(_FILES / f"{name}.ttf")))


# Whether the document being set holds a line the standard fonts cannot print (per thread:
# the bot makes PDFs in its pool).
_wide_document: ContextVar[bool] = ContextVar("wide_document", default=False)


@contextmanager
def set_for(texts: Iterable[str]) -> Iterator[None]:
    """Sets a document whose lines are `texts`: in DejaVu throughout if any needs it."""
    token = _wide_document.set(not all(map(fits, texts)))
    try:
        yield
    finally:
        _wide_document.reset(token)


def font_for(text: str, standard: str) -> str:
    """`standard` where it prints the whole text in a document of standard fonts, else its
    DejaVu counterpart; the statute's quote keeps Times wherever Times prints it."""
    if fits(text) and (not _wide_document.get() or standard == "Times-Roman"):
        return standard
    return _dejavu(standard)


def _dejavu(standard: str) -> str:
    """The DejaVu face standing for a standard font, read from the package on first use."""
    _registered()
    return _WIDE[standard]


def style_for(text: str, style: ParagraphStyle) -> ParagraphStyle:
    """The style, in the font that prints the whole text."""
    font = font_for(text, style.fontName)
    return style if font == style.fontName else _in_font(style, font)


@cache  # a handful of styles, each in at most one other font
def _in_font(style: ParagraphStyle, font: str) -> ParagraphStyle:
    return ParagraphStyle(f"{style.name}-{font}", parent=style, fontName=font, bulletFontName=font)


def cell_fonts(rows: list[list[str]], bold_rows: set[int]) -> list[tuple[Any, ...]]:
    """TableStyle commands setting in DejaVu each cell the standard fonts cannot print (every
    row, in a document set in DejaVu): bold in `bold_rows` (counted from the top)."""
    commands: list[tuple[Any, ...]] = []
    for r, row in enumerate(rows):
        standard = "Helvetica-Bold" if r in bold_rows else "Helvetica"
        if _wide_document.get():
            commands.append(("FONTNAME", (0, r), (-1, r), _dejavu(standard)))
            continue
        for c, cell in enumerate(row):
            font = font_for(cell, standard)
            if font != standard:
                commands.append(("FONTNAME", (c, r), (c, r), font))
    return commands
