"""The Home tab for canvass week: what the bot does, New check, how to scan, and every
reminder the bot has scheduled, soonest first, read from Slack (chat.scheduledMessages.list)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain.deadline import long_date
from domain.montana import TIME_ZONE as MONTANA
from handlers.results.compare import change_line
from handlers.slack.blocks.check_form import form_view
from handlers.slack.blocks.text import clip, escape_mrkdwn, is_channel_id, is_user_id
from handlers.slack.metadata import FormContext
from handlers.slack.observability import request_id_of
from handlers.slack.payload import text_at
from handlers.slack.services import Services
from handlers.syntax import COMMAND
from handlers.watch.durations import shown
from handlers.watch.records import DatabaseError, WatchOverview

log = logging.getLogger(__name__)
NEW_CHECK_ACTION_ID: Final = "home_new_check"
MAX_LISTED: Final = 40


def _mrkdwn(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": clip(text, 3000)}}


def upcoming(client: WebClient) -> list[dict[str, Any]]:
    """Every message the bot has scheduled, soonest first (its own queue in Slack)."""
    items = client.chat_scheduledMessages_list().get("scheduled_messages") or []
    return sorted(
        (i for i in items if isinstance(i, dict) and isinstance(i.get("post_at"), int)),
        key=lambda i: int(i["post_at"]),
    )


def home_view(
    new_check: str,
    reminders: list[dict[str, Any]] | None,
    watches: Sequence[WatchOverview] | None = (),
) -> dict[str, Any]:
    """`new_check` is the signed value of the New check button; `reminders` and `watches`
    None: unknown (Slack or the database could not be asked)."""
    blocks: list[dict[str, Any]] = [
        {
            "type": "header",
            "text": {"type": "plain_text", "text": "Recount checks (MCA 13-16-201)"},
        },
        _mrkdwn(
            "Does a close race or ballot question qualify for a recount, by when must the "
            "petition be filed, and with whom?\n"
            f"Type `{COMMAND} county Smith 1204 Jones 1199 canvass 11/16` anywhere, or open "
            "the form.\n"
            "Every answer shows its work and quotes the statute. Not legal advice."
        ),
        {
            "type": "actions",
            "elements": [
                {
                    "type": "button",
                    "action_id": NEW_CHECK_ACTION_ID,
                    "text": {"type": "plain_text", "text": "New check"},
                    "style": "primary",
                    "value": new_check,
                }
            ],
        },
        _mrkdwn(
            "*Scan a whole canvass*: drop the Secretary of State's results export (or an "
            "OpenElections CSV, or a contest/choice/votes table) into this app's Messages "
            "tab, with words such as `scan canvass 11/28 complete`."
        ),
        {"type": "divider"},
    ]
    if reminders is None:
        blocks.append(_mrkdwn("*Upcoming deadlines*\nSlack could not be asked just now."))
    elif not reminders:
        blocks.append(
            _mrkdwn(
                "*Upcoming deadlines*\nNo reminders scheduled. A verdict with a deadline ahead "
                "has a *Remind this channel* button."
            )
        )
    else:
        lines = []
        for item in reminders[:MAX_LISTED]:
            when = datetime.fromtimestamp(int(item["post_at"]), MONTANA)
            text = str(item.get("text", ""))
            race = next((ln[6:] for ln in text.splitlines() if ln.startswith("Race: ")), "a race")
            link = next((ln[13:] for ln in text.splitlines() if ln.startswith("The verdict: ")), "")
            channel = str(item.get("channel_id", ""))
            where = f"<#{channel}>" if is_channel_id(channel) else "a channel"
            shown = f"<{link}|verdict>" if link.startswith("https://") else ""
            lines.append(
                f"• {long_date(when.date())} 9:00 AM — {escape_mrkdwn(race)} — {where} {shown}"
            )
        blocks.append(_mrkdwn("*Upcoming deadlines*\n" + "\n".join(lines)))
    blocks.append(_mrkdwn(_watches_text(watches)))
    return {"type": "home", "blocks": blocks}


def _watches_text(watches: Sequence[WatchOverview] | None) -> str:
    if watches is None:
        return "*Watches*\nThe bot's database could not be asked just now."
    if not watches:
        return (
            "*Watches*\nNo watch runs. In a channel, `/recount watch URL canvass DATE` tells "
            "the channel when a contest enters or leaves recount range."
        )
    lines = []
    for item in watches[:MAX_LISTED]:
        w = item.watch
        channel = w.place.rsplit(":", 1)[-1]
        where = f"<#{channel}>" if is_channel_id(channel) else "a channel"
        sources = ", ".join(escape_mrkdwn(s) for s in w.sources)
        read = (
            "not read yet"
            if item.last_reading is None
            else f"last read {item.last_reading:%b %d %H:%M} UTC"
        )
        change = (
            "no change yet"
            if item.last_change is None
            else f"last change: {escape_mrkdwn(change_line(item.last_change.change))}"
        )
        lines.append(f"• {where}: {sources} every {shown(w.every_s)}; {read}; {change}")
    return "*Watches*\n" + "\n".join(lines)


def refresher(services: Services) -> Any:
    def refresh(client: WebClient, user: str, dm: str | None = None) -> None:
        """Publishes the Home tab for `user`; a Slack failure leaves the old tab."""
        try:
            reminders: list[dict[str, Any]] | None = upcoming(client)
        except (SlackApiError, SlackClientError, OSError):
            reminders = None
        value = services.signer.sign({"u": user, "c": dm})
        try:
            watches: list[WatchOverview] | None = services.watching.backend().overview("slack:")
        except DatabaseError:
            watches = None
        try:
            client.views_publish(user_id=user, view=home_view(value, reminders, watches))
        except (SlackApiError, SlackClientError, OSError):
            log.warning("the Home tab could not be published")

    return refresh


def register(app: App, services: Services) -> None:
    refresh = refresher(services)

    @app.event("app_home_opened")
    def home_opened(event: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        user, tab = text_at(event, "user"), text_at(event, "tab")
        if not is_user_id(user) or tab not in (None, "home"):
            return
        dm = text_at(event, "channel")
        services.after_ack.run(
            lambda: refresh(client, str(user), dm if is_channel_id(dm) else None),
            body={},
            request_id=request_id_of(context),
        )

    @app.action(NEW_CHECK_ACTION_ID)
    def new_check(ack: Ack, body: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        ack()
        data = services.signer.verify(text_at(body, "actions", 0, "value"))
        user = text_at(body, "user", "id")
        # the DM channel from app_home_opened; else the user's id, which Slack takes as the DM
        dm = text_at(data, "c") or user
        trigger = text_at(body, "trigger_id")
        if data is None or user != text_at(data, "u") or dm is None or trigger is None:
            log.warning("New check from a Home tab that does not verify")
            return
        # The verdict of a check started from Home goes to the user's own DM with the bot.
        view = form_view(services.signer.dumps(FormContext(channel=str(dm), user=str(user))))
        services.after_ack.run(
            lambda: client.views_open(trigger_id=trigger, view=view),
            body=body,
            request_id=request_id_of(context),
        )
