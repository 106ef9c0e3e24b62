"""`recount check ... --pdf FILE`: the verdict's record for the canvass minutes, written to a
file. The page is handlers.paper.record's; this is its command-line edge: the
time it was produced is now in Montana, and the file is written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from datetime import date
from pathlib import Path

from bot.clock import montana_now
from domain import InputError, check
from domain.verdict import Verdict
from handlers.paper.kit import kit_pdf
from handlers.paper.petition import NoPetition, petition_pdf
from handlers.paper.record import Provenance, record_pdf
from handlers.results.precincts import Wanted, precinct_rows
from handlers.syntax import FormRequest, HelpRequest, parse


def write_record(text: str, today: date, path: str) -> None:
    """Checks `text` and writes its record to `path`. Raises InputError with one line."""
    pdf = record_pdf(_verdict(text, today), Provenance(produced_at=montana_now()))
    _write(pdf, path)


def write_petition(text: str, today: date, path: str) -> None:
    """Checks `text` and writes a petition draft to `path`. Raises InputError with one line,
    saying why, where nothing can be filed (a tie, a margin too large, ...)."""
    try:
        pdf = petition_pdf(_verdict(text, today), Provenance(produced_at=montana_now()))
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
    _write(kit_pdf(rows, Provenance(produced_at=montana_now())), path)
    return len(rows.rows)
