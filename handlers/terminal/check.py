"""The commands that take a check's text (the quick syntax, as after /recount):
`recount check TEXT`, one race or question checked (with --pdf, its record on paper too), and
`recount petition --pdf FILE TEXT`, a petition draft.

Exit status: 0 with a verdict, help or a paper written; 2 for bad text, with one line on
stderr and nothing on stdout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final, TextIO

from domain import InputError
from handlers.syntax import COMMAND, GENERAL_EXAMPLE
from handlers.terminal.output import EXIT_OK, EXIT_USAGE, UsageError
from handlers.terminal.verdict import CHECK_PREFIX, error_line, verdict_output

NOTHING_TO_CHECK: Final = (
    f"nothing to check; type what you would after {COMMAND}, e.g. "
    f'{CHECK_PREFIX} "{GENERAL_EXAMPLE}"'
)

NOTHING_TO_DRAFT: Final = f'nothing to draft; e.g. recount petition --pdf p.pdf "{GENERAL_EXAMPLE}"'


@dataclass(frozen=True)
class CheckRequest:
    text: list[str]  # the words after the options, as the shell passed them
    as_json: bool = False
    pdf: str | None = None  # also write the verdict's record here
    today: date | None = None  # what-if: as of that day


@dataclass(frozen=True)
class PetitionRequest:
    text: list[str]  # as for check
    pdf: str
    today: date | None = None


def joined(words: list[str]) -> str:
    """The words of a command line as the one grammar reads them. A shell has already taken
    the quotes off `county "Ann Jones" 1199`: a word of several words, among others, gets
    its double quotes back. One word is the whole text, as `recount check "county ..."`."""
    if len(words) == 1:
        return words[0]
    return " ".join(f'"{w}"' if _a_name_of_words(w) else w for w in words)


def _a_name_of_words(word: str) -> bool:
    """Words a shell kept together ("Ann Jones"): spaces inside, nothing a name never holds
    (a quote, a line break: the grammar refuses those in its own words)."""
    inner = word.strip()
    return " " in inner and '"' not in inner and inner.isprintable()


def _text(words: list[str], nothing: str) -> str:
    """The check the words hold. Raises UsageError (`nothing`) when they hold none."""
    text = joined(words)
    if not text.strip():
        raise UsageError(nothing)
    return text


def run_check(
    request: CheckRequest,
    out: TextIO,
    err: TextIO,
    *,
    today: Callable[[], date],
    now: Callable[[], datetime],
) -> int:
    # A script must not read help as a verdict: nothing to check is a usage error.
    text = _text(request.text, NOTHING_TO_CHECK)
    day = request.today or today()
    try:
        reply = verdict_output(text, day, as_json=request.as_json)
        if request.pdf:
            # Imported when asked, on purpose: reportlab is for the record, not every check.
            from handlers.terminal.paper import write_record

            write_record(text, day, request.pdf, now())
    except InputError as error:
        print(error_line(error), file=err)
        return EXIT_USAGE
    out.write(reply)
    if request.pdf:
        print(f"recount: the record is in {request.pdf}", file=err)
    return EXIT_OK


def run_petition(
    request: PetitionRequest,
    out: TextIO,
    err: TextIO,
    *,
    today: Callable[[], date],
    now: Callable[[], datetime],
) -> int:
    text = _text(request.text, NOTHING_TO_DRAFT)
    # Imported when asked, on purpose: reportlab is for paper, not every command.
    from handlers.terminal.paper import write_petition

    try:
        write_petition(text, request.today or today(), request.pdf, now())
    except InputError as error:
        print(error_line(error), file=err)
        return EXIT_USAGE
    print(f"recount: the petition draft is in {request.pdf}", file=err)
    return EXIT_OK
