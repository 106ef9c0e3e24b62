"""Scanning results files in Slack, for the listeners that start a scan (file_in_dm, shortcut,
form_submitted, election_chosen): the files downloaded, scanned, the summary in the file's
thread, the report as CSV beside it, a Check button each.

Every listener acknowledges at once; downloading and scanning run after the ack. Replies go
only to the thread of the message that carried the file: the DM, or the channel where the
clerk used the shortcut.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Final

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from domain import KINDS, InputError
from domain.citations import FIRST_YEAR, LAST_YEAR
from handlers.results import MAX_BYTES, ResultsFileError, ScanOptions, scan, scan_csv
from handlers.results.compare import readings_of
from handlers.results.formats import read_file
from handlers.results.precincts import PRECINCT_FORMATS
from handlers.results.reading import ISOLATED
from handlers.results.scan import Scan, ScannedContest
from handlers.results.tables import ElectionContradicted, ElectionNotSaid, over_the_limit
from handlers.slack.after_ack import Later
from handlers.slack.metadata import MetadataSigner
from handlers.slack.ports import Download, DownloadFailed, DownloadProblem
from handlers.slack.scan.summary import (
    CSV_NAME,
    election_question,
    scan_error,
    scan_summary,
    told_against_the_file,
)
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id
from handlers.syntax.scan_words import ELECTION_TYPES
from handlers.watch.ports import WatchStore
from handlers.watch.records import DatabaseError, Place, Remembered

log = logging.getLogger(__name__)
SCAN_SHORTCUT_ID: Final = "scan_for_recounts"
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


def download_shared(client: WebClient, download: Download, shared: SharedFile) -> tuple[str, bytes]:
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


def scan_later(later: Later, client: WebClient, to: ScanTarget, work: Callable[[], object]) -> None:
    """A scan in the long lane (after_ack.run_heavy): where the asker or the bot is busy, the
    file's thread says so and to drop it again in a minute, and nothing is scanned."""

    def busy(text: str) -> None:
        try:
            client.chat_postMessage(channel=to.channel, thread_ts=to.thread_ts, text=text)
        except POST_FAILED as error:
            log.warning("scan: the busy reply was not posted (%s)", _why(error))

    later.heavy(work, user=to.user, busy=busy, body={})


def run_scan(
    client: WebClient,
    download: Download,
    to: ScanTarget,
    files: list[SharedFile],
    options: ScanOptions,
    memory: Callable[[Scan], Remembered | None] = lambda result: None,
    signer: MetadataSigner | None = None,
    in_flight: InFlight | None = None,
) -> None:
    """Progress in the thread, then the summary in its place and the CSV beside it.
    `memory`: a DM keeps each scan and compares it with the last of the same election.
    `signer`: where a file does not say its election, the question comes with two buttons
    (Primary, General) carrying the scan back, signed. `in_flight`: the database's list of
    scans under way, so that one cut off by a restart is told (tell_interrupted)."""
    count = len(files)
    try:
        progress = client.chat_postMessage(
            channel=to.channel,
            thread_ts=to.thread_ts,
            text=f"Scanning {count} file{'s' if count != 1 else ''}…",
        )
    except POST_FAILED as error:
        # nothing in the thread yet to leave hanging: the clerk sees no answer and drops the
        # file again; scanning without a message to put the summary in would be wasted
        log.warning("scan: the progress message was not posted (%s); not scanned", _why(error))
        return
    ts = str(progress.get("ts"))
    kept = None if in_flight is None else in_flight.started(to.channel, ts)
    try:
        _answer(client, download, to, files, options, memory, signer, ts)
    finally:
        if in_flight is not None and kept is not None:
            in_flight.ended(kept)


