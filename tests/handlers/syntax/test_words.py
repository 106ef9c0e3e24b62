"""Words that look like names but are not: office words, kinds, near-misses of keywords."""

from __future__ import annotations

import pytest

from domain import ContestKind
from handlers.syntax.words import near_keyword, near_kind, office_kind


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("sheriff", ContestKind.COUNTY),
        ("HD22", ContestKind.LEGISLATURE),
        ("sd-7", ContestKind.LEGISLATURE),
        ("mayor", ContestKind.MUNICIPAL),
        ("Smith", None),
    ],
)
def test_office_words(word: str, kind: ContestKind | None) -> None:
    assert office_kind(word) is kind


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("canvas", "canvass"), ("seat", "seats"), ("seats:", "seats"), ("Smith", None)],
)
def test_near_keywords(typed: str, meant: str | None) -> None:
    assert near_keyword(typed) == meant


def test_a_mistyped_office_points_to_its_kind() -> None:
    assert near_kind("sherrif") is ContestKind.COUNTY
    assert near_kind("zzzzzz") is None
