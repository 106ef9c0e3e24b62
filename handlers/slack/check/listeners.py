"""The check's listeners: what Slack sends (kind, id) and the function that answers it."""

from __future__ import annotations

from typing import Final

from handlers.slack.check import (
    command,
    form_submitted,
    kind_chosen,
    print_record,
    shortcut,
    show_work,
    whatif,
)
from handlers.slack.check.form import FORM_CALLBACK_ID, KIND_ACTION_ID
from handlers.slack.check.shortcut import CHECK_SHORTCUT_ID
from handlers.slack.check.verdict import ADJUST_ACTION_ID, PETITION_ACTION_ID, RECORD_ACTION_ID
from handlers.slack.check.work import WORK_ACTION_ID, WORK_RETENTION_ACTION_ID
from handlers.slack.listener import Listener
from handlers.syntax import COMMAND

LISTENERS: Final[tuple[Listener, ...]] = (
    ("command", COMMAND, command.recount_command),
    ("view", FORM_CALLBACK_ID, form_submitted.form_submitted),
    ("action", KIND_ACTION_ID, kind_chosen.kind_chosen),
    ("shortcut", CHECK_SHORTCUT_ID, shortcut.check_recount),
    ("action", ADJUST_ACTION_ID, whatif.adjust),
    ("action", WORK_ACTION_ID, show_work.show_work),
    ("action", WORK_RETENTION_ACTION_ID, show_work.show_work),
    ("action", RECORD_ACTION_ID, print_record.print_record),
    ("action", PETITION_ACTION_ID, print_record.print_record),
)
