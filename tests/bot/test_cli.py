"""The command line hands the one grammar what was typed, quotes and all: a shell takes the
double quotes off `"Ann Jones"`, and the words get them back."""

from __future__ import annotations

import io

import pytest

from bot.cli import joined, main


@pytest.mark.parametrize(
    ("words", "text"),
    [
        # one word: the whole text, quotes inside it kept as typed
        (["county Smith 1204 Jones 1199"], "county Smith 1204 Jones 1199"),
        (['county "Ann Jones" 1199 Smith 1204'], 'county "Ann Jones" 1199 Smith 1204'),
        # several: a word of words is a quoted name again
        (["county", "Smith", "1204", "Ann Jones", "1199"], 'county Smith 1204 "Ann Jones" 1199'),
        (["county", "race", "Sheriff Two", "A", "1"], 'county race "Sheriff Two" A 1'),
        # a line break is no name: joined as it is, for the grammar to refuse in words
        (["county", "A\nB", "1"], "county A\nB 1"),
        # already quoted inside, or one word: left as it is
        (["county", 'race "X"', "A", "1"], 'county race "X" A 1'),
        (["county", "A", "1"], "county A 1"),
    ],
)
def test_words_are_joined_as_typed(words: list[str], text: str) -> None:
    assert joined(words) == text


def test_a_name_with_a_space_from_a_shell_is_one_candidate() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["check", "--today", "2026-11-18", "county", "race", "Sheriff"]
    argv += ["Smith", "1204", "Ann Jones", "1199", "canvass", "2026-11-16"]
    assert main(argv, out, err) == 0, err.getvalue()
    assert "Smith 1,204, Ann Jones 1,199" in out.getvalue()
