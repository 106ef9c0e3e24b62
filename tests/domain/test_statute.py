"""The shipped text of 13-16-201: the one copy every quote comes from."""

from __future__ import annotations

import pytest

from domain import Subsection
from domain.statute import edition_note, statute_text, subsection_text

from ..conftest import SHARED
from ..handlers.results.fixtures import need


def test_shipped_statute_is_the_shared_copy() -> None:
    shared = need(SHARED / "statute" / "13-16-201.txt")
    assert statute_text() == shared.read_text(encoding="utf-8")


def test_each_subsection_is_one_paragraph_of_the_text() -> None:
    assert subsection_text(Subsection(7)) == (
        "(7) If during a canvass of election returns a board of county canvassers finds an "
        "error, as provided in 13-15-403, the board immediately may file a petition with the "
        "election administrator."
    )
    assert statute_text().startswith("13-16-201. Conditions under which recount to be made.")


# Each numbering as sure as related.md's table, and no surer.
@pytest.mark.parametrize(
    ("subsection", "current", "confidence"),
    [
        (1, "(1)(a)", "seen"),
        (2, "(1)(b)", "seen"),
        (3, "(1)(c)", "seen"),
        (4, "(1)(d)", "seen (its opening words)"),
        (5, "(1)(e)", "inferred; not seen"),
        (7, "(1)(f)", "cited so by secondary sources"),
    ],
)
def test_edition_note_names_the_current_number_with_its_confidence(
    subsection: int, current: str, confidence: str
) -> None:
    assert edition_note(Subsection(subsection)) == (
        f"Text as amended through 1987; ({subsection}) is {current} in the current code "
        f"[numbering {confidence}]."
    )
