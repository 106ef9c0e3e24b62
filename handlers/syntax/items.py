"""Reading the items after the kind: candidates with their votes, and keyword values.

A keyword's value is read by the type its field declares (domain.fields): a number, a date
or a name. `read_candidate_line` reads one line of the form's candidate box with the same
rules as a candidate item, so `"Mary Smith" 1,204` means the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from domain import FIELDS, InputError, ValueType
from handlers.syntax.dates import DATE_HINT, month_date, parse_date, single_word_date
from handlers.syntax.numbers import parse_number
from handlers.syntax.tokens import KEYWORDS, Token, tokenize

CANDIDATES = "candidates"


def candidate_votes(name: str, votes_word: str, shown: str) -> tuple[str, int]:
    """One candidate item: a name and the word that should be their votes."""
    try:
        return name, parse_number(votes_word, f"votes for {name}")
    except InputError as error:
        raise InputError.about(CANDIDATES, f'"{shown}": {error.message}') from None


@dataclass
class Items:
    today: date
    fields: dict[str, object] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)  # field -> the words that set it
    candidates: list[tuple[str, int]] = field(default_factory=list)
    unnamed: int = 0

    def set(self, name: str, value: object, shown: str) -> None:
        if name in self.fields:
            raise InputError.about(
                name, f'"{shown}": {name} is given twice (first as "{self.shown[name]}")'
            )
        self.fields[name] = value
        self.shown[name] = shown

    def add_candidate(self, name: str | None, votes_word: str, shown: str) -> None:
        if name is None:
            name = letter_name(self.unnamed)
            self.unnamed += 1
        self.candidates.append(candidate_votes(name, votes_word, shown))
        self.shown.setdefault(CANDIDATES, shown)


def letter_name(index: int) -> str:
    """Unnamed candidates are A, B, C, ... Z, AA, AB, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _date_value(items: Items, tokens: list[Token], i: int, keyword: Token) -> int:
    """Reads a date of one to three words; returns the index of the next unread token."""
    value = tokens[i]
    if value.quoted or value.split_at is not None:
        day, used = parse_date(value.text, items.today), 1
    else:
        single = single_word_date(value.text, items.today)
        found = (
            (single, 1) if single else month_date([t.text for t in tokens[i : i + 3]], items.today)
        )
        if found is None:
            raise InputError.about(
                "canvass", f'"{keyword.text} {value.shown}": not a date; {DATE_HINT}'
            )
        day, used = found
    shown = " ".join(t.shown for t in tokens[i - 1 : i + used])
    items.set(KEYWORDS[keyword.word], day, shown)
    return i + used


def _keyword_value(items: Items, tokens: list[Token], i: int, keyword: Token) -> int:
    """Reads the value after a keyword; returns the index of the next unread token."""
    name = KEYWORDS[keyword.word]
    if i >= len(tokens):
        raise InputError.about(name, f'"{keyword.text}" needs a value after it')
    value_type = FIELDS[name].value_type
    if value_type is ValueType.DATE:
        return _date_value(items, tokens, i, keyword)
    value = tokens[i]
    shown = f"{keyword.text} {value.shown}"
    if value_type is ValueType.TEXT:
        items.set(name, value.text, shown)
        return i + 1
    try:
        number = parse_number(value.text, keyword.word)
    except InputError as error:
        raise InputError.about(name, f'"{shown}": {error.message}') from None
    items.set(name, number, shown)
    return i + 1


def read_items(tokens: list[Token], today: date) -> Items:
    items = Items(today)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.is_keyword:
            i = _keyword_value(items, tokens, i + 1, token)
        elif token.split_at is not None:
            name, votes = token.text[: token.split_at], token.text[token.split_at + 1 :]
            if not name.strip():
                raise InputError.about(CANDIDATES, f'"{token.text}": a name is missing before "="')
            items.add_candidate(name, votes, token.shown)
            i += 1
        elif token.looks_numeric:
            items.add_candidate(None, token.text, token.text)
            i += 1
        else:
            if i + 1 >= len(tokens) or not tokens[i + 1].looks_numeric:
                after = f' (found "{tokens[i + 1].text}" instead)' if i + 1 < len(tokens) else ""
                raise InputError.about(
                    CANDIDATES,
                    f'"{token.shown}" needs its votes right after it, like "{token.text} 1204"'
                    f"{after}; names with spaces go in double quotes",
                )
            shown = f"{token.shown} {tokens[i + 1].text}"
            items.add_candidate(token.text, tokens[i + 1].text, shown)
            i += 2
    if items.candidates:
        items.fields[CANDIDATES] = tuple(items.candidates)
    return items


def read_candidate_line(line: str) -> tuple[str, int]:
    """One line of the form: `Smith: 1204`, `Smith 1,204`, `Mary Smith = 1204`, `"Mary
    Smith" 1,204`. A line holds one candidate, so the name may be several words unquoted;
    the votes are the last word, after an optional ":" or "="."""
    tokens = tokenize(line)
    if not tokens:
        raise InputError.about(CANDIDATES, "an empty line has no candidate")
    *name_tokens, last = tokens
    votes_word = last.text
    if not last.quoted:
        # "Smith:1204" or "Smith=1204" in one word: the votes follow the last separator
        cut = max(votes_word.rfind(":"), votes_word.rfind("="))
        if cut >= 0:
            name_tokens.append(Token(votes_word[:cut], False, None))
            votes_word = votes_word[cut + 1 :]
    name = " ".join(t.text for t in name_tokens).strip().rstrip(":=").strip()
    if not name or not votes_word or last.quoted:
        raise InputError.about(
            CANDIDATES, f'"{line[:60]}": write a name and votes, like Smith: 1204'
        )
    return candidate_votes(name, votes_word, line.strip())
