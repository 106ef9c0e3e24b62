"""The examples every surface shows: each one parses, and the summary names every keyword."""

from __future__ import annotations

import pytest

from domain import KINDS, BallotQuestion, CandidateRace, CanvassError, ContestKind
from handlers.syntax import COMMAND, EXAMPLES, ITEMS_SUMMARY, KEYWORDS, example_for, parse

from ...conftest import TODAY


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_spec_example_parses(text: str) -> None:
    assert isinstance(parse(text, TODAY), CandidateRace | BallotQuestion | CanvassError)


@pytest.mark.parametrize("kind", [*KINDS, None])
def test_each_kind_has_an_example_that_works(kind: ContestKind | None) -> None:
    example = example_for(kind)
    parsed = parse(example, TODAY)
    assert isinstance(parsed, CandidateRace | BallotQuestion | CanvassError)
    assert parsed.kind is (kind or ContestKind.COUNTY)


def test_the_summary_names_every_keyword() -> None:
    words = ITEMS_SUMMARY.replace("/", " ").replace(",", " ").split()
    assert {k for k in KEYWORDS if " " not in k} <= set(words)
    phrases = ITEMS_SUMMARY.replace("/", ", ").split(", ")
    for phrase in (k for k in KEYWORDS if " " in k):  # "state canvass 12/1/2026"
        assert any(p == phrase or p.startswith(f"{phrase} ") for p in phrases), phrase


def test_the_command() -> None:
    assert COMMAND == "/recount"
