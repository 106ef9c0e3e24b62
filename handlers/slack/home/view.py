"""The Home tab for canvass week: what the bot does, New check, how to scan, every reminder the
bot has scheduled (soonest first), and the watches that run."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from domain.deadline import long_date
from domain.montana import TIME_ZONE as MONTANA
from handlers.results.compare import change_line
from handlers.slack.text import escape_mrkdwn, is_channel_id, mrkdwn
from handlers.syntax import COMMAND
from handlers.syntax.durations import shown
from handlers.watch.records import WatchOverview, montana_time

NEW_CHECK_ACTION_ID: Final = "home_new_check"
MAX_LISTED: Final = 40


def section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": mrkdwn(text, verbatim=False)}


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
        section(
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
        section(
            "*Scan a whole canvass*: drop the Secretary of State's results export (or an "
            "OpenElections CSV, or a contest/choice/votes table) into this app's Messages "
            "tab, with words such as `scan canvass 11/28 complete`."
        ),
        {"type": "divider"},
    ]
    if reminders is None:
        blocks.append(section("*Upcoming deadlines*\nSlack could not be asked just now."))
    elif not reminders:
        blocks.append(
            section(
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
        blocks.append(section("*Upcoming deadlines*\n" + "\n".join(lines)))
    blocks.append(section(_watches_text(watches)))
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
        channel = w.channel
        where = f"<#{channel}>" if is_channel_id(channel) else "a channel"
        sources = ", ".join(escape_mrkdwn(s) for s in w.sources)
        read = (
            "not read yet"
            if item.last_reading is None
            else f"last read {montana_time(item.last_reading)}"
        )
        change = (
            "no change yet"
            if item.last_change is None
            else f"last change: {escape_mrkdwn(change_line(item.last_change.change))}"
        )
        lines.append(f"• {where}: {sources} every {shown(w.every_s)}; {read}; {change}")
    return "*Watches*\n" + "\n".join(lines)
