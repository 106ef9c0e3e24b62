"""The one grammar for what follows `/recount` and `recount check` (shared/spec/quick-syntax.md).

    (nothing)        -> FormRequest (open the form)
    help             -> HelpRequest
    KIND ITEMS...    -> a validated check input for the domain

Every failure is a `QuickSyntaxError` (an `InputError`) that quotes the offending words and
carries one correct example for the kind. This package reads text and imports nothing from
Slack; the law is `domain`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

from domain import KINDS, CheckInput, ContestKind, InputError, Problem, build_check, resolve_kind
from domain.kinds import AMBIGUOUS_WORDS
from handlers.syntax.examples import GENERAL_EXAMPLE, example_for
from handlers.syntax.items import Items, read_items
from handlers.syntax.tokens import Token, expand_keyword_equals, join_phrases, tokenize
from handlers.syntax.words import near_kind, office_kind

MAX_TEXT_LENGTH: Final = 3000  # Slack's own cap on a section; longer text is refused at once


class QuickSyntaxError(InputError):
    """Text that does not fit the grammar or the law's inputs; `example` shows a right one."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], example: str) -> None:
        super().__init__(problems)
        self.example = example


@dataclass(frozen=True)
class HelpRequest:
    """`help`."""


@dataclass(frozen=True)
class FormRequest:
    """Nothing after the command."""


ParsedCommand = CheckInput | HelpRequest | FormRequest


def parse(text: str, today: date) -> ParsedCommand:
    """Reads what follows `/recount`. `today` fills in a date written without a year."""
    if len(text) > MAX_TEXT_LENGTH:
        too_long = f"that text is {len(text):,} characters; the limit is {MAX_TEXT_LENGTH:,}"
        raise QuickSyntaxError([Problem(None, too_long)], GENERAL_EXAMPLE)
    kind: ContestKind | None = None
    items: Items | None = None
    try:
        tokens = expand_keyword_equals(tokenize(text))
        # after the kind: `county canvass 11/16 ...` is the kind county, then its canvass
        tokens = tokens[:1] + join_phrases(tokens[1:])
        if not tokens:
            return FormRequest()
        if not tokens[0].quoted and tokens[0].word == "help":
            return HelpRequest()
        kind = _kind(tokens[0], tokens[1:])
        _refuse_leading_office(tokens, kind)
        items = read_items(tokens[1:], today, kind)
        return build_check(kind, items.fields)
    except QuickSyntaxError:
        raise
    except InputError as error:
        shown = items.shown if items is not None else {}
        raise QuickSyntaxError(_quoted(error.problems, shown), example_for(kind)) from None


def _kind(token: Token, rest: list[Token]) -> ContestKind:
    """The first word: a kind or alias; an office or a near miss gets the kind it points to,
    with the clerk's own words back (`sheriff Smith 1204 ...` -> `county Smith 1204 ...
    race "sheriff"`). A word that names several kinds (`judge`) is refused with each kind
    and an example."""
    readings = AMBIGUOUS_WORDS.get(token.text.lower())
    if readings is not None:
        choices = "; ".join(f"{meaning}: {example_for(kind)}" for kind, meaning in readings)
        raise QuickSyntaxError(
            [
                Problem(
                    "kind",
                    f'"{token.text}" can mean more than one kind of contest; write the kind. '
                    f"For {choices}",
                )
            ],
            example_for(readings[0][0]),
        )
    try:
        return resolve_kind(token.text)
    except InputError:
        meant = near_kind(token.text)
        if meant is None:
            raise
        words = [meant.value, *(t.shown for t in rest)]
        if office_kind(token.text) is not None and not any(t.word == "race" for t in rest):
            words.append(f'race "{token.text}"')  # an office named: it labels the race
        fixed = " ".join(words) if rest else example_for(meant)
        raise QuickSyntaxError(
            [
                Problem(
                    "kind",
                    f'"{token.text}" is not a kind of contest; for {KINDS[meant].a_label} write '
                    f"{fixed}",
                )
            ],
            fixed,
        ) from None


def _refuse_leading_office(tokens: list[Token], kind: ContestKind) -> None:
    """`school trustee Adams 412 Baker 410`: the office phrase after the kind is no candidate.
    Refused, never guessed, with the whole text back, every word kept: the phrase becomes the
    race label (`school Adams 412 Baker 410 race "school trustee"`)."""
    j = 1
    while j < len(tokens) and not tokens[j].quoted and office_kind(tokens[j].text) is kind:
        j += 1
    after = tokens[j] if j < len(tokens) else None
    if j == 1 or after is None or after.looks_numeric or after.is_keyword:
        return
    if any(t.word == "race" and not t.quoted for t in tokens):
        return  # a label is given already: the item reader says what is wrong
    phrase = " ".join(t.text for t in tokens[:j])
    fixed = " ".join([tokens[0].shown, *(t.shown for t in tokens[j:]), f'race "{phrase}"'])
    office = " ".join(t.text for t in tokens[1:j])
    raise QuickSyntaxError(
        [
            Problem(
                "candidates",
                f'"{office}" is the office, not a candidate: write {fixed}',
            )
        ],
        fixed,
    )


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
