"""The scan's words: what a clerk types with a results file in Slack (or after a watch's
URLs), the command line's options as words.

scan canvass 11/25 complete election primary seats "TITLE=3" kind "LEVY=question"

Read here as they were typed; handlers.results.scan turns them into a scan's options (a
title's answer matched as the files write titles, a county named one of the 56).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

from domain import InputError
from handlers.syntax.dates import month_date, single_word_date
from handlers.syntax.tokens import Token, tokenize

# The elections the scan reads (scan.md): a special election (the 2017 US House vacancy)
# elects one winner a seat and nominates nobody, so it is read like a general for the law.
ELECTION_TYPES: Final = ("general", "primary", "special")
# The answers a scan takes, each word with the form of its value (on the command line the
# same words follow "--": --seats "TITLE=N").
ANSWERS: Final = {"seats": '"TITLE=N"', "kind": '"TITLE=KIND"', "county": '"FILE=NAME"'}
# The words that take no value: said alone ("complete"), quoted when a sentence names them.
BARE_WORDS: Final = ("complete",)
TAKES: Final = (
    f"canvass DATE, state canvass DATE, complete, election {'|'.join(ELECTION_TYPES)}, "
    + ", ".join(f"{word} {form}" for word, form in ANSWERS.items())
)


@dataclass(frozen=True)
class ScanWords:
    """A scan's options as typed: the answers ("TITLE=N", "TITLE=KIND", "FILE=NAME") are
    read, and refused where wrong, by handlers.results.scan."""

    canvass: date | None = None
    state_canvass: date | None = None
    election: str | None = None
    complete: bool = False
    kinds: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    counties: tuple[str, ...] = ()


def scan_words(text: str, today: date) -> ScanWords:
    """The scan's options in the message that came with the file. Raises InputError."""
    tokens = tokenize(text)
    if tokens and tokens[0].word == "scan":
        tokens = tokens[1:]
    canvass: date | None = None
    state_canvass: date | None = None
    election: str | None = None
    complete = False
    kinds: list[str] = []
    seats: list[str] = []
    counties: list[str] = []
    i = 0
    while i < len(tokens):
        # The scan's own advice is written as the command line's options ("give --kind ..."):
        # a clerk who copies "--kind" into Slack means the word.
        word = tokens[i].word.removeprefix("--")
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if word in BARE_WORDS:
            complete, i = True, i + 1
        elif word in ELECTION_TYPES:
            election, i = word, i + 1
        elif word == "election" and following is not None and following.word in ELECTION_TYPES:
            election, i = following.word, i + 2
        elif word in ANSWERS and following is not None:
            {"seats": seats, "kind": kinds, "county": counties}[word].append(following.text)
            i += 2
        elif word == "canvass" and following is not None:
            canvass, i = _date_at(tokens, i + 1, today, "canvass")
        elif word in ("state", "state-canvass") and following is not None:
            # "state canvass DATE" (the words), or "--state-canvass DATE" copied from advice
            at = i + 1 if word == "state-canvass" else i + 2
            if word == "state" and following.word != "canvass":
                raise InputError.about(None, f'"state {following.text}": a scan takes {TAKES}')
            if at >= len(tokens):
                raise InputError.about("state_canvass", "state canvass needs a date")
            state_canvass, i = _date_at(tokens, at, today, "state canvass")
        else:
            raise InputError.about(None, f'"{tokens[i].text}": a scan takes {TAKES}')
    return ScanWords(
        canvass=canvass,
        state_canvass=state_canvass,
        election=election,
        complete=complete,
        kinds=tuple(kinds),
        seats=tuple(seats),
        counties=tuple(counties),
    )


def _date_at(tokens: list[Token], at: int, today: date, what: str) -> tuple[date, int]:
    """The date of one to three words at `at`, and the index after it."""
    single = single_word_date(tokens[at].text, today)
    found = (single, 1) if single else month_date([t.text for t in tokens[at : at + 3]], today)
    if found is None:
        raise InputError.about("canvass", f'"{what} {tokens[at].text}" is not a date')
    return found[0], at + found[1]
