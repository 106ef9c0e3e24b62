"""What a typed name or count may be: at, below and above each limit."""

from __future__ import annotations

import pytest

from domain.citations import MAX_VOTES
from domain.plain_text import MAX_NAME_LENGTH, plain_text, same_name, whole_number


@pytest.mark.parametrize(
    ("length", "ok"),
    [(MAX_NAME_LENGTH - 1, True), (MAX_NAME_LENGTH, True), (MAX_NAME_LENGTH + 1, False)],
)
def test_a_name_at_most_100_characters(length: int, ok: bool) -> None:
    name = "A" * length
    if ok:
        assert plain_text(name, "name") == name
    else:
        with pytest.raises(ValueError, match="longer than 100"):
            plain_text(name, "name")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("<@U123>", "Slack markup"),
        ("<!channel>", "Slack markup"),
        ("<https://x.example|x>", "Slack markup"),
        ("Smith\u202eevil", "control character"),
        ("   ", "empty"),
    ],
)
def test_nothing_that_could_mention_link_or_hide_text(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        plain_text(text, "name")


def test_spaces_are_tidied_and_names_compare_without_case() -> None:
    assert plain_text("  Mary   Smith ", "name") == "Mary Smith"
    assert same_name("MARY  smith") == same_name("Mary Smith")


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (-1, False),
        (0, True),
        (MAX_VOTES.value - 1, True),
        (MAX_VOTES.value, True),
        (MAX_VOTES.value + 1, False),
    ],
)
def test_a_count_from_0_to_the_cap(value: int, ok: bool) -> None:
    if ok:
        assert whole_number(value, "votes") == value
    else:
        with pytest.raises(ValueError):
            whole_number(value, "votes")
