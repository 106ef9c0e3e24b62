"""The "Scan for recounts" form: the canvass dates, the election (prefilled from the file once
it is read), and whether the files are complete."""

from __future__ import annotations

from typing import Any, Final

from handlers.slack.text import plain
from handlers.syntax.scan_words import ELECTION_TYPES

SCAN_FORM_ID: Final = "scan_form"


def _election_option(word: str) -> dict[str, Any]:
    return {"text": {"type": "plain_text", "text": word.capitalize()}, "value": word}


COUNTY_BLOCK: Final = "county"


def scan_form(
    metadata: str,
    election: str | None = None,
    said: str = "Reading the file…",
    one_file: bool = False,
) -> dict[str, Any]:
    """The shortcut's small form: the canvass dates, the election (prefilled from the file
    once it is read), whether the files are complete, and, for one file, its county (the
    2024 county workbooks do not name it; a one-county contest is filed with its county)."""
    election_element: dict[str, Any] = {
        "type": "static_select",
        "action_id": "value",
        "options": [_election_option(w) for w in ELECTION_TYPES],
    }
    if election in ELECTION_TYPES:
        election_element["initial_option"] = _election_option(election)
    return {
        "type": "modal",
        "callback_id": SCAN_FORM_ID,
        "title": {"type": "plain_text", "text": "Scan for recounts"},
        "submit": {"type": "plain_text", "text": "Scan"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "private_metadata": metadata,
        "blocks": [
            {
                "type": "context",
                "block_id": "file",
                "elements": [plain(said, 2000)],
            },
            {
                "type": "input",
                "block_id": "canvass",
                "optional": True,
                "label": {"type": "plain_text", "text": "Date of the county canvass"},
                "element": {"type": "datepicker", "action_id": "value"},
            },
            {
                "type": "input",
                "block_id": "state_canvass",
                "optional": True,
                "label": {"type": "plain_text", "text": "Date of the state canvass"},
                "hint": {
                    "type": "plain_text",
                    "text": "For (2) offices and (4)/(5) questions: their window opens with it. "
                    "Without it they have no day to act yet.",
                },
                "element": {"type": "datepicker", "action_id": "value"},
            },
            {
                "type": "input",
                "block_id": "election",
                "optional": True,
                "label": {"type": "plain_text", "text": "Election (if the file does not say)"},
                "element": election_element,
            },
            *(
                [
                    {
                        "type": "input",
                        "block_id": COUNTY_BLOCK,
                        "optional": True,
                        "label": {
                            "type": "plain_text",
                            "text": "County (if the file does not say)",
                        },
                        "hint": {
                            "type": "plain_text",
                            "text": "One of the 56, e.g. Gallatin: where this county's own "
                            "contests are filed",
                        },
                        "element": {"type": "plain_text_input", "action_id": "value"},
                    }
                ]
                if one_file
                else []
            ),
            {
                "type": "input",
                "block_id": "complete",
                "optional": True,
                "label": {"type": "plain_text", "text": "Coverage"},
                "element": {
                    "type": "checkboxes",
                    "action_id": "value",
                    "options": [
                        {
                            "text": {
                                "type": "plain_text",
                                "text": "The files hold every county that voted",
                            },
                            "value": "complete",
                        }
                    ],
                },
            },
        ],
    }
