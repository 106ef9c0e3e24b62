"""`recount check ... --pdf FILE`: the verdict's record for the canvass minutes, written to a
file (issue 25). The page is handlers.paper.record's; this is its command-line edge: the
time it was produced is now in Montana, and the file is written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from datetime import date
from pathlib import Path

from bot.clock import montana_now
from domain import InputError, check
from handlers.paper.record import Provenance, record_pdf
from handlers.syntax import FormRequest, HelpRequest, parse


def write_record(text: str, today: date, path: str) -> None:
    """Checks `text` and writes its record to `path`. Raises InputError with one line."""
    parsed = parse(text, today)
    if isinstance(parsed, HelpRequest | FormRequest):
        raise InputError.about(None, "--pdf needs a check to record, not help")
    pdf = record_pdf(check(parsed, today), Provenance(produced_at=montana_now()))
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
