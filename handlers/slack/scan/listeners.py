"""The scan's listeners: what Slack sends (kind, id) and the function that answers it."""

from __future__ import annotations

import re
from typing import Final

from handlers.slack.listener import Listener
from handlers.slack.scan import (
    check_clicked,
    election_chosen,
    file_in_dm,
    form_submitted,
    recount_kit,
    shortcut,
)
from handlers.slack.scan.form import SCAN_FORM_ID
from handlers.slack.scan.scanning import SCAN_SHORTCUT_ID
from handlers.slack.scan.summary import (
    CHECK_ACTION_ID,
    CHECK_RETENTION_ACTION_ID,
    ELECTION_ACTION_ID,
    KIT_ACTION_ID,
)
from handlers.syntax.scan_words import ELECTION_TYPES

LISTENERS: Final[tuple[Listener, ...]] = (
    ("event", "message", file_in_dm.file_in_a_dm),
    ("shortcut", SCAN_SHORTCUT_ID, shortcut.scan_shortcut),
    ("view", SCAN_FORM_ID, form_submitted.scan_form_submitted),
    (
        "action",
        re.compile(f"^{ELECTION_ACTION_ID}_({'|'.join(ELECTION_TYPES)})$"),
        election_chosen.election_chosen,
    ),
    ("action", CHECK_ACTION_ID, check_clicked.check_clicked),
    ("action", CHECK_RETENTION_ACTION_ID, check_clicked.check_clicked),
    ("action", KIT_ACTION_ID, recount_kit.recount_kit),
)
