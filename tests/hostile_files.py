"""Hostile results files (issue 32), made on the spot: each is small on disk and built to
hurt a reader (a sparse cell that makes calamine allocate half a terabyte, a sheet that
inflates hugely, zips of them, huge fields and numbers, thousands of candidates, formulas,
bidi characters). `write_all(folder)` writes every one and returns their paths."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

_OOXML = "application/vnd.openxmlformats"
_SHEETML = f"{_OOXML}-officedocument.spreadsheetml"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    f'ContentType="{_OOXML}-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    f'ContentType="{_SHEETML}.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    f'ContentType="{_SHEETML}.worksheet+xml"/>'
    "</Types>"
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    f'xmlns:r="{_REL}">'
    '<sheets><sheet name="Results" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
    "</Relationships>"
)
TABLE = [["contest", "choice", "votes"], ["Mayor", "Ann", "120"], ["Mayor", "Bob", "118"]]


def _letters(column: int) -> str:
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def _cell(ref: str, value: str) -> str:
    if value.isdigit() and len(value) < 16:
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'


def sheet_xml(rows: Sequence[Sequence[str]], extra: str = "", dimension: str | None = None) -> str:
    """A sheet's XML: `rows` from A1, then `extra` cells XML (a row far away), under a
    <dimension> of `dimension` (or the rows' own)."""
    body = "".join(
        f'<row r="{r}">'
        + "".join(_cell(f"{_letters(c)}{r}", v) for c, v in enumerate(row, 1))
        + "</row>"
        for r, row in enumerate(rows, 1)
    )
    width = max((len(row) for row in rows), default=1)
    ref = dimension or f"A1:{_letters(width)}{max(len(rows), 1)}"
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f'<dimension ref="{ref}"/><sheetData>{body}{extra}</sheetData></worksheet>'
    )


def workbook(sheet: str | bytes) -> bytes:
    """An .xlsx of one sheet named Results, whose XML is `sheet`."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("xl/workbook.xml", _WORKBOOK)
        z.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
    return out.getvalue()


def sparse_workbook(dimension: bool = True) -> bytes:
    """A valid contest,choice,votes sheet plus one cell at XFD1048576 (1.6 KB)."""
    far = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
    return workbook(sheet_xml(TABLE, far, "A1:XFD1048576" if dimension else None))


def inflating_workbook(megabytes: int = 150) -> bytes:
    """A workbook whose sheet XML inflates to `megabytes` (a comment of spaces: deflate
    packs it a thousandfold)."""
    xml = sheet_xml(TABLE)
    head, tail = xml.split("<sheetData>")
    padding = "<!--" + " " * (megabytes * 1024 * 1024) + "-->"
    return workbook(f"{head}{padding}<sheetData>{tail}")


def zipped(members: Sequence[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return out.getvalue()


def big_csv(seed: int, megabytes: float = 19.9) -> bytes:
    """A distinct CSV of many small rows, just under the 20 MB a file may be."""
    head = b"contest,choice,votes\n"
    line = f"Contest {seed},C,1\n".encode()
    return head + line * int(megabytes * 1024 * 1024 / len(line))


def csv_of(rows: Sequence[Sequence[str]]) -> bytes:
    return "".join(",".join(row) + "\n" for row in rows).encode()


# name -> the bytes of the file
HOSTILE: dict[str, Callable[[], bytes]] = {
    "sparse-cell.xlsx": sparse_workbook,
    "sparse-cell-no-dimension.xlsx": lambda: sparse_workbook(dimension=False),
    "inflating-sheet.xlsx": inflating_workbook,
    "sparse-workbooks.zip": lambda: zipped(
        [(f"county{i}.xlsx", sparse_workbook()) for i in range(3)]
    ),
    "big-csvs.zip": lambda: zipped([(f"part{i}.csv", big_csv(i)) for i in range(15)]),
    "huge-field.csv": lambda: csv_of([*TABLE, ["Mayor", "C" * 140_000, "5"]]),
    "huge-vote.csv": lambda: csv_of([*TABLE[:2], ["Mayor", "Bob", "9" * 5000]]),
    "many-candidates.csv": lambda: csv_of(
        [TABLE[0], *(["Mayor", f"Candidate {i}", str(1000 + i)] for i in range(4000))]
    ),
    "formulas.csv": lambda: csv_of(
        [TABLE[0], ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", "5"], ["@SUM(1)", "-2+3", "4"]]
    ),
    "bidi.csv": lambda: (
        "contest,choice,votes\nMayor,Ann\u202e\u2066,120\nMayor,B\u061cob\ufeff,118\n".encode()
    ),
    "formulas.xlsx": lambda: workbook(sheet_xml([*TABLE, ["=1+1", "@SUM(A1)", "3"]])),
}


def write_all(folder: Path) -> list[Path]:
    """Every hostile file, written into `folder`."""
    paths = []
    for name, make in HOSTILE.items():
        path = folder / name
        path.write_bytes(make())
        paths.append(path)
    return paths