def _answer(
    client: WebClient,
    download: Download,
    to: ScanTarget,
    files: list[SharedFile],
    options: ScanOptions,
    memory: Callable[[Scan], Remembered | None],
    signer: MetadataSigner | None,
    ts: str,
) -> None:
    """The scan's answer in place of its progress message `ts`, and the CSV beside it."""
    count = len(files)
    try:
        if count > MAX_FILES:
            raise ResultsFileError(f"{count} files at once: a scan takes {MAX_FILES} at the most")
        downloaded = [download_shared(client, download, f) for f in files]
        # the names the files really have (an event may not name them): the kit finds them so
        files = [SharedFile(f.id, name) for f, (name, _) in zip(files, downloaded, strict=True)]
        result = scan(downloaded, options)
    except ElectionNotSaid as error:
        values = (
            {e: signer.sign(election_choice(to, files, options, e)) for e in ELECTIONS}
            if signer is not None
            else {}
        )
        asked = election_question(error.name, values)
        _update_once_more(client, to.channel, ts, asked.as_kwargs())
        return
    except ElectionContradicted as error:
        # the file says otherwise: asked whether to scan it as the file says (scan.md)
        value = (
            None if signer is None else signer.sign(election_choice(to, files, options, error.said))
        )
        asked = told_against_the_file(error, value)
        _update_once_more(client, to.channel, ts, asked.as_kwargs())
        return
    except (ResultsFileError, InputError) as error:
        message = scan_error(str(error))
        _update_once_more(client, to.channel, ts, message.as_kwargs())
        return
    summary = scan_summary(
        result,
        memory(result),
        None if signer is None else kit_values(signer, to, files, result),
    )
    _update_once_more(client, to.channel, ts, summary.as_kwargs())
    try:
        client.files_upload_v2(
            channel=to.channel,
            thread_ts=to.thread_ts,
            # with the UTF-8 byte order mark: Excel, which clerks open it in, reads a CSV
            # without one in the Windows code page, and "José" would show as "JosÃ©"
            content=scan_csv(result).encode("utf-8-sig"),
            filename=CSV_NAME,
            title="Recount scan: every contest",
        )
    except POST_FAILED as error:
        # not tried again: an upload that timed out may have landed, and two CSVs in the
        # thread are worse than a clerk asking for one
        log.warning("scan: the CSV was not posted (%s)", _why(error))


# A scan still listed this long after it began was cut off: downloads take at most 10 x 30 s,
# reading 120 s (budgets.MAX_SCAN_SECONDS), the posts seconds; none is near 15 minutes.
CUT_OFF_AFTER: Final = timedelta(minutes=15)
INTERRUPTED: Final = (
    ":warning: This scan was cut off before it finished: the bot was restarted or stopped. "
    "Drop the file again to scan it."
)


@dataclass(frozen=True)
class InFlight:
    """The database's list of scans under way (their progress messages). A process cut off
    mid-scan leaves its entry, and whichever process sweeps next tells that thread. With the
    database down the scan goes on, not listed."""

    store: Callable[[], WatchStore]

    def started(self, channel: str, ts: str) -> int | None:
        try:
            return self.store().scan_started(channel, ts)
        except DatabaseError as error:
            log.warning("scan: not listed as under way (%s)", error)
            return None

    def ended(self, scan_id: int) -> None:
        try:
            self.store().scan_ended(scan_id)
        except DatabaseError as error:  # left listed: told "cut off" in 15 minutes at worst
            log.warning("scan: still listed as under way (%s)", error)


def in_flight(services: Services) -> InFlight:
    return InFlight(lambda: services.watching.service().store)


def tell_interrupted(client: WebClient, store: WatchStore, now: datetime) -> int:
    """Every scan cut off (listed, begun over CUT_OFF_AFTER ago) told so in its thread, in
    place of its "Scanning…"; how many. Run by the poller at each tick."""
    cut_off = store.interrupted_scans(now - CUT_OFF_AFTER)
    for channel, ts in cut_off:
        try:
            client.chat_update(channel=channel, ts=ts, text=INTERRUPTED)
        except POST_FAILED as error:
            log.warning("scan: a cut-off scan was not told (%s)", _why(error))
    return len(cut_off)


# A post that times out or that Slack refuses is a failed post, never an exception that
# leaves the thread at "Scanning…" with nothing in the logs but a stack.
POST_FAILED: Final = (SlackClientError, OSError)


