"""Scanning a results file in Slack: a file dropped in a DM, or the "Scan for recounts"
message shortcut; the summary in the file's thread, the report as CSV, a Check button each.

Every listener acknowledges at once; downloading and scanning run after the ack. Replies go
only to the thread of the message that carried the file: the DM, or the channel where the
clerk used the shortcut.
"""

from __future__ import annotations

import logging
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import InputError, check
from domain.citations import FIRST_YEAR, LAST_YEAR
from handlers.form_state import saved_check
from handlers.observability import request_id_of
from handlers.payload import mapping_at, text_at
from handlers.reminders import remind_value
from handlers.results import MAX_BYTES, ResultsFileError, ScanOptions, scan, scan_csv
from handlers.results.request import scan_request
from handlers.scan_message import CHECK_ACTION_ID, CSV_NAME, scan_error, scan_summary
from handlers.services import Services
from handlers.slack_text import is_channel_id, is_user_id
from handlers.verdict_message import verdict_message

log = logging.getLogger(__name__)
SCAN_SHORTCUT_ID: Final = "scan_for_recounts"
SCAN_FORM_ID: Final = "scan_form"
MAX_FILES: Final = 10
DOWNLOAD_TIMEOUT: Final = 30  # seconds for one file


@dataclass(frozen=True)
class ScanTarget:
    channel: str
    thread_ts: str  # the message that carried the files
    user: str


def _download(client: WebClient, file_id: str) -> tuple[str, bytes]:
    """A file's name and bytes. Raises ResultsFileError with one line naming it."""
    try:
        info = client.files_info(file=file_id)["file"]
    except (SlackApiError, SlackClientError, OSError, KeyError, TypeError) as error:
        raise ResultsFileError(
            f"file {file_id}: Slack would not describe it ({type(error).__name__})"
        ) from None
    name = str(info.get("name") or file_id)
    size = int(info.get("size") or 0)
    if size > MAX_BYTES:
        raise ResultsFileError(f"{name}: {size:,} bytes is over the 20 MB a scan reads")
    url = info.get("url_private_download") or info.get("url_private")
    if not isinstance(url, str) or not url.startswith(("https://", "http://")):
        raise ResultsFileError(f"{name}: Slack gave no download address")
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {client.token}"})
    try:
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT) as response:
            return name, response.read(MAX_BYTES + 1)
    except (urllib.error.URLError, OSError) as error:
        raise ResultsFileError(
            f"{name}: could not be downloaded ({type(error).__name__})"
        ) from None


def run_scan(client: WebClient, to: ScanTarget, file_ids: list[str], options: ScanOptions) -> None:
    """Progress in the thread, then the summary in its place and the CSV beside it."""
    count = len(file_ids)
    progress = client.chat_postMessage(
        channel=to.channel,
        thread_ts=to.thread_ts,
        text=f"Scanning {count} file{'s' if count != 1 else ''}…",
    )
    ts = str(progress.get("ts"))
    try:
        if count > MAX_FILES:
            raise ResultsFileError(f"{count} files at once: a scan takes {MAX_FILES} at the most")
        result = scan([_download(client, f) for f in file_ids], options)
    except (ResultsFileError, InputError) as error:
        message = scan_error(str(error))
        client.chat_update(channel=to.channel, ts=ts, **message.as_kwargs())
        return
    summary = scan_summary(result)
    client.chat_update(channel=to.channel, ts=ts, **summary.as_kwargs())
    client.files_upload_v2(
        channel=to.channel,
        thread_ts=to.thread_ts,
        content=scan_csv(result),
        filename=CSV_NAME,
        title="Recount scan: every contest",
    )


def _file_ids(message: dict[str, Any]) -> list[str]:
    files = message.get("files")
    if not isinstance(files, list):
        return []
    return [str(f["id"]) for f in files if isinstance(f, dict) and isinstance(f.get("id"), str)]


