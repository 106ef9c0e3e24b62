"""Each format is told by its content, never its name; anything else is refused in one line."""

from __future__ import annotations

import pytest

from handlers.results.formats import read_file
from handlers.results.tables import ResultsFileError

from .fixtures import LEGISLATIVE, OPENELECTIONS_2016, PRIMARY_PRECINCTS, named


@pytest.mark.parametrize(
    ("path", "fmt"),
    [
        (LEGISLATIVE, "sos-district-workbook"),
        (PRIMARY_PRECINCTS, "sos-precinct-by-precinct"),
        (OPENELECTIONS_2016, "openelections-csv"),
    ],
)
def test_formats_from_content_under_any_name(path: object, fmt: str) -> None:
    _, data = named(path)  # type: ignore[arg-type]
    assert read_file("renamed.bin", data).format == fmt


def test_the_openelections_file_name_says_the_election() -> None:
    name, data = named(OPENELECTIONS_2016)
    assert read_file(name, data).election == "general"
    assert read_file("results.csv", data).election is None


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"name,email\nA,a@example.com\n", "not a results file; expected"),
        (b"\n\n,,\n", "the file holds no rows"),
    ],
)
def test_anything_else_is_refused(data: bytes, why: str) -> None:
    with pytest.raises(ResultsFileError, match=why) as caught:
        read_file("people.csv", data)
    assert str(caught.value).startswith("people.csv: ")
