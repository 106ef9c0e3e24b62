"""The one table of office words: each row's title example reads as the row's kind by the title
rules, so that the quick syntax and the scan never disagree unnoticed; where a word reads
differently in a title, the row says so."""

from __future__ import annotations

import pytest

from domain import KINDS, ContestKind
from domain.offices import OFFICE_WORDS, SCHOOL_DISTRICT_TITLE, WORDS, OfficeWord
from domain.titles import office_kind
from handlers.syntax.words import office_kind as typed_kind


@pytest.mark.parametrize("row", [w for w in WORDS if w.title is not None], ids=lambda w: w.word)
def test_each_title_example_reads_as_the_rows_kind(row: OfficeWord) -> None:
    assert row.title is not None
    assert office_kind(row.title) is row.kind


@pytest.mark.parametrize("row", WORDS, ids=lambda w: w.word)
def test_each_word_typed_reads_as_the_rows_kind(row: OfficeWord) -> None:
    assert typed_kind(row.word) is row.kind


def test_sd_a_senate_district_typed_and_a_school_district_beside_trustee() -> None:
    assert typed_kind("sd22") is ContestKind.LEGISLATURE
    assert office_kind(SCHOOL_DISTRICT_TITLE) is ContestKind.SCHOOL
    assert "TRUSTEE" in next(w for w in WORDS if w.word == "sd").means


def test_psc_is_the_kind_its_alias_names() -> None:
    # the kind's own alias and the office word agree: a (2) district office
    assert "psc" in KINDS[ContestKind.MULTICOUNTY_DISTRICT].aliases
    assert OFFICE_WORDS["psc"] is ContestKind.MULTICOUNTY_DISTRICT


def test_each_word_once() -> None:
    assert len(OFFICE_WORDS) == len(WORDS)
