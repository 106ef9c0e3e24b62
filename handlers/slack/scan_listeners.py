"""Scanning a results file in Slack: a file dropped in a DM, or the "Scan for recounts"
message shortcut; the summary in the file's thread, the report as CSV, a Check button each.

Every listener acknowledges at once; downloading and scanning run after the ack. Replies go
only to the thread of the message that carried the file: the DM, or the channel where the
clerk used the shortcut.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import InputError, check
from domain.citations import FIRST_YEAR, LAST_YEAR
from domain.readings import RETENTION
from handlers.results import MAX_BYTES, ResultsFileError, ScanOptions, scan, scan_csv
from handlers.results.compare import readings_of
from handlers.results.contests import reading_line
from handlers.results.formats import read_file
from handlers.results.request import scan_request
from handlers.results.scan import Scan
from handlers.results.tables import over_the_limit
from handlers.slack.actions.reminders import remind_value
from handlers.slack.blocks.scan import (
    CHECK_ACTION_ID,
    CHECK_RETENTION_ACTION_ID,
    CSV_NAME,
    scan_error,
    scan_summary,
)
from handlers.slack.blocks.text import clip, is_channel_id, is_user_id
from handlers.slack.blocks.verdict import verdict_message
from handlers.slack.form_state import saved_check
from handlers.slack.observability import request_id_of
from handlers.slack.payload import mapping_at, text_at
from handlers.slack.services import Download, DownloadFailed, DownloadProblem, Services
from handlers.watch.records import DatabaseError, Remembered

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


# What a clerk reads when Slack will not describe or serve a file: the file by its name (the
# event carries it), what happened in plain words, and what to do. Never an exception's name.
NOT_DESCRIBED: Final = (
    "{name}: Slack says this file is not there (it may have been deleted, or shared where I "
    "cannot see it); share it with me again."
)
FORBIDDEN: Final = (
    "{name}: Slack would not let me download this file (no permission); share it with me "
    "again, or ask whoever installed the app to check that it may read files."
)
GONE: Final = (
    "{name}: Slack no longer has this file to download; it may have been deleted. Share it "
    "with me again."
)
UNREACHABLE: Final = "{name}: Slack could not be reached to get this file; try again in a minute."
TOO_SLOW: Final = (
    f"{{name}}: the download took more than {DOWNLOAD_TIMEOUT} seconds; try again in a minute."
)


@dataclass(frozen=True)
class SharedFile:
    id: str
    name: str  # as the event names it; "the file" where it does not


_SAID: Final = {
    DownloadProblem.FORBIDDEN: FORBIDDEN,
    DownloadProblem.GONE: GONE,
    DownloadProblem.UNREACHABLE: UNREACHABLE,
    DownloadProblem.TOO_SLOW: TOO_SLOW,
}


def _download(client: WebClient, download: Download, shared: SharedFile) -> tuple[str, bytes]:
    """A file's name and bytes. Raises ResultsFileError with one line naming it."""
    try:
        info = client.files_info(file=shared.id)["file"]
    except SlackApiError as error:
        code = error.response.get("error")
        text = NOT_DESCRIBED if code in ("file_not_found", "file_deleted") else UNREACHABLE
        raise ResultsFileError(text.format(name=shared.name)) from None
    except (SlackClientError, OSError, KeyError, TypeError):
        raise ResultsFileError(UNREACHABLE.format(name=shared.name)) from None
    name = str(info.get("name") or shared.name)
    size = int(info.get("size") or 0)
    if size > MAX_BYTES:
        raise ResultsFileError(over_the_limit(name, size))
    url = info.get("url_private_download") or info.get("url_private")
    if not isinstance(url, str) or not url.startswith(("https://", "http://")):
        raise ResultsFileError(f"{name}: Slack gave no address to download it from")
    try:
        return name, download(url, client.token, MAX_BYTES, DOWNLOAD_TIMEOUT)
    except DownloadFailed as failed:
        raise ResultsFileError(_SAID[failed.problem].format(name=name)) from None


def run_scan(
    client: WebClient,
    download: Download,
    to: ScanTarget,
    files: list[SharedFile],
    options: ScanOptions,
    memory: Callable[[Scan], Remembered | None] = lambda result: None,
) -> None:
    """Progress in the thread, then the summary in its place and the CSV beside it.
    `memory`: a DM keeps each scan and compares it with the last of the same election."""
    count = len(files)
    progress = client.chat_postMessage(
        channel=to.channel,
        thread_ts=to.thread_ts,
        text=f"Scanning {count} file{'s' if count != 1 else ''}…",
    )
    ts = str(progress.get("ts"))
    try:
        if count > MAX_FILES:
            raise ResultsFileError(f"{count} files at once: a scan takes {MAX_FILES} at the most")
        result = scan([_download(client, download, f) for f in files], options)
    except (ResultsFileError, InputError) as error:
        message = scan_error(str(error))
        client.chat_update(channel=to.channel, ts=ts, **message.as_kwargs())
        return
    summary = scan_summary(result, memory(result))
    client.chat_update(channel=to.channel, ts=ts, **summary.as_kwargs())
    client.files_upload_v2(
        channel=to.channel,
        thread_ts=to.thread_ts,
        content=scan_csv(result),
        filename=CSV_NAME,
        title="Recount scan: every contest",
    )


def dm_memory(services: Services, team: str, to: ScanTarget) -> Callable[[Scan], Remembered | None]:
    """A DM's scans remembered: each compared with the last of its election there."""

    def keep(result: Scan) -> Remembered | None:
        try:
            return services.watching.backend().remember(
                f"dm:{team}:{to.channel}",
                to.user,
                result.election,
                result.summary(),
                readings_of(result),
            )
        except DatabaseError:
            log.warning("scan: the database cannot be opened; this scan is not remembered")
            return None

    return keep


