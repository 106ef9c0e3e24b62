"""Buttons and selects, one listener a file."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.actions import (
    cancel_reminders,
    check_contest,
    kind_chosen,
    new_check,
    print_record,
    recount_kit,
    remind,
    scan_election,
    show_work,
    stop_watch,
    whatif,
)
from handlers.slack.home import refresher
from handlers.slack.services import Services


def register(app: App, services: Services) -> None:
    kind_chosen.register(app, services)
    whatif.register(app, services)
    print_record.register(app, services)
    recount_kit.register(app, services)
    show_work.register(app, services)
    check_contest.register(app, services)
    scan_election.register(app, services)
    stop_watch.register(app, services)
    new_check.register(app, services)
    # a reminder scheduled or cancelled redraws the clicker's Home tab
    refresh_home = refresher(services)
    remind.register(app, services, refresh_home)
    cancel_reminders.register(app, services, refresh_home)
