"""Candidates with their votes: the same reader for the slash command and the form's lines."""

from __future__ import annotations

import pytest

from domain import CandidateRace, InputError
from handlers.syntax import parse, read_candidate_line
from handlers.syntax.items import letter_name

from ...conftest import TODAY


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Smith: 1204", ("Smith", 1204)),
        ("Smith:1204", ("Smith", 1204)),
        ("Smith 1,204", ("Smith", 1204)),
        ("Smith=1204", ("Smith", 1204)),
        ("Mary Smith = 1204", ("Mary Smith", 1204)),
        ("Mary Smith 1204", ("Mary Smith", 1204)),
        ('"Mary Smith" 1,204', ("Mary Smith", 1204)),
        ("“Mary Smith”: 1,204", ("Mary Smith", 1204)),
        ("  Sheldon-Galloway   1882 ", ("Sheldon-Galloway", 1882)),
    ],
)
def test_a_form_line(line: str, expected: tuple[str, int]) -> None:
    assert read_candidate_line(line) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Jones", "write a name and votes"),
        ("1204", "write a name and votes"),
        ('Smith "1204"', "write a name and votes"),
        ("Smith: many", "votes for Smith must be a number"),
        ("Smith -3", "0 or more"),
    ],
)
def test_a_bad_form_line(line: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        read_candidate_line(line)
    assert caught.value.problems[0].field == "candidates"


def test_a_quoted_name_reads_the_same_in_the_command_and_the_form() -> None:
    parsed = parse('county "Mary Smith" 1,204 Jones 1199', TODAY)
    assert isinstance(parsed, CandidateRace)
    assert (parsed.candidates[0].name, parsed.candidates[0].votes) == read_candidate_line(
        '"Mary Smith" 1,204'
    )


def test_unnamed_candidates_are_lettered() -> None:
    assert [letter_name(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "district-judge A 5000 B 4990 C 100 nonpartisan primary",
        "district-judge nonpartisan primary A 5000 B 4990 C 100",
        "district-judge A 5000 B 4990 C 100 NONPARTISAN PRIMARY",
    ],
)
def test_nonpartisan_primary_is_a_flag_anywhere(text: str) -> None:
    parsed = parse(text, TODAY)
    assert isinstance(parsed, CandidateRace)
    assert parsed.nonpartisan_primary and parsed.places == 2


def test_nonpartisan_primary_does_not_apply_to_a_question() -> None:
    with pytest.raises(InputError):
        parse("question for 10 against 9 nonpartisan primary", TODAY)
