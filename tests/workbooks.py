"""Copies of a real SOS county workbook with one contest's votes changed, for the watch tests.

A workbook is a zip of XML: the sheet of the contest is found by its name in workbook.xml and
its relationship, and one precinct's cell and the TOTALS cell of a candidate's column move by
the same number of votes, so the copy still adds up (as an updated export would).
"""

from __future__ import annotations

import io
import re
import zipfile


def _sheet_path(book: zipfile.ZipFile, sheet_contains: str) -> str:
    workbook = book.read("xl/workbook.xml").decode()
    sheets = re.findall(r'<x:sheet name="([^"]*)" sheetId="\d+" r:id="(rId\d+)"', workbook)
    (rid,) = [rid for name, rid in sheets if sheet_contains in name]
    rels = book.read("xl/_rels/workbook.xml.rels").decode()
    found = re.search(rf'Target="([^"]*)" Id="{rid}"', rels)
    assert found is not None
    return found.group(1).lstrip("/")


def add_votes(data: bytes, sheet_contains: str, column: str, delta: int) -> bytes:
    """The workbook with `delta` more votes in `column` (C: the first choice, D: the second)
    of the sheet whose name contains `sheet_contains`: in its first precinct and its TOTALS."""
    book = zipfile.ZipFile(io.BytesIO(data))
    path = _sheet_path(book, sheet_contains)
    xml = book.read(path).decode()
    numbered = [int(r) for r in re.findall(rf'<x:c r="{column}(\d+)"[^>]*t="n"[^>]*><x:v>', xml)]
    first, totals = min(numbered), max(numbered)
    for row in (first, totals):
        xml, count = re.subn(
            rf'(<x:c r="{column}{row}"[^>]*><x:v>)(\d+)(</x:v>)',
            lambda m: f"{m.group(1)}{int(m.group(2)) + delta}{m.group(3)}",
            xml,
            count=1,
        )
        assert count == 1, (path, column, row)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for item in book.infolist():
            copy.writestr(item, xml if item.filename == path else book.read(item.filename))
    return out.getvalue()