def _why(error: BaseException) -> str:
    if isinstance(error, SlackApiError):
        return f"Slack answered {error.response.get('error')}"
    if isinstance(error, TimeoutError):
        return "Slack did not answer in time"
    return type(error).__name__


def _update_once_more(client: WebClient, channel: str, ts: str, message: dict[str, Any]) -> bool:
    """chat.update, tried a second time if the first fails: an update is idempotent (the same
    message twice is the message once), so the summary replaces "Scanning…" even when one
    answer is lost. False, and a log line, if neither landed."""
    for attempt in (1, 2):
        try:
            client.chat_update(channel=channel, ts=ts, **message)
            return True
        except POST_FAILED as error:
            log.warning("scan: the summary was not posted, attempt %d (%s)", attempt, _why(error))
    return False


ELECTIONS: Final = ("primary", "general")


def kit_values(
    signer: MetadataSigner, to: ScanTarget, files: list[SharedFile], result: Scan
) -> Callable[[ScannedContest], str | None]:
    """A listed contest's "Recount kit" value, signed: the files that hold it precinct by
    precinct and its title; None where no such file holds it."""
    formats = {f.name: f.format for f in result.files}

    def value(scanned: ScannedContest) -> str | None:
        names = [n for n in scanned.contest.files if formats.get(n) in PRECINCT_FORMATS]
        shared = [[f.id, f.name] for f in files if f.name in names]
        if not shared:
            return None
        contest = scanned.contest
        spans = contest.kind is not None and not KINDS[contest.kind].one_county
        # the contest itself, never its title alone: a primary's party, a county office's
        # county and a precinct office's precinct, so the kit never merges what the scan
        # kept apart (issue 33)
        return signer.sign(
            {
                "to": [to.channel, to.thread_ts, to.user],
                "files": shared,
                "contest": contest.title,
                "party": contest.party,
                "county": None if spans else contest.county,
                "precinct": contest.precinct,
                "election": result.election,
            }
        )

    return value


def election_choice(
    to: ScanTarget, files: list[SharedFile], options: ScanOptions, election: str
) -> dict[str, Any]:
    """What a Primary or General button carries back: the scan to run again, and where."""
    return {
        "to": [to.channel, to.thread_ts, to.user],
        "files": [[f.id, f.name] for f in files],
        "options": {**options.as_json(), "election": election},
    }


def chosen_scan(data: dict[str, Any]) -> tuple[ScanTarget, list[SharedFile], dict[str, Any]]:
    """A verified button value back to the scan it carries. Raises ValueError if malformed."""
    channel, thread_ts, user = data["to"]
    files = [SharedFile(str(i), str(n)) for i, n in data["files"]]
    options = data["options"]
    if not (is_channel_id(channel) and is_user_id(user) and files and isinstance(options, dict)):
        raise ValueError("not a scan")
    return ScanTarget(str(channel), str(thread_ts), str(user)), files, options


def dm_memory(services: Services, team: str, to: ScanTarget) -> Callable[[Scan], Remembered | None]:
    """A DM's scans remembered: each compared with the last of its election there."""

    def keep(result: Scan) -> Remembered | None:
        try:
            return services.watching.service().remember(
                Place.dm(team, to.channel),
                to.user,
                result.election,
                result.summary(),
                readings_of(result),
            )
        except DatabaseError:
            log.warning("scan: the database cannot be opened; this scan is not remembered")
            return Remembered(None, [], kept=False)

    return keep


def shared_files(message: dict[str, Any]) -> list[SharedFile]:
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
        name, data = download_shared(client, download, shared)
        election = ISOLATED(read_file, name, data).election  # read as the scan reads it
    except ResultsFileError as error:
        return None, f"{error} The scan will say the same if you go on."
    if election is None:
        return None, f"{name}: the file does not say which election; choose it if you know."
    return election, f"{name}: the file says this is a {election} election."


def form_options(values: dict[str, Any], today: date) -> ScanOptions:
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
        election=election if election in ELECTION_TYPES else None,
        complete=complete,
    )
