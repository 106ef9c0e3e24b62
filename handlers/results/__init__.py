"""The canvass scan, Slack-free: results exports in, every contest checked (scan.md)."""

from handlers.results.contests import Answers
from handlers.results.render_csv import scan_csv
from handlers.results.render_json import scan_json
from handlers.results.render_text import scan_text
from handlers.results.scan import (
    Scan,
    ScanOptions,
    answers_from,
    counties_from,
    scan,
    scan_request,
)
from handlers.results.tables import MAX_BYTES, ResultsFileError

__all__ = [
    "MAX_BYTES",
    "Answers",
    "ResultsFileError",
    "Scan",
    "ScanOptions",
    "answers_from",
    "counties_from",
    "scan",
    "scan_csv",
    "scan_json",
    "scan_request",
    "scan_text",
]
