"""Copies of a real SOS county workbook: with one contest's votes changed (the watch tests),
or in the layout of later years' exports (the 2024 county workbooks are not in ../shared).

A workbook is a zip of XML: the sheet of the contest is found by its name in workbook.xml and
its relationship, and one precinct's cell and the TOTALS cell of a candidate's column move by
the same number of votes, so the copy still adds up (as an updated export would).
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Final


def _sheet_path(book: zipfile.ZipFile, sheet_contains: str) -> str:
    workbook = book.read("xl/workbook.xml").decode()
    sheets = re.findall(r'<x:sheet name="([^"]*)" sheetId="\d+" r:id="(rId\d+)"', workbook)
    (rid,) = [rid for name, rid in sheets if sheet_contains in name]
    rels = book.read("xl/_rels/workbook.xml.rels").decode()
    found = re.search(rf'Target="([^"]*)" Id="{rid}"', rels)
    assert found is not None
    return found.group(1).lstrip("/")


def add_votes(
    data: bytes, sheet_contains: str, column: str, delta: int, *, totals_only: bool = False
) -> bytes:
    """The workbook with `delta` more votes in `column` (C: the first choice, D: the second)
    of the sheet whose name contains `sheet_contains`: in its first precinct and its TOTALS
    (`totals_only`: in its TOTALS alone, so that they no longer add up)."""
    book = zipfile.ZipFile(io.BytesIO(data))
    path = _sheet_path(book, sheet_contains)
    xml = book.read(path).decode()
    numbered = [int(r) for r in re.findall(rf'<x:c r="{column}(\d+)"[^>]*t="n"[^>]*><x:v>', xml)]
    first, totals = min(numbered), max(numbered)
    for row in (totals,) if totals_only else (first, totals):
        xml, count = re.subn(
            rf'(<x:c r="{column}{row}"[^>]*><x:v>)(\d+)(</x:v>)',
            lambda m: f"{m.group(1)}{int(m.group(2)) + delta}{m.group(3)}",
            xml,
            count=1,
        )
        assert count == 1, (path, column, row)
    return _rewritten(book, {path: xml})


def _rewritten(book: zipfile.ZipFile, changed: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for item in book.infolist():
            name = item.filename
            copy.writestr(item, changed[name] if name in changed else book.read(name))
    return out.getvalue()


_COUNTY_SHEET: Final = re.compile(r"^[A-Za-z.&; ]+ County - ")  # "Lewis &amp; Clark"
_COUNTY_LINE: Final = re.compile(r"<x:t>[A-Za-z.&; ]+ County\r?\n")


def layout_2024(data: bytes) -> bytes:
    """A 2022 county workbook as the later exports lay it out (test_sos_workbooks: the code
    in front of the sheet's name, "01602UNITED STATES SENATOR"), and naming its county
    nowhere (../shared/fixtures/results/README.md): "Cascade County - SHERIFF 0123" is
    "00123SHERIFF", its title "Cascade County\nSHERIFF" is "SHERIFF"; the banner's year 2024."""
    book = zipfile.ZipFile(io.BytesIO(data))

    def sheet(found: re.Match[str]) -> str:
        name = found.group(1)
        code = re.search(r"\s(\d{4})$", name)
        if code is None:  # a legislative sheet has no code, in 2024 too
            return found.group(0)
        rest = _COUNTY_SHEET.sub("", name[: code.start()]).strip()
        return f'<x:sheet name="0{code.group(1)}{rest}"'

    workbook = re.sub(r'<x:sheet name="([^"]*)"', sheet, book.read("xl/workbook.xml").decode())
    strings = _COUNTY_LINE.sub("<x:t>", book.read("xl/sharedStrings.xml").decode())
    strings = strings.replace("2022 Unofficial General", "2024 Unofficial General")
    return _rewritten(book, {"xl/workbook.xml": workbook, "xl/sharedStrings.xml": strings})


def with_banner(data: bytes, said: str, instead: str) -> bytes:
    """The workbook with its banner's line `said` (a shared string every sheet's banner
    uses: "Precincts 307 of 307 Reporting ...") read as `instead`."""
    book = zipfile.ZipFile(io.BytesIO(data))
    strings = book.read("xl/sharedStrings.xml").decode()
    assert strings.count(f"<x:t>{said}</x:t>") == 1, said
    strings = strings.replace(f"<x:t>{said}</x:t>", f"<x:t>{instead}</x:t>")
    return _rewritten(book, {"xl/sharedStrings.xml": strings})


def only_sheets(data: bytes, *named: str) -> bytes:
    """The workbook with only the sheets whose name contains one of `named`: a county's
    download from a year it elected none of its own offices."""
    book = zipfile.ZipFile(io.BytesIO(data))

    def kept(found: re.Match[str]) -> str:
        return found.group(0) if any(n in found.group(1) for n in named) else ""

    workbook = re.sub(
        r'<x:sheet name="([^"]*)"[^>]*/>', kept, book.read("xl/workbook.xml").decode()
    )
    return _rewritten(book, {"xl/workbook.xml": workbook})
