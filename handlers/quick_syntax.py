"""The one grammar for what follows `/recount` and `recount check` (shared/spec/quick-syntax.md).

    /recount                 -> FormRequest (open the form)
    /recount help            -> HelpRequest
    /recount KIND ITEMS...   -> a validated check input for the domain

Every failure is a `QuickSyntaxError` (an `InputError`) that quotes the offending words and
carries one correct example for the kind. This module reads text; the law is `domain`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Final

from domain import (
    KINDS,
    CheckInput,
    ContestKind,
    Family,
    InputError,
    Problem,
    build_check,
    resolve_kind,
    takes_counties,
)

MAX_TEXT_LENGTH: Final = 3000  # Slack's own cap on a section; longer text is refused at once
MAX_DIGITS: Final = 12  # far above any vote count; keeps int() away from huge strings

# Quote characters Slack and phones type: straight and curly double quotes.
_OPEN_QUOTES: Final = {'"': '"', "“": "”", "”": "”", "„": "“"}
_CLOSE_QUOTES: Final = {'"', "”", "“"}

# keyword -> field of the domain input
KEYWORDS: Final = {
    "for": "votes_for",
    "yes": "votes_for",
    "against": "votes_against",
    "no": "votes_against",
    "canvass": "canvass",
    "seats": "seats",
    "total": "total",
    "candidate": "candidate",
    "signers": "signers",
    "counties": "counties",
}

MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}

_NUMBER: Final = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")
_NUMBERISH: Final = re.compile(r"[+\-−]?[\d,.]*\d[\d,.]*")
_ISO_DATE: Final = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_US_DATE: Final = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d+))?")
_DAY: Final = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?,?", re.IGNORECASE)
_YEAR: Final = re.compile(r"\d{4}")
_FIRST_YEAR, _LAST_YEAR = 1900, 2100  # a four-digit word after "canvass Nov 16" is its year

# One correct example per family; the kind's own word is put first.
_EXAMPLE_ITEMS: Final = {
    Family.CANDIDATE_RACE: "Smith 1204 Jones 1199 canvass 2026-11-16",
    Family.BALLOT_QUESTION: "for 3237 against 3250 signers 12 canvass 2026-11-21",
    Family.CANVASS_ERROR: "canvass 2026-11-16",
}
_QUESTION_COUNTIES_ITEMS: Final = "yes 201000 no 200600 signers 150 counties 7 canvass 2026-12-01"
GENERAL_EXAMPLE: Final = "county Smith 1204 Jones 1199 canvass 2026-11-16"
# The items of quick-syntax.md in one breath, shown by `help` on every surface.
ITEMS_SUMMARY: Final = (
    "Items, in any order: NAME VOTES (or NAME=VOTES; names with spaces in double quotes), "
    "for/yes VOTES, against/no VOTES, canvass DATE, seats N, total N, candidate NAME, "
    'signers N, counties N. Dates: 2026-11-16, 11/16/2026, 11/16, Nov 16, "Nov 16, 2026".'
)
# The examples of quick-syntax.md, shown by `help` on every surface.
EXAMPLES: Final = (
    GENERAL_EXAMPLE,
    "legislature Sheldon-Galloway 1882 Dever 1868 canvass 11/28/2018",
    "municipal A=900 B=850 McGrew=694 Askew=692 seats 3",
    "question for 3237 against 3250 signers 12 canvass Nov 21",
    "state-question yes 201000 no 200600 signers 150 counties 7",
    "canvass-error",
)


def example_for(kind: ContestKind | None) -> str:
    """A correct quick-syntax text for `kind` (what follows `/recount`)."""
    if kind is None:
        return GENERAL_EXAMPLE
    info = KINDS[kind]
    if takes_counties(kind):
        return f"{kind.value} {_QUESTION_COUNTIES_ITEMS}"
    return f"{kind.value} {_EXAMPLE_ITEMS[info.family]}"


class QuickSyntaxError(InputError):
    """Text that does not fit the grammar or the law's inputs; `example` shows a right one."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], example: str) -> None:
        super().__init__(problems)
        self.example = example


@dataclass(frozen=True)
class HelpRequest:
    """`/recount help`."""


@dataclass(frozen=True)
class FormRequest:
    """`/recount` with nothing after it."""


ParsedCommand = CheckInput | HelpRequest | FormRequest


@dataclass
class _Token:
    text: str
    quoted: bool  # any part was inside quotes: never a keyword, never split at "="
    split_at: int | None  # index of the first "=" outside quotes

    @property
    def word(self) -> str:
        return self.text.lower()

    @property
    def shown(self) -> str:
        return f'"{self.text}"' if self.quoted else self.text


