"""A workbook's dimensions and inflated sizes, checked before python-calamine sees it."""

from __future__ import annotations

import pytest

from handlers.results.reading import IN_PROCESS
from handlers.results.tables import ResultsFileError, read_tables
from handlers.results.workbook_check import MAX_COLUMNS, MAX_ROWS, too_big

from ...hostile_files import TABLE, inflating_workbook, sheet_xml, sparse_workbook, workbook
from .fixtures import PRIMARY_2016, PRIMARY_2020, named


def test_a_sparse_cell_at_xfd1048576_is_refused_before_calamine_sees_it() -> None:
    data = sparse_workbook()
    assert len(data) < 2000
    said = too_big("sparse.xlsx", data)
    assert said is not None
    assert said.startswith("sparse.xlsx: a sheet reaches row 1,048,576 (cell XFD1048576")
    # in this process: calamine would abort it, the check refuses it first
    with pytest.raises(ResultsFileError, match=r"^sparse\.xlsx: a sheet reaches row"):
        IN_PROCESS(read_tables, "sparse.xlsx", data)


@pytest.mark.parametrize(
    ("dimension", "refused"),
    [
        (f"A1:C{MAX_ROWS}", False),
        (f"A1:C{MAX_ROWS + 1}", True),
        ("A1:KN3", False),  # column 300
        ("A1:KO3", True),  # column 301
        ("A1", False),
        ("XFD1", True),
    ],
)
def test_the_dimension_limits_at_and_past_them(dimension: str, refused: bool) -> None:
    data = workbook(sheet_xml(TABLE, dimension=dimension))
    assert (too_big("t.xlsx", data) is not None) is refused
    assert MAX_COLUMNS == 300


def test_a_sheet_that_inflates_past_100_mb_is_refused_from_the_zip_directory() -> None:
    data = inflating_workbook(150)
    assert len(data) < 1024 * 1024
    said = too_big("bomb.xlsx", data)
    assert said is not None
    assert said.startswith("bomb.xlsx: its part xl/worksheets/sheet1.xml unpacks to 157,2")
    assert too_big("fine.xlsx", inflating_workbook(20)) is None


def test_the_real_exports_pass_and_read() -> None:
    for path in (PRIMARY_2020, PRIMARY_2016):
        name, data = named(path)
        assert too_big(name, data) is None
    tables = read_tables(*named(PRIMARY_2020))
    assert len(tables[0].rows) > 40_000


def test_a_damaged_zip_is_left_to_the_reader_to_name() -> None:
    assert too_big("x.xlsx", b"PK\x03\x04 not a zip") is None
