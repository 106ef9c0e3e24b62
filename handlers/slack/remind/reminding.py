"""Remind this channel: two scheduled reminders of a petition deadline, in the verdict's thread.

The state lives in Slack (chat.scheduleMessage, chat.scheduledMessages.list,
chat.deleteScheduledMessage): no store of ours. Buttons carry signed values, so a forged one
schedules or cancels nothing. The days come from domain.reminders (the domain's calendar).
"""

from __future__ import annotations

import logging
from datetime import date, datetime, time
from typing import Any, Final

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import Outcome, Verdict
from domain.deadline import last_open_day, long_date
from domain.montana import TIME_ZONE as MONTANA
from domain.read_as import read_as
from domain.reminders import reminder_days
from handlers.slack.metadata import MetadataSigner
from handlers.slack.text import clip, escape_mrkdwn

log = logging.getLogger(__name__)
CANCEL_ACTION_ID: Final = "cancel_reminders"
AT: Final = time(9, 0)  # 9:00 Mountain Time, when offices are open
# Outcomes with a petition still to file, and so a deadline worth a reminder.
REMINDED: Final = (Outcome.AVAILABLE, Outcome.PETITION_SHORT, Outcome.BOND)
ERRORS: Final = {
    "not_in_channel": "I am not in this channel: invite me (/invite @recount), then click again.",
    "channel_not_found": (
        "I cannot see this channel: invite me (/invite @recount), then click again."
    ),
    "time_too_far": "Slack schedules messages at most 120 days ahead; nothing was scheduled.",
    "time_in_past": "That time has already passed; nothing was scheduled.",
    "ratelimited": "Slack is busy right now; nothing was scheduled. Try again in a minute.",
}
UNREACHABLE: Final = "Slack could not be reached; nothing was scheduled. Try again shortly."


def remind_value(verdict: Verdict, signer: MetadataSigner) -> str | None:
    """The signed value of the verdict's Remind button, or None when there is nothing to
    remind of (no deadline ahead, or nothing to file)."""
    d = verdict.deadline
    # act_by is None once the day to act has passed, or where nothing is to be filed.
    if d is None or verdict.outcome not in REMINDED or verdict.act_by is None:
        return None
    file_with = verdict.file_with.label if verdict.file_with is not None else ""
    return signer.sign(
        {
            "r": clip(read_as(verdict.inputs), 600),
            "s": d.deadline_safe.isoformat(),
            "f": file_with,
        }
    )


def at_nine(day: date) -> datetime:
    return datetime.combine(day, AT, tzinfo=MONTANA)


def reminder_text(race: str, safe: date, file_with: str, day: date, link: str | None) -> str:
    """The reminder names the day to act (the last open day on or before the safe date),
    never a safe date on which the office is closed."""
    act_by = last_open_day(safe)
    left = (act_by - day).days
    when = "today" if left == 0 else f"in {left} day{'s' if left != 1 else ''}"
    closed = f" (the office is closed on the safe last day, {long_date(safe)})"
    lines = [
        f":alarm_clock: Recount petition: the day to act is {when}. File by {long_date(act_by)}"
        + (f" with {file_with}" if file_with else "")
        + (closed if act_by != safe else "")
        + ".",
        f"Race: {escape_mrkdwn(race)}",
    ]
    if link:
        lines.append(f"The verdict: {link}")
    return "\n".join(lines)


def _stamp(moment: datetime) -> str:
    return f"{long_date(moment.date())} at 9:00 AM Mountain Time"


def _cancel_button(value: str) -> dict[str, Any]:
    return {
        "type": "button",
        "action_id": CANCEL_ACTION_ID,
        "text": {"type": "plain_text", "text": "Cancel reminders", "emoji": True},
        "style": "danger",
        "value": value,
    }


def slack_error(error: Exception) -> str:
    if isinstance(error, SlackApiError):
        return ERRORS.get(str(error.response.get("error")), UNREACHABLE)
    return UNREACHABLE


REMINDER_EVENT: Final = "recount_reminder"


def reminder_metadata(data: dict[str, Any], link: str | None) -> dict[str, Any]:
    """What a posted reminder carries as data: the race as read, the safe deadline and the
    office, from the verdict's signed button value (never from its text)."""
    payload: dict[str, Any] = {
        "race": str(data["r"]),
        "deadline_safe": str(data["s"]),
        "file_with": str(data["f"]),
    }
    if link:
        payload["verdict"] = link
    return {"event_type": REMINDER_EVENT, "event_payload": payload}


def schedule(
    client: WebClient,
    signer: MetadataSigner,
    data: dict[str, Any],
    channel: str,
    message_ts: str,
    thread_ts: str,
    now: datetime,
) -> str | list[dict[str, Any]]:
    """Schedules what is still ahead; returns the confirmation's blocks, or what to tell the
    clicker. Raises SlackApiError/SlackClientError for the caller to put in plain words."""
    safe = date.fromisoformat(str(data["s"]))
    times = [at_nine(day) for day in reminder_days(safe) if at_nine(day) > now]
    if not times:
        return "The deadline is today: file today."
    try:
        link = client.chat_getPermalink(channel=channel, message_ts=message_ts).get("permalink")
    except (SlackApiError, SlackClientError):
        link = None  # the reminders still say the race and the date
    existing = {
        (int(item.get("post_at", 0)), str(item.get("text", ""))): str(item.get("id"))
        for item in client.chat_scheduledMessages_list(channel=channel).get("scheduled_messages")
        or []
        if isinstance(item, dict)
    }
    ids = []
    for moment in times:
        text = reminder_text(str(data["r"]), safe, str(data["f"]), moment.date(), link)
        post_at = int(moment.timestamp())
        found = existing.get((post_at, text))
        if found is None:  # a second click finds the first click's reminders
            answer = client.chat_scheduleMessage(
                channel=channel,
                post_at=post_at,
                text=text,
                thread_ts=thread_ts,
                metadata=reminder_metadata(data, link),
            )
            found = str(answer.get("scheduled_message_id"))
        ids.append(found)
    said = " and ".join(_stamp(m) for m in times)
    cancel = signer.sign({"c": channel, "ids": ids})
    return [
        {
            "type": "section",
            "text": {
                "type": "mrkdwn",
                "text": f":alarm_clock: I will remind this channel here on {said}.",
            },
            "accessory": _cancel_button(cancel),
        }
    ]
