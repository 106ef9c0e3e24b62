"""Splitting typed text into words: double quotes group words, `=` joins a name to its votes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain import FIELDS, InputError
from handlers.syntax.numbers import NUMBERISH

# Quote characters Slack and phones type: straight and curly double quotes.
_OPEN_QUOTES: Final = {'"': '"', "“": "”", "”": "”", "„": "“"}
_CLOSE_QUOTES: Final = {'"', "”", "“"}

# keyword -> the input field it introduces, from each field's declared Term.
KEYWORDS: Final = {word: f.key for f in FIELDS.values() for word in f.term.keywords}


@dataclass
class Token:
    text: str
    quoted: bool  # any part was inside quotes: never a keyword, never split at "="
    split_at: int | None  # index of the first "=" outside quotes

    @property
    def word(self) -> str:
        return self.text.lower()

    @property
    def shown(self) -> str:
        return f'"{self.text}"' if self.quoted else self.text

    @property
    def is_keyword(self) -> bool:
        return not self.quoted and self.word in KEYWORDS

    @property
    def looks_numeric(self) -> bool:
        return not self.quoted and NUMBERISH.fullmatch(self.text) is not None


def tokenize(text: str) -> list[Token]:
    if not any(quote in text for quote in _OPEN_QUOTES):  # the usual case: plain words
        return [
            Token(word, False, word.find("=") if "=" in word else None) for word in text.split()
        ]
    tokens: list[Token] = []
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
                tokens.append(Token("".join(chars), quoted, split_at))
            chars, quoted, split_at, in_token = [], False, None, False
        else:
            if ch == "=" and split_at is None:
                split_at = len(chars)
            chars.append(ch)
            in_token = True
        i += 1
    if in_token:
        tokens.append(Token("".join(chars), quoted, split_at))
    return tokens


# Keywords of several words ("state canvass", "no state canvass"), longest first, under
# their first word: a quick check's dozen words each look up one word, not every phrase.
_PHRASES: Final[dict[str, list[tuple[str, ...]]]] = {}
for _phrase in sorted(
    (tuple(word.split()) for word in KEYWORDS if " " in word), key=len, reverse=True
):
    _PHRASES.setdefault(_phrase[0], []).append(_phrase)


def _plain(token: Token) -> bool:
    return not token.quoted and token.split_at is None


def join_phrases(tokens: list[Token]) -> list[Token]:
    """Unquoted words that spell a keyword of several words become one token: `state canvass
    12/1` is the state canvass date, where `state` alone would be a kind or a name."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        for phrase in _PHRASES.get(token.word, ()) if _plain(token) else ():
            words = tokens[i : i + len(phrase)]
            if len(words) == len(phrase) and all(
                _plain(t) and t.word == w for t, w in zip(words, phrase, strict=True)
            ):
                out.append(Token(" ".join(t.text for t in words), False, None))
                i += len(phrase)
                break
        else:
            out.append(token)
            i += 1
    return out


def expand_keyword_equals(tokens: list[Token]) -> list[Token]:
    """`seats=3` reads as `seats 3`; `Smith=1204` stays a name and its votes."""
    out: list[Token] = []
    for t in tokens:
        if t.split_at is not None and t.text[: t.split_at].lower() in KEYWORDS:
            rest = t.text[t.split_at + 1 :]
            out.append(Token(t.text[: t.split_at], False, None))
            if rest:
                out.append(Token(rest, t.quoted, None))
        else:
            out.append(t)
    return out
