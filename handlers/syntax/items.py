"""Reading the items after the kind: candidates with their votes, and keyword values.

The reader never guesses (quick-syntax.md). A word becomes a candidate's name only when votes
follow it and it is not a mistyped keyword, a kind, an office, a month or a filler word;
named candidates and bare numbers are not mixed. Each refusal names the fix for the kind at
hand. A keyword's value is read by the type its field declares (domain.fields).
`read_candidate_line` reads one line of the form's candidate box by the same rules, so
`"Mary Smith" 1,204` means the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from domain import FIELDS, KINDS, ContestKind, InputError, ValueType, fields_for
from domain.kinds import AMBIGUOUS_WORDS
from handlers.syntax.dates import DATE_HINT, is_month, month_date, parse_date, single_word_date
from handlers.syntax.examples import example_for
from handlers.syntax.numbers import NUMBERISH, parse_number
from handlers.syntax.tokens import KEYWORDS, Token, tokenize
from handlers.syntax.words import FILLER_WORDS, near_keyword, office_kind

CANDIDATES = "candidates"
_SEPARATORS = "=:"  # Smith=1204, Smith:1204


def candidate_votes(name: str, votes_word: str, shown: str) -> tuple[str, int]:
    """One candidate item: a name and the word that should be their votes ("1,204," is
    1204: a comma between candidates is not part of the number)."""
    try:
        return name, parse_number(votes_word.removesuffix(","), f"votes for {name}")
    except InputError as error:
        raise InputError.about(CANDIDATES, f'"{shown}": {error.message}') from None


def takes(kind: ContestKind) -> str:
    """A kind's items as typed, from the fields' declarations: "names with votes (Smith
    1204), seats 3, total 13708, ..."."""
    words = []
    for f in fields_for(kind):
        if f.value_type is ValueType.CANDIDATES:
            words.append("names with votes (Smith 1204)")
        elif f.value_type is ValueType.FLAG:
            words.append(f.term.keywords[0])
        elif f.term.keywords:
            words.append(f"{f.term.keywords[0]} {f.term.example}")
    return ", ".join(words)


@dataclass
class Items:
    today: date
    kind: ContestKind
    fields: dict[str, object] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)  # field -> the words that set it
    candidates: list[tuple[str, int]] = field(default_factory=list)
    bare: list[str] = field(default_factory=list)  # numbers given without a name, as shown
    named: int = 0

    def set(self, name: str, value: object, shown: str) -> None:
        if name in self.fields:
            raise InputError.about(
                name, f'"{shown}": {name} is given twice (first as "{self.shown[name]}")'
            )
        self.fields[name] = value
        self.shown[name] = shown

    def add_candidate(self, name: str | None, votes_word: str, shown: str) -> None:
        if name is None:
            name = letter_name(len(self.bare))
            self.bare.append(shown)
        else:
            self.named += 1
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


def _did_you_mean(items: Items, token: Token, keyword: str, value: str | None) -> InputError:
    """A mistyped keyword ("seat 3", "seats:", "sigs 12"): what to type, for this kind."""
    shown = (
        f"{token.text} {value}" if value is not None and ":" not in token.text[:-1] else token.text
    )
    example = FIELDS[KEYWORDS[keyword]].term.example
    wanted = f"{keyword} {value if value is not None else example}"
    head = token.text.partition(":")[0]
    if head.lower() == keyword:
        fix = f'write "{wanted}", without the colon'
    else:
        fix = f'did you mean "{wanted}"?'
    name = KEYWORDS[keyword]
    info = KINDS[items.kind]
    if name not in {f.key for f in fields_for(items.kind)}:
        fix += (
            f". But {FIELDS[name].term.name} does not apply to {info.a_label} "
            f"({items.kind.value}); it takes {takes(items.kind)}"
        )
    elif head.lower() != keyword and value is not None and NUMBERISH.fullmatch(value):
        fix += f' If {head} is a candidate\'s name, put it in double quotes: "{head}" {value}'
    return InputError.about(name, f'"{shown}": {fix}')


def _not_a_name(items: Items, token: Token, after: Token | None) -> InputError | None:
    """Why an unquoted word followed by a number is not a candidate's name, if it is not."""
    word = token.text
    shown = f"{word} {after.text}" if after is not None else word
    quoted = f'if {word} is a candidate\'s name, put it in double quotes: "{word}" 1204'
    if word.lower() in FILLER_WORDS:
        return InputError.about(
            CANDIDATES,
            f'"{word}": leave it out; a {items.kind.value} check takes {takes(items.kind)}',
        )
    if is_month(word) and after is not None:
        return InputError.about(
            "canvass", f'"{shown}" looks like a date: write "canvass {shown}"; {quoted}'
        )
    readings = AMBIGUOUS_WORDS.get(word.lower())
    if readings is not None:
        meanings = ", ".join(f"{meaning} ({kind.value})" for kind, meaning in readings)
        return InputError.about(
            CANDIDATES,
            f'"{shown}": {word} is not a candidate (it can mean {meanings}). To label the race '
            f'write race "{shown}"; {quoted}',
        )
    kind = office_kind(word)
    if kind is None:
        return None
    said = f"{word} is not a candidate"
    if kind is not items.kind:
        said += f" ({word.lower()} goes with {KINDS[kind].label}: {example_for(kind)})"
    return InputError.about(
        CANDIDATES, f'"{shown}": {said}. To label the race write race "{shown}"; {quoted}'
    )


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
                KEYWORDS[keyword.word], f'"{keyword.text} {value.shown}": not a date; {DATE_HINT}'
            )
        day, used = found
    shown = " ".join(t.shown for t in tokens[i - 1 : i + used])
    items.set(KEYWORDS[keyword.word], day, shown)
    return i + used