def _shared_files(message: dict[str, Any]) -> list[SharedFile]:
    files = message.get("files")
    if not isinstance(files, list):
        return []
    return [
        SharedFile(
            f["id"], f["name"] if isinstance(f.get("name"), str) and f["name"] else "the file"
        )
        for f in files
        if isinstance(f, dict) and isinstance(f.get("id"), str)
    ]


def prefill(client: WebClient, download: Download, shared: SharedFile) -> tuple[str | None, str]:
    """What the file says of itself for the form (its election), and a line saying so."""
    try:
        name, data = _download(client, download, shared)
        election = read_file(name, data).election
    except ResultsFileError as error:
        return None, f"{error} The scan will say the same if you go on."
    if election is None:
        return None, f"{name}: the file does not say which election; choose it if you know."
    return election, f"{name}: the file says this is a {election} election."


def register(app: App, services: Services) -> None:
    @app.event("message")
    def file_in_a_dm(event: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        if event.get("channel_type") != "im" or event.get("subtype") != "file_share":
            return  # only files dropped in a direct message with the bot
        channel, user, ts = event.get("channel"), event.get("user"), event.get("ts")
        shared = _shared_files(event)
        if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str) and shared):
            return
        to = ScanTarget(str(channel), ts, str(user))
        team = str(event.get("team") or text_at(context, "team_id") or "T")
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
            run_scan(client, services.download, to, shared, options, dm_memory(services, team, to))

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
        shared = _shared_files(message or {})
        ts = (message or {}).get("thread_ts") or (message or {}).get("ts")
        if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str)):
            return
        if not shared:
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
            {
                "channel": channel,
                "user": user,
                "ts": ts,
                "files": [[f.id, f.name] for f in shared[:MAX_FILES]],
            }
        )
        trigger = shortcut.get("trigger_id")

        def open_then_prefill() -> None:
            # The form opens at once (a trigger lasts 3 seconds); the file is read after,
            # and the open form is updated with what it says.
            opened = client.views_open(trigger_id=trigger, view=scan_form(metadata))
            found = opened.get("view")
            view: dict[str, Any] = found if isinstance(found, dict) else {}
            election, said = prefill(client, services.download, shared[0])
            client.views_update(
                view_id=str(view.get("id")),
                hash=view.get("hash"),
                view=scan_form(metadata, election=election, said=said),
            )

        services.after_ack.run(open_then_prefill, body={}, request_id=request_id_of(context))

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
            field = error.problems[0].field if error.problems else None
            ack(response_action="errors", errors={field or "canvass": error.message})
            return
        ack()
        to = ScanTarget(str(data["channel"]), str(data["ts"]), str(user))
        files = [
            SharedFile(str(f[0]), str(f[1]))
            for f in data.get("files") or []
            if isinstance(f, list) and len(f) == 2
        ]
        services.after_ack.run(
            lambda: run_scan(client, services.download, to, files, options),
            body={},
            request_id=request_id_of(context),
        )

    @app.action(CHECK_ACTION_ID)
    @app.action(CHECK_RETENTION_ACTION_ID)
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
        retention = text_at(body, "actions", 0, "action_id") == CHECK_RETENTION_ACTION_ID
        posted = verdict_message(
            verdict,
            asked_by=str(user) if is_user_id(user) else None,
            remind=remind_value(verdict, services.signer),
            readings=(reading_line(RETENTION),) if retention else (),
        )
        services.after_ack.run(
            lambda: client.chat_postMessage(
                channel=str(channel), thread_ts=thread, **posted.as_kwargs()
            ),
            body=body,
            request_id=request_id_of(context),
        )


def _election_option(word: str) -> dict[str, Any]:
    return {"text": {"type": "plain_text", "text": word.capitalize()}, "value": word}


def scan_form(
    metadata: str, election: str | None = None, said: str = "Reading the file…"
) -> dict[str, Any]:
    """The shortcut's small form: the canvass dates, the election (prefilled from the file
    once it is read), and whether the files are complete."""
    election_element: dict[str, Any] = {
        "type": "static_select",
        "action_id": "value",
        "options": [_election_option(w) for w in ("general", "primary")],
    }
    if election in ("general", "primary"):
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
                "elements": [{"type": "plain_text", "text": clip(said, 2000)}],
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
                    "text": "For (2) offices and (4)/(5) questions. Without it they count from "
                    "the county canvass: an earlier, safe date.",
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

    def picked(block: str) -> date | None:
        value = element(block).get("selected_date")
        if not isinstance(value, str):
            return None
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise InputError.about(block, f'"{value}" is not a date') from None
        if not FIRST_YEAR.value <= day.year <= LAST_YEAR.value:
            raise InputError.about(
                block, f"give a year from {FIRST_YEAR.value} to {LAST_YEAR.value}"
            )
        return day

    canvass, state_canvass = picked("canvass"), picked("state_canvass")
    option = element("election").get("selected_option")
    election = option.get("value") if isinstance(option, dict) else None
    chosen = element("complete").get("selected_options")
    complete = isinstance(chosen, list) and any(
        isinstance(o, dict) and o.get("value") == "complete" for o in chosen
    )
    return ScanOptions(
        today=today,
        canvass=canvass,
        state_canvass=state_canvass,
        election=election if election in ("general", "primary") else None,
        complete=complete,
    )
