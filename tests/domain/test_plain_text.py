"""What a typed name or count may be: at, below and above each limit."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.citations import MAX_VOTES
from domain.plain_text import MAX_NAME_LENGTH, plain_text, same_name, visible, whole_number


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
        ("Smith\u202eevil", "hidden character"),
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


# What no surface may show, written out from Unicode (not from the filter): every "Other"
# character (controls, format characters such as the bidi controls and U+FEFF, surrogates,
# private use, unassigned), line and paragraph separators, and the default-ignorable
# characters that are letters or marks (the Hangul fillers, variation selectors).
INVISIBLE_LETTERS = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0}
INVISIBLE_LETTERS |= set(range(0x180B, 0x1810)) | set(range(0xFE00, 0xFE10))
INVISIBLE_LETTERS |= set(range(0xE0100, 0xE01F0))


def forbidden(ch: str, *, newline_allowed: bool = False) -> bool:
    if ch == "\n":
        return not newline_allowed
    return (
        unicodedata.category(ch)[0] == "C"
        or unicodedata.category(ch) in ("Zl", "Zp")
        or ord(ch) in INVISIBLE_LETTERS
    )


# The characters the issue names, each hiding, reordering or recolouring text.
HOSTILE = [
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\x9b",  # C1's CSI: an escape sequence in one character on some terminals
    "\u061c",
    "\u180e",
    "\u200b",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2060, 0x2065)),
    *map(chr, range(0x2066, 0x206A)),
    "\ufeff",
    "\U000e0001",
    "\U000e0041",  # a tag letter: invisible text riding along
    "\U000e007f",
    "\u3164",
]


@pytest.mark.parametrize("ch", HOSTILE)
def test_every_hidden_character_the_issue_names_is_dropped(ch: str) -> None:
    assert visible(f"Sm{ch}ith") == "Smith"
    assert visible(f"Sm{ch}ith", newlines=True) == "Smith"


def test_letters_spaces_and_signs_of_any_script_are_kept() -> None:
    for text in ("Nguyễn", "Łukasz", "ʔaqam", "Ō\u00a0Brien", "1\u2009204", "≤ — §", "Mary Smith"):
        assert visible(text) == text


def test_a_tab_cr_or_line_break_parts_words_instead_of_joining_them() -> None:
    assert visible("Smith\tJones\rLee\nAmes\u2028Ode\x85Day") == "Smith Jones Lee Ames Ode Day"
    assert visible("one\r\ntwo\nthree\tfour", newlines=True) == "one\ntwo\nthree four"


@given(st.text())
def test_no_output_holds_a_character_that_does_not_show(text: str) -> None:
    for newlines in (False, True):
        shown = visible(text, newlines=newlines)
        assert not any(forbidden(ch, newline_allowed=newlines) for ch in shown)
        assert visible(shown, newlines=newlines) == shown  # once is enough


@given(st.text(st.characters(exclude_categories=("C", "Zl", "Zp", "Mn", "Lo"))))
def test_text_that_shows_is_left_as_it_is(text: str) -> None:
    assert visible(text) == text


def test_a_typed_name_with_what_the_filter_drops_is_refused_showing_what_shows() -> None:
    # the Hangul filler is a letter to Unicode, yet prints nothing: refused like a control
    with pytest.raises(ValueError, match='name "Lee" contains 3 hidden characters') as refused:
        plain_text("Lee\x07\u3164\ufe0f", "name")
    # the same words fit a name typed and a name in a results file: no "type" for a file
    assert str(refused.value).endswith("write it without them")
    with pytest.raises(ValueError, match=r"a hidden character .* write it without it$"):
        plain_text("Lee\u202e", "name")