def _keyword_value(items: Items, tokens: list[Token], i: int, keyword: Token) -> int:
    """Reads the value after a keyword; returns the index of the next unread token."""
    name = KEYWORDS[keyword.word]
    if FIELDS[name].value_type is ValueType.FLAG:
        items.set(name, True, keyword.text)  # a keyword alone: `no state canvass`
        return i
    if i >= len(tokens) or tokens[i].is_keyword:
        raise InputError.about(name, f'"{keyword.text}" needs a value after it')
    value_type = FIELDS[name].value_type
    if value_type is ValueType.DATE:
        return _date_value(items, tokens, i, keyword)
    value = tokens[i]
    shown = f"{keyword.text} {value.shown}"
    if value_type is ValueType.TEXT:
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if not value.quoted and following is not None and following.looks_numeric:
            words = f"{value.text} {following.text}"
            raise InputError.about(
                name,
                f'"{keyword.text} {words}": words that belong together go in double quotes: '
                f'{keyword.text} "{words}"',
            )
        items.set(name, value.text, shown)
        return i + 1
    try:
        number = parse_number(value.text.removesuffix(","), keyword.word)
    except InputError as error:
        raise InputError.about(name, f'"{shown}": {error.message}') from None
    items.set(name, number, shown)
    return i + 1


def _split(token: Token) -> tuple[str, str] | None:
    """NAME=VOTES or NAME:VOTES in one word."""
    if token.split_at is not None:
        return token.text[: token.split_at], token.text[token.split_at + 1 :]
    if not token.quoted and ":" in token.text[:-1]:
        name, _, votes = token.text.partition(":")
        return name, votes
    return None


def _mistyped_keyword(tokens: list[Token], i: int) -> tuple[str, str | None] | None:
    """`seat 3`, `seats:`, `seats:3`, `totl 13708`: the keyword meant and its value."""
    token = tokens[i]
    if token.quoted:
        return None
    head, colon, rest = token.text.partition(":")
    keyword = head.lower() if colon and head.lower() in KEYWORDS else near_keyword(head + colon)
    if keyword is None:
        return None
    if rest:
        return keyword, rest
    return keyword, tokens[i + 1].text if i + 1 < len(tokens) else None


def _mixed(items: Items) -> InputError:
    first = items.bare[0]
    return InputError.about(
        CANDIDATES,
        f'"{first}" has no name, but other candidates do: give every candidate a name, or none. '
        "A number is written without spaces (12,040 or 12040); names with spaces go in double "
        'quotes ("Mary Smith" 1204)',
    )


def read_items(tokens: list[Token], today: date, kind: ContestKind) -> Items:
    items = Items(today, kind)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.is_keyword:
            i = _keyword_value(items, tokens, i + 1, token)
            continue
        mistyped = _mistyped_keyword(tokens, i)
        if mistyped is not None:
            raise _did_you_mean(items, token, *mistyped)
        split = _split(token)
        if split is not None:
            name, votes = split
            if not name.strip():
                raise InputError.about(CANDIDATES, f'"{token.text}": a name is missing before "="')
            refusal = None if token.quoted else _not_a_name(items, Token(name, False, None), None)
            if refusal is not None:
                raise refusal
            items.add_candidate(name, votes, token.shown)
            i += 1
        elif token.looks_numeric:
            items.add_candidate(None, token.text, token.text)
            i += 1
        else:
            refusal = None if token.quoted else _not_a_name(items, token, after)
            if refusal is not None:
                raise refusal
            if single_word_date(token.text, today) is not None:
                raise InputError.about(
                    "canvass", f'"{token.text}" looks like a date: write "canvass {token.text}"'
                )
            if after is None or not after.looks_numeric:
                found = f' (found "{after.text}" instead)' if after is not None else ""
                hint = (
                    f'to label the race write race "{token.text}"'
                    if token.quoted
                    else 'names with spaces go in double quotes, and a race label as race "..."'
                )
                raise InputError.about(
                    CANDIDATES,
                    f'"{token.text}" needs its votes right after it, like "{token.text}" 1204'
                    f"{found}; {hint}",
                )
            items.add_candidate(token.text.rstrip(":"), after.text, f"{token.shown} {after.text}")
            i += 2
    if items.named and items.bare:
        raise _mixed(items)
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
        cut = max(votes_word.rfind(sep) for sep in _SEPARATORS)
        if cut >= 0:
            name_tokens.append(Token(votes_word[:cut], False, None))
            votes_word = votes_word[cut + 1 :]
    name = " ".join(t.text for t in name_tokens).strip().rstrip(_SEPARATORS).strip()
    if not name or not votes_word or last.quoted:
        raise InputError.about(
            CANDIDATES, f'"{line[:60]}": write a name and votes, like Smith: 1204'
        )
    return candidate_votes(name, votes_word, line.strip())
