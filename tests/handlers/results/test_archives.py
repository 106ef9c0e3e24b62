"""A .zip of results files is scanned as a folder of them; a broken or outsized one is said
in plain words."""

from __future__ import annotations

import io
import zipfile
from datetime import date

import pytest

from handlers.results import ScanOptions, archives, scan
from handlers.results.archives import unpack
from handlers.results.tables import ResultsFileError

from .fixtures import COUNTY_WORKBOOKS, need

TABLE_A = b"contest,choice,votes\nSheriff,Smith,1204\nSheriff,Jones,1199\n"
TABLE_B = b"contest,choice,votes\nCounty attorney,Brown,900\nCounty attorney,Green,850\n"
OPTIONS = ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16))


def zipped(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_members_are_scanned_as_files_and_folders_inside_are_flattened() -> None:
    data = zipped(
        {
            "results/a.csv": TABLE_A,
            "results/more/b.csv": TABLE_B,
            "__MACOSX/results/._a.csv": b"junk",
            "results/.DS_Store": b"junk",
        }
    )
    files, members, skipped = unpack(
        [("county.zip", data), ("c.csv", TABLE_A.replace(b"1199", b"1"))]
    )
    assert [n for n, _ in files] == ["a.csv", "b.csv", "c.csv"]
    assert members == {"a.csv", "b.csv"}
    assert skipped == ["__MACOSX/ (the Mac's own copies of each file's details)"]
    result = scan([("county.zip", data)], OPTIONS)
    assert sorted(f.name for f in result.files) == ["a.csv", "b.csv"]
    assert result.summary()["contests"] == 2


def test_a_stray_member_is_skipped_as_in_a_folder() -> None:
    data = zipped({"a.csv": TABLE_A, "phone list.csv": b"name,phone\nA,555\n"})
    result = scan([("county.zip", data)], OPTIONS)
    assert [f.name for f in result.files] == ["a.csv"]
    assert len(result.skipped) == 1 and "phone list.csv" in result.skipped[0]


def test_an_xlsx_is_never_unpacked_though_it_is_a_zip() -> None:
    data = zipped({"xl/workbook.xml": b"<workbook/>"})
    files, members, skipped = unpack([("book.xlsx", data)])
    assert files == [("book.xlsx", data)] and members == set() and skipped == []


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"not a zip at all", "county.zip: not a zip file that can be opened"),
        (zipped({}), "county.zip: the zip file holds no .xlsx, .csv or .json file"),
        (
            zipped({"notes.docx": b"PK", "__MACOSX/._notes.docx": b"x"}),
            "county.zip: the zip file holds no .xlsx, .csv or .json file (only __MACOSX/, "
            "notes.docx)",
        ),
        (
            zipped({"a/x.csv": TABLE_A, "b/x.csv": TABLE_B}),
            "county.zip: two files named x.csv in the zip; give each file once",
        ),
    ],
)
def test_a_broken_zip_is_said_in_plain_words(data: bytes, said: str) -> None:
    with pytest.raises(ResultsFileError) as raised:
        unpack([("county.zip", data)])
    assert str(raised.value).startswith(said)


def test_at_one_below_and_one_above_the_member_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archives, "MAX_MEMBERS", 3)
    at = zipped({f"{i}.csv": TABLE_A + str(i).encode() for i in range(3)})
    below = zipped({f"{i}.csv": TABLE_A + str(i).encode() for i in range(2)})
    assert len(unpack([("z.zip", at)])[0]) == 3
    assert len(unpack([("z.zip", below)])[0]) == 2
    above = zipped({f"{i}.csv": TABLE_A + str(i).encode() for i in range(4)})
    with pytest.raises(ResultsFileError, match="4 files in the zip; a scan takes 3 at the most"):
        unpack([("z.zip", above)])


def test_a_member_over_the_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archives, "MAX_BYTES", len(TABLE_A))
    assert unpack([("z.zip", zipped({"a.csv": TABLE_A}))])[0] == [("a.csv", TABLE_A)]
    with pytest.raises(ResultsFileError, match=f"z.zip: a.csv: {len(TABLE_A) + 1} bytes is over"):
        unpack([("z.zip", zipped({"a.csv": TABLE_A + b"\n"}))])


def test_the_56_county_workbooks_in_one_zip_are_the_whole_state() -> None:
    folder = need(COUNTY_WORKBOOKS)
    data = zipped({p.name: p.read_bytes() for p in sorted(folder.glob("*.xlsx"))})
    result = scan([("county workbooks.zip", data)], OPTIONS)
    assert len(result.files) == 56 and result.whole_state


def test_members_not_results_by_name_are_skipped_and_listed() -> None:
    inner = zipped({"b.csv": TABLE_B})
    data = zipped(
        {
            "a.csv": TABLE_A,
            "Canvass memo.docx": zipped({"word/document.xml": b"<w:document/>"}),
            "older.zip": inner,
            "__MACOSX/._a.csv": b"junk",
            "README.txt": b"hello",
        }
    )
    result = scan([("county.zip", data)], OPTIONS)
    assert [f.name for f in result.files] == ["a.csv"]
    assert result.skipped == [
        "__MACOSX/ (the Mac's own copies of each file's details)",
        "Canvass memo.docx (not a .xlsx, .csv or .json file)",
        "older.zip (a zip inside the zip: unzip it and give its files)",
        "README.txt (not a .xlsx, .csv or .json file)",
    ]
    assert result.summary()["contests"] == 1


def test_a_password_protected_member_is_said_in_plain_words() -> None:
    data = bytearray(zipped({"a.csv": TABLE_A}))
    # the encrypted flag, in the local header (offset 6) and the central directory's (8)
    data[6] |= 1
    central = data.rindex(b"PK\x01\x02")
    data[central + 8] |= 1
    with pytest.raises(ResultsFileError) as raised:
        scan([("county.zip", bytes(data))], OPTIONS)
    said = str(raised.value)
    assert said == (
        "county.zip: a.csv is password-protected in the zip; make the zip again without a "
        "password, or give the file itself"
    )


def test_a_member_whose_header_understates_its_size_is_never_inflated_past_it() -> None:
    """Sizes are checked from the zip's directory before anything is unpacked; a directory
    that lies (it says 100 bytes of a member that inflates to 30 MB) is not believed past
    what it said: unpacking stops at 100 bytes, the check fails, and the zip is refused in
    one line (the bytes are counted as they inflate, by zipfile itself)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("county.csv", b"contest,choice,votes\n" + b"0" * 30_000_000)
    data = bytearray(buffer.getvalue())
    assert len(data) < 100_000  # 30 MB of zeros deflate to about 30 KB
    for signature, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # local, central
        where = data.index(signature) + at
        data[where : where + 4] = (100).to_bytes(4, "little")  # "100 bytes, inflated"
    with pytest.raises(ResultsFileError) as refused:
        unpack([("results.zip", bytes(data))])
    assert str(refused.value) == (
        "results.zip: county.csv cannot be unpacked (the zip is damaged or uses a kind of "
        "compression it cannot read); make the zip again, or give the file itself"
    )
