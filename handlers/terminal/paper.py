"""The command line's papers, each written to a file whole or not at all: `recount check ...
--pdf FILE` (the verdict's record for the canvass minutes), `recount petition` (a petition
draft) and `recount kit` (the recount board's certificate and tally sheets). The pages are
handlers.paper's; this is their command-line edge. Importing it loads reportlab: the check
and the petition (handlers.terminal.check) import it when asked."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TextIO

from domain import InputError, check
from domain.verdict import Verdict
from handlers.paper.petition import NoPetition, petition_pdf
from handlers.paper.record import Provenance, record_pdf
from handlers.paper.recount_kit import kit_pdf
from handlers.results.precincts import Wanted, precinct_rows
from handlers.results.tables import ResultsFileError
from handlers.syntax import FormRequest, HelpRequest, parse
from handlers.terminal.output import EXIT_OK, EXIT_USAGE, one_line
from handlers.terminal.scan import expand


@dataclass(frozen=True)
class KitRequest:
    files: list[str]
    contest: str  # a title as the scan lists it, or a unique prefix
    pdf: str
    party: str | None = None  # a primary's
    election: str | None = None  # where the files do not say


def run_kit(request: KitRequest, out: TextIO, err: TextIO, *, now: Callable[[], datetime]) -> int:
    try:
        precincts = write_kit(
            expand(request.files),
            request.contest,
            request.pdf,
            now(),
            party=request.party,
            election=request.election,
        )
    except (InputError, ResultsFileError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    print(f"recount: the kit for {precincts} precincts is in {request.pdf}", file=err)
    return EXIT_OK


def write_record(text: str, today: date, path: str, now: datetime) -> None:
    """Checks `text` and writes its record, produced `now`, to `path`. Raises InputError with
    one line."""
    _write(record_pdf(_verdict(text, today), Provenance(produced_at=now)), path)


def write_petition(text: str, today: date, path: str, now: datetime) -> None:
    """Checks `text` and writes a petition draft to `path`. Raises InputError with one line,
    saying why, where nothing can be filed (a tie, a margin too large, ...)."""
    try:
        pdf = petition_pdf(_verdict(text, today), Provenance(produced_at=now))
    except NoPetition as nothing:
        raise InputError.about(None, f"no petition drafted: {nothing}") from None
    _write(pdf, path)


def _verdict(text: str, today: date) -> Verdict:
    parsed = parse(text, today)
    if isinstance(parsed, HelpRequest | FormRequest):
        raise InputError.about(None, "--pdf needs a check to put on paper, not help")
    return check(parsed, today)


def _write(pdf: bytes, path: str) -> None:
    target = Path(path)
    try:
        # a whole file or none: written beside, then moved into place
        handle, temporary = tempfile.mkstemp(dir=target.parent or ".", suffix=".pdf.part")
        with os.fdopen(handle, "wb") as out:
            out.write(pdf)
        os.replace(temporary, target)
    except OSError as error:
        raise InputError.about(
            None, f"{path}: cannot be written ({error.strerror or error})"
        ) from None


def write_kit(
    paths: list[Path],
    contest: str,
    path: str,
    now: datetime,
    *,
    party: str | None = None,
    election: str | None = None,
) -> int:
    """The recount board's kit for `contest` (a title as the scan lists it, or a unique
    prefix; `party`: a primary's; `election`: where the files do not say) from these files,
    written to `path`; returns how many precincts it holds. Raises InputError or
    ResultsFileError with one line."""
    files = [(p.name, p.read_bytes()) for p in paths]
    rows = precinct_rows(files, Wanted(contest, party, election=election))
    _write(kit_pdf(rows, Provenance(produced_at=now)), path)
    return len(rows.rows)