def register(app: App, services: Services) -> None:
    @app.event("message")
    def file_in_a_dm(event: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        if event.get("channel_type") != "im" or event.get("subtype") != "file_share":
            return  # only files dropped in a direct message with the bot
        channel, user, ts = event.get("channel"), event.get("user"), event.get("ts")
        ids = _file_ids(event)
        if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str) and ids):
            return
        to = ScanTarget(str(channel), ts, str(user))
        text = str(event.get("text") or "")
        today = services.today()

        def work() -> None:
            try:
                options = scan_request(text, today)
            except InputError as error:
                message = scan_error(error.message)
                client.chat_postMessage(
                    channel=to.channel, thread_ts=to.thread_ts, **message.as_kwargs()
                )
                return
            run_scan(client, to, ids, options)

        services.after_ack.run(work, body={}, request_id=request_id_of(context))

    @app.shortcut(SCAN_SHORTCUT_ID)
    def scan_shortcut(
        ack: Ack, shortcut: dict[str, Any], client: WebClient, context: BoltContext
    ) -> None:
        ack()
        message = shortcut.get("message") if isinstance(shortcut.get("message"), dict) else {}
        channel = (
            (shortcut.get("channel") or {}).get("id")
            if isinstance(shortcut.get("channel"), dict)
            else None
        )
        user = (
            (shortcut.get("user") or {}).get("id")
            if isinstance(shortcut.get("user"), dict)
            else None
        )
        ids = _file_ids(message or {})
        ts = (message or {}).get("thread_ts") or (message or {}).get("ts")
        if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str)):
            return
        if not ids:
            services.after_ack.run(
                lambda: client.chat_postEphemeral(
                    channel=str(channel),
                    user=str(user),
                    text="That message carries no file to scan.",
                ),
                body={},
                request_id=request_id_of(context),
            )
            return
        metadata = services.signer.sign(
            {"channel": channel, "user": user, "ts": ts, "files": ids[:MAX_FILES]}
        )
        view = scan_form(metadata)
        trigger = shortcut.get("trigger_id")
        services.after_ack.run(
            lambda: client.views_open(trigger_id=trigger, view=view),
            body={},
            request_id=request_id_of(context),
        )

    @app.view(SCAN_FORM_ID)
    def scan_form_submitted(
        ack: Ack,
        body: dict[str, Any],
        view: dict[str, Any],
        client: WebClient,
        context: BoltContext,
    ) -> None:
        data = services.signer.verify(text_at(view, "private_metadata"))
        user = text_at(body, "user", "id")
        if data is None or data.get("user") != user:
            ack(
                response_action="errors",
                errors={"canvass": "This form has expired; use the shortcut again."},
            )
            return
        values = mapping_at(view, "state", "values")
        try:
            options = _form_options(values if isinstance(values, dict) else {}, services.today())
        except InputError as error:
            ack(response_action="errors", errors={"canvass": error.message})
            return
        ack()
        to = ScanTarget(str(data["channel"]), str(data["ts"]), str(user))
        ids = [str(f) for f in data.get("files") or []]
        services.after_ack.run(
            lambda: run_scan(client, to, ids, options),
            body={},
            request_id=request_id_of(context),
        )

    @app.action(CHECK_ACTION_ID)
    def check_clicked(
        ack: Ack, body: dict[str, Any], client: WebClient, respond: Respond, context: BoltContext
    ) -> None:
        ack()
        channel = text_at(body, "channel", "id")
        message = mapping_at(body, "message")
        user = text_at(body, "user", "id")
        thread = text_at(message, "thread_ts") or text_at(message, "ts")
        if not (is_channel_id(channel) and isinstance(thread, str)):
            return
        try:
            verdict = check(
                saved_check(text_at(body, "actions", 0, "value") or ""), services.today()
            )
        except InputError as error:
            log.warning("scan Check button with inputs that do not check")  # never the inputs
            respond(response_type="ephemeral", replace_original=False, text=error.message)
            return
        posted = verdict_message(
            verdict,
            asked_by=str(user) if is_user_id(user) else None,
            remind=remind_value(verdict, services.signer),
        )
        services.after_ack.run(
            lambda: client.chat_postMessage(
                channel=str(channel), thread_ts=thread, **posted.as_kwargs()
            ),
            body=body,
            request_id=request_id_of(context),
        )


def scan_form(metadata: str) -> dict[str, Any]:
    """The shortcut's small form: the canvass date, the election, and whether it is complete."""
    return {
        "type": "modal",
        "callback_id": SCAN_FORM_ID,
        "title": {"type": "plain_text", "text": "Scan for recounts"},
        "submit": {"type": "plain_text", "text": "Scan"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "private_metadata": metadata,
        "blocks": [
            {
                "type": "input",
                "block_id": "canvass",
                "optional": True,
                "label": {"type": "plain_text", "text": "Date of the official canvass"},
                "element": {"type": "datepicker", "action_id": "value"},
            },
            {
                "type": "input",
                "block_id": "election",
                "optional": True,
                "label": {"type": "plain_text", "text": "Election (if the file does not say)"},
                "element": {
                    "type": "static_select",
                    "action_id": "value",
                    "options": [
                        {"text": {"type": "plain_text", "text": w.capitalize()}, "value": w}
                        for w in ("general", "primary")
                    ],
                },
            },
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


def _form_options(values: dict[str, Any], today: date) -> ScanOptions:
    def element(block: str) -> dict[str, Any]:
        found = (
            (values.get(block) or {}).get("value") if isinstance(values.get(block), dict) else None
        )
        return found if isinstance(found, dict) else {}

    picked = element("canvass").get("selected_date")
    canvass = None
    if isinstance(picked, str):
        try:
            canvass = date.fromisoformat(picked)
        except ValueError:
            raise InputError.about("canvass", f'"{picked}" is not a date') from None
        if not FIRST_YEAR.value <= canvass.year <= LAST_YEAR.value:
            raise InputError.about(
                "canvass", f"give a year from {FIRST_YEAR.value} to {LAST_YEAR.value}"
            )
    option = element("election").get("selected_option")
    election = option.get("value") if isinstance(option, dict) else None
    chosen = element("complete").get("selected_options")
    complete = isinstance(chosen, list) and any(
        isinstance(o, dict) and o.get("value") == "complete" for o in chosen
    )
    return ScanOptions(
        today=today,
        canvass=canvass,
        election=election if election in ("general", "primary") else None,
        complete=complete,
    )
