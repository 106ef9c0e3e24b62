"""The cited numbers: each stands in the law it cites, and the phrases are built from them."""

from __future__ import annotations

import importlib
import pkgutil
from fractions import Fraction

import pytest

import domain
from domain import citations
from domain.citations import BOND_RECOUNT_SHARE, MARGIN_SHARE, Cited, percent_phrase
from domain.statute import statute_text


def every_cited_constant() -> dict[str, Cited[int] | Cited[Fraction]]:
    """Every Cited object at the top level of any domain module, found, not listed by hand."""
    found: dict[str, Cited[int] | Cited[Fraction]] = {}
    for module_info in pkgutil.iter_modules(domain.__path__, "domain."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if isinstance(value, Cited):
                found.setdefault(f"{module_info.name}.{name}", value)
    return found


def test_there_are_cited_constants_to_check() -> None:
    found = every_cited_constant()
    defined_here = {n for n in found if n.startswith("domain.citations.")}
    assert len(defined_here) == sum(isinstance(v, Cited) for v in vars(citations).values())
    assert len([v for v in found.values() if v.quotes_statute]) >= 8


@pytest.mark.parametrize(
    "name", sorted(n for n, v in every_cited_constant().items() if v.quotes_statute)
)
def test_each_number_of_13_16_201_is_in_the_words_it_cites(name: str) -> None:
    cited = every_cited_constant()[name]
    text = " ".join(statute_text().split())
    assert cited.words in text, name
    # The number itself is in those words, as a figure or as a word ("five counties").
    spelled = {2: "two", 5: "five"}
    value = cited.value
    figure = percent_phrase(cited) if isinstance(value, Fraction) else str(value)  # type: ignore[arg-type]
    assert figure in cited.words or spelled.get(int(value), "?") in cited.words, name


def test_percent_phrase_is_built_from_the_fraction() -> None:
    assert percent_phrase(MARGIN_SHARE) == "1/4 of 1%"
    assert percent_phrase(BOND_RECOUNT_SHARE) == "1/2 of 1%"
    assert percent_phrase(Cited(Fraction(3, 400), "x", "x")) == "3/4 of 1%"
    assert percent_phrase(Cited(Fraction(1, 20), "x", "x")) == "5%"
    with pytest.raises(ValueError, match="not a share"):
        percent_phrase(Cited(Fraction(3, 200), "x", "x"))


def test_exact_values() -> None:
    assert MARGIN_SHARE.value == Fraction(1, 400)
    assert BOND_RECOUNT_SHARE.value == Fraction(1, 200)
    assert not BOND_RECOUNT_SHARE.quotes_statute  # 13-16-211 is described, never quoted


@pytest.mark.parametrize(
    ("part", "whole", "inside"),
    [(19, 8000, True), (20, 8000, True), (21, 8000, False), (0, 0, True), (1, 0, False)],
)
def test_within_is_exact_integer_arithmetic(part: int, whole: int, inside: bool) -> None:
    from domain.citations import largest_within, within

    assert within(part, MARGIN_SHARE.value, whole) is inside
    assert within(part, MARGIN_SHARE.value, whole) is (part <= MARGIN_SHARE.value * whole)
    assert largest_within(MARGIN_SHARE.value, 9_999_999) == 24_999
    assert largest_within(BOND_RECOUNT_SHARE.value, 8001) == 40