def _tokenize(text: str) -> list[_Token]:
    if not any(quote in text for quote in _OPEN_QUOTES):  # the usual case: plain words
        return [
            _Token(word, False, word.find("=") if "=" in word else None) for word in text.split()
        ]
    tokens: list[_Token] = []
    chars: list[str] = []
    quoted = False
    split_at: int | None = None
    in_token = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _OPEN_QUOTES:
            end = next((j for j in range(i + 1, len(text)) if text[j] in _CLOSE_QUOTES), None)
            if end is None:
                raise InputError.about(None, f"a double quote is not closed: {text[i : i + 40]}")
            chars.extend(text[i + 1 : end])
            quoted = in_token = True
            i = end + 1
            continue
        if ch.isspace():
            if in_token:
                tokens.append(_Token("".join(chars), quoted, split_at))
            chars, quoted, split_at, in_token = [], False, None, False
        else:
            if ch == "=" and split_at is None:
                split_at = len(chars)
            chars.append(ch)
            in_token = True
        i += 1
    if in_token:
        tokens.append(_Token("".join(chars), quoted, split_at))
    return tokens


def _expand_keyword_equals(tokens: list[_Token]) -> list[_Token]:
    """`seats=3` reads as `seats 3`; `Smith=1204` stays a name and its votes."""
    out: list[_Token] = []
    for t in tokens:
        if t.split_at is not None and t.text[: t.split_at].lower() in KEYWORDS:
            rest = t.text[t.split_at + 1 :]
            out.append(_Token(t.text[: t.split_at], False, None))
            if rest:
                out.append(_Token(rest, t.quoted, None))
        else:
            out.append(t)
    return out


def parse_number(word: str, what: str) -> int:
    """A whole number, thousands separators allowed: "1,204" -> 1204."""
    text = word.strip()
    if _NUMBER.fullmatch(text) and len(text.replace(",", "")) <= MAX_DIGITS:
        return int(text.replace(",", ""))
    if _NUMBER.fullmatch(text):
        raise InputError.about(None, f'"{word}" is far too large for {what}')
    if text[:1] in "-−" and _NUMBERISH.fullmatch(text):
        raise InputError.about(None, f'{what} must be 0 or more, not "{word}"')
    if _NUMBERISH.fullmatch(text):
        raise InputError.about(None, f'{what} must be a whole number, not "{word}"')
    raise InputError.about(None, f'{what} must be a number, not "{word}"')


def _looks_numeric(token: _Token) -> bool:
    return not token.quoted and _NUMBERISH.fullmatch(token.text) is not None


