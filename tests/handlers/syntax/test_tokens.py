"""Words, quotes and `=`; and the keywords, each naming a declared input field."""

from __future__ import annotations

import pytest

from domain import FIELDS, InputError
from handlers.syntax import KEYWORDS
from handlers.syntax.tokens import Token, expand_keyword_equals, tokenize


def test_every_keyword_names_an_input_field() -> None:
    assert KEYWORDS, "no keywords at all"
    for word, key in KEYWORDS.items():
        assert key in FIELDS, f"keyword {word!r} names no field ({key!r})"
        assert word in FIELDS[key].term.keywords


def test_the_keywords_of_quick_syntax_md() -> None:
    assert KEYWORDS == {
        "for": "votes_for",
        "yes": "votes_for",
        "against": "votes_against",
        "no": "votes_against",
        "canvass": "canvass",
        "county canvass": "canvass",
        "county-name": "county_name",
        "election": "election",
        "election-type": "election_type",
        "party": "party",
        "nonpartisan primary": "nonpartisan_primary",  # issue 34: two advance per seat
        "state canvass": "state_canvass",
        "no state canvass": "no_state_canvass",
        "seats": "seats",
        "total": "total",
        "candidate": "candidate",
        "signers": "signers",
        "counties": "counties",
        "write-ins": "write_ins",
        "race": "race",
    }


def test_plain_words() -> None:
    assert tokenize("county  Smith=1204\tJones 1199") == [
        Token("county", False, None),
        Token("Smith=1204", False, 5),
        Token("Jones", False, None),
        Token("1199", False, None),
    ]


def test_quotes_group_words_straight_or_curly() -> None:
    for text in ('"Mary Smith" 1204', "“Mary Smith” 1204", '"Mary Smith"=1204'):
        first = tokenize(text)[0]
        assert (first.text[:10], first.quoted) == ("Mary Smith", True)
    assert tokenize('"A=B"=5')[0].split_at == 3  # an "=" inside quotes is part of the name


def test_an_unclosed_quote_is_an_error() -> None:
    with pytest.raises(InputError, match="not closed"):
        tokenize('county "Mary Smith 1204')


@pytest.mark.parametrize(
    ("text", "words"),
    [("seats=3", ["seats", "3"]), ("Smith=1204", ["Smith=1204"]), ("canvass=", ["canvass"])],
)
def test_keyword_equals_value(text: str, words: list[str]) -> None:
    assert [t.text for t in expand_keyword_equals(tokenize(text))] == words


def test_a_quoted_keyword_is_not_a_keyword() -> None:
    quoted, plain = tokenize('"seats" seats')
    assert (quoted.is_keyword, plain.is_keyword) == (False, True)
    assert Token("1,204", False, None).looks_numeric and not Token("12", True, None).looks_numeric