def _make_date(year: int, month: int, day: int, shown: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise InputError.about("canvass", f'"{shown}" is not a real date') from None


_DATE_HINT: Final = "write it like 2026-11-16, 11/16/2026, 11/16 or Nov 16"


def _single_word_date(word: str, today: date) -> date | None:
    if m := _ISO_DATE.fullmatch(word):
        return _make_date(int(m[1]), int(m[2]), int(m[3]), word)
    if m := _US_DATE.fullmatch(word):
        year = today.year if m[3] is None else int(m[3])
        if m[3] is not None and len(m[3]) != 4:
            raise InputError.about(
                "canvass", f'"{word}": write the year with four digits, like 11/16/2026'
            )
        return _make_date(year, int(m[1]), int(m[2]), word)
    return None


def _month_date(words: list[str], today: date) -> tuple[date, int] | None:
    """`Nov 16`, `November 16, 2026`, `Nov. 16th 2026`: the date and how many words it took."""
    if not words:
        return None
    month = MONTHS.get(words[0].lower().rstrip("."))
    if month is None:
        return None
    if len(words) < 2 or not (day := _DAY.fullmatch(words[1])):
        shown = " ".join(words[:2])
        raise InputError.about("canvass", f'"{shown}" needs a day after the month, like Nov 16')
    year, used = today.year, 2
    if len(words) > 2 and _YEAR.fullmatch(words[2]) and _FIRST_YEAR <= int(words[2]) <= _LAST_YEAR:
        year, used = int(words[2]), 3
    return _make_date(year, month, int(day[1]), " ".join(words[:used])), used


def parse_date(text: str, today: date) -> date:
    """A whole date string as the form or a quoted canvass item gives it."""
    words = text.replace(",", " ").split()
    single = _single_word_date(words[0], today) if len(words) == 1 else None
    if single is not None:
        return single
    found = _month_date(words, today)
    if found is None or found[1] != len(words):
        raise InputError.about("canvass", f'"{text}" is not a date; {_DATE_HINT}')
    return found[0]


@dataclass
class _Items:
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
            name = _letter_name(self.unnamed)
            self.unnamed += 1
        try:
            votes = parse_number(votes_word, f"votes for {name}")
        except InputError as error:
            raise InputError.about("candidates", f'"{shown}": {error.message}') from None
        self.candidates.append((name, votes))
        self.shown.setdefault("candidates", shown)


def _letter_name(index: int) -> str:
    """Unnamed candidates are A, B, C, ... Z, AA, AB, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _keyword_value(items: _Items, tokens: list[_Token], i: int, keyword: _Token) -> int:
    """Reads the value after a keyword; returns the index of the next unread token."""
    name = KEYWORDS[keyword.word]
    if i >= len(tokens):
        raise InputError.about(name, f'"{keyword.text}" needs a value after it')
    value = tokens[i]
    if name == "canvass":
        if value.quoted or value.split_at is not None:
            day, used = parse_date(value.text, items.today), 1
        else:
            single = _single_word_date(value.text, items.today)
            found = (
                (single, 1)
                if single
                else _month_date([t.text for t in tokens[i : i + 3]], items.today)
            )
            if found is None:
                raise InputError.about(
                    "canvass", f'"{keyword.text} {value.shown}": not a date; {_DATE_HINT}'
                )
            day, used = found
        shown = " ".join(t.shown for t in tokens[i - 1 : i + used])
        items.set(name, day, shown)
        return i + used
    shown = f"{keyword.text} {value.shown}"
    if name == "candidate":
        items.set(name, value.text, shown)
        return i + 1
    try:
        number = parse_number(value.text, keyword.word)
    except InputError as error:
        raise InputError.about(name, f'"{shown}": {error.message}') from None
    items.set(name, number, shown)
    return i + 1


def _read_items(tokens: list[_Token], today: date) -> _Items:
    items = _Items(today)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.quoted and token.word in KEYWORDS:
            i = _keyword_value(items, tokens, i + 1, token)
        elif token.split_at is not None:
            name, votes = token.text[: token.split_at], token.text[token.split_at + 1 :]
            if not name.strip():
                raise InputError.about(
                    "candidates", f'"{token.text}": a name is missing before "="'
                )
            items.add_candidate(name, votes, token.shown)
            i += 1
        elif _looks_numeric(token):
            items.add_candidate(None, token.text, token.text)
            i += 1
        else:
            if i + 1 >= len(tokens) or not _looks_numeric(tokens[i + 1]):
                after = f' (found "{tokens[i + 1].text}" instead)' if i + 1 < len(tokens) else ""
                raise InputError.about(
                    "candidates",
                    f'"{token.shown}" needs its votes right after it, like "{token.text} 1204"'
                    f"{after}; names with spaces go in double quotes",
                )
            shown = f"{token.shown} {tokens[i + 1].text}"
            items.add_candidate(token.text, tokens[i + 1].text, shown)
            i += 2
    if items.candidates:
        items.fields["candidates"] = tuple(items.candidates)
    return items


def parse(text: str, today: date) -> ParsedCommand:
    """Reads what follows `/recount`. `today` fills in a date written without a year."""
    if len(text) > MAX_TEXT_LENGTH:
        raise QuickSyntaxError(
            [
                Problem(
                    None, f"that text is {len(text):,} characters; the limit is {MAX_TEXT_LENGTH:,}"
                )
            ],
            GENERAL_EXAMPLE,
        )
    kind: ContestKind | None = None
    items: _Items | None = None
    try:
        tokens = _expand_keyword_equals(_tokenize(text))
        if not tokens:
            return FormRequest()
        if not tokens[0].quoted and tokens[0].word == "help":
            return HelpRequest()
        kind = resolve_kind(tokens[0].text)
        items = _read_items(tokens[1:], today)
        return build_check(kind, items.fields)
    except QuickSyntaxError:
        raise
    except InputError as error:
        shown = items.shown if items is not None else {}
        raise QuickSyntaxError(_quoted(error.problems, shown), example_for(kind)) from None


def _quoted(problems: tuple[Problem, ...], shown: dict[str, str]) -> list[Problem]:
    """Puts the words a problem is about in front of it, when the message lacks them."""
    out = []
    for p in problems:
        words = shown.get(p.field or "")
        if words and f'"{words}"' not in p.message and not p.message.startswith('"'):
            out.append(Problem(p.field, f'"{words}": {p.message}'))
        else:
            out.append(p)
    return out
