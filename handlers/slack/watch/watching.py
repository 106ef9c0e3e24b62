"""Watching in Slack (watch.md section 5), for the listeners (watch/command, watch/stop_clicked)
and the poller (bot.watcher): a watch started where the bot can post, listed, stopped, and the
rounds the poller runs, each posting its changes in the channel.

A watch starts only where the bot can post: its root message is posted first, and where
Slack says the bot is not in the channel the asker is told privately how to add it and no
watch is kept. URLs pass the fetch policy (RECOUNT_WATCH_HOSTS) before anything is fetched.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date
from typing import Any, Final

from slack_bolt import Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from handlers.results import scan_request
from handlers.slack.services import Services
from handlers.slack.watch.messages import (
    changes_message,
    post_key,
    root_message,
    source_message,
    stopped_message,
)
from handlers.syntax.durations import MIN_EVERY_S, shown
from handlers.syntax.watch_words import USAGE, parse_watch
from handlers.watch.ports import FetchStopped, WatchStore
from handlers.watch.records import (
    Place,
    PlaceKind,
    RoundPost,
    WatchInfo,
    WatchSpec,
    WatchStatus,
    montana_time,
    utcnow,
)
from handlers.watch.rounds import SWITCHING
from handlers.watch.service import Lease, Round, WatchBusy, Watching, WatchService

log = logging.getLogger(__name__)
NOT_IN_CHANNEL: Final = (
    "I am not in this channel, so I cannot post a watch here: invite me with "
    "/invite @recount, then run the command again. No watch was started."
)
NO_DATABASE: Final = (
    "Watching is not available: the bot's database cannot be opened. Tell whoever runs the bot."
)
NO_ANSWER: Final = (
    'Slack did not answer in time, so no new watch was started (a "Watching" message '
    "may still appear: it does not run). Run the command again."
)


@dataclass(frozen=True)
class WatchRequest:
    sources: tuple[str, ...]
    options: dict[str, Any]
    every_s: int


def watch_request(text: str, today: date, floor: int = MIN_EVERY_S) -> WatchRequest:
    """What follows `/recount watch`, read by the grammar (handlers.syntax.watch_words), its
    scan's words by the scan. Raises InputError with the words to show."""
    words = parse_watch(text, floor)
    return WatchRequest(
        words.sources, scan_request(words.scan_words, today).as_json(), words.every_s
    )


def place_of(team: str, channel: str) -> Place:
    return Place.slack(team, channel)


def slack_round(client: WebClient, service: WatchService, watch: WatchInfo, today: date) -> None:
    """One round of the watch service; then what was found and not yet told is posted in
    the channel, and marked told. Source failures and recoveries go to the watch's thread,
    one line each."""
    done = service.round(watch, today)
    for line in (*done.result.errors, *done.result.recovered):
        _post_source_line(client, watch, line)
    _tell(client, service, watch, done)


# A Web API call that did not give an answer: Slack refused it, or it could not be sent, or
# no answer came in time (TimeoutError, an OSError, is what a slow Slack raises: the client's
# timeout, handlers.slack.retries.HTTP_TIMEOUT). Any of them is a failed post.
_FAILED: Final = (SlackClientError, OSError)
_HISTORY_PAGES: Final = 5  # at 200 a page: the channel's last 1,000 messages since the try
_CLOCK_SKEW_S: Final = 60  # Slack's clock and ours may differ: looked for from before the try


def _tell(client: WebClient, service: WatchService, watch: WatchInfo, done: Round) -> None:
    """The changes stored and not yet told, in one message in the channel, told once.

    The post is kept (its key in the message's metadata) before it is sent, and marked with
    its ts, its changes told, when Slack answers. A post that failed or timed out is a failed
    post, but Slack may have it all the same (a slow answer), and a process may die between
    the post and its mark: so a post not known to be done is first looked for in the channel
    by its key, and sent again only when it is not there."""
    untold = done.untold
    pending = service.store.pending_post(watch.id)
    if pending is not None:
        try:
            ts = pending.ts or _find_post(client, watch, pending)
        except _FAILED as error:
            if not isinstance(error, SlackApiError):
                # Slack did not answer: whether it has the post is not known; not posted
                # again on a guess, looked for again next round
                log.warning("watch: could not look for a post that timed out (%s)", _why(error))
                return
            # Slack refuses to show the channel (a scope the app was installed without):
            # a change posted twice is better than a change never posted
            log.warning(
                "watch: could not look for a post that timed out (%s): posting it again; "
                "the app needs channels:history and groups:history (app.yaml)",
                _why(error),
            )
            ts = None
        if ts is not None:
            service.store.post_done(pending.id, ts)
            told = set(pending.change_ids)
            untold = [c for c in untold if c.id not in told]
    if not untold:
        return
    post = service.store.prepare_post(watch.id, [c.id for c in untold])
    result = done.result
    since = "the last reading" if result.since is None else montana_time(result.since)
    note = SWITCHING if result.switching else None
    message = changes_message(
        [s.change for s in untold], result.scanned, since, post=post.key, note=note
    )
    try:
        answer = client.chat_postMessage(channel=watch.channel, **message.as_kwargs())
    except _FAILED as error:
        log.warning("watch: changes could not be posted (%s); tried again next round", _why(error))
        return
    service.store.post_done(post.id, str(answer.get("ts")))


def _why(error: Exception) -> str:
    """A failed call in a few words: Slack's error code, or the exception's name."""
    if isinstance(error, SlackApiError):
        return str(error.response.get("error") or "refused")
    return type(error).__name__


def _find_post(client: WebClient, watch: WatchInfo, post: RoundPost) -> str | None:
    """The ts of the channel's message carrying this post's key, if Slack has it."""
    oldest = post.tried_at.replace(tzinfo=UTC).timestamp() - _CLOCK_SKEW_S
    cursor: str | None = None
    for _ in range(_HISTORY_PAGES):
        answer = client.conversations_history(
            channel=watch.channel,
            oldest=f"{oldest:.6f}",
            include_all_metadata=True,
            limit=200,
            cursor=cursor,
        )
        for message in answer.get("messages") or []:
            if post_key(message.get("metadata")) == post.key:
                return str(message.get("ts"))
        cursor = (answer.get("response_metadata") or {}).get("next_cursor") or None
        if cursor is None:
            break
    return None


def _post_source_line(client: WebClient, watch: WatchInfo, line: str) -> None:
    try:
        client.chat_postMessage(
            channel=watch.channel, thread_ts=watch.root_ts, **source_message(line).as_kwargs()
        )
    except _FAILED as error:
        log.warning("watch: a source line could not be posted (%s)", _why(error))


def start(
    client: WebClient,
    services: Services,
    request: WatchRequest,
    team: str,
    channel: str,
    user: str,
    respond: Respond,
) -> None:
    """A watch started (or continued) by the service; its root message posted first, so
    that no watch is kept where the bot cannot post; the first round's summary in it.

    The first round is read under the watch's lease, as the poller's are, taken for this
    command alone and given back after it: a new watch is the command's (no poller finds it
    due before its first interval). A watch continued while a poller (of this process or
    another) holds it gets its new settings, and its next round is made due at once: the
    holder reads it and posts what they moved, never two rounds at once."""
    watching = services.watching
    service = watching.service()
    spec = WatchSpec(place_of(team, channel), request.sources, request.options, request.every_s)
    lease = Lease(f"{watching.owner}:start:{uuid.uuid4().hex[:8]}", watching.lease)
    try:
        watch = service.open(spec, user, lease=lease).watch
    except WatchBusy:
        watch = service.open(spec, user).watch  # its settings, read by the lease's holder
        service.hurry(watch)
        _begin(client, services, service, request, watch, user, respond, read=False)
        return
    try:
        _begin(client, services, service, request, watch, user, respond, read=True)
    finally:
        service.release(watch, lease)


def _begin(
    client: WebClient,
    services: Services,
    service: WatchService,
    request: WatchRequest,
    watch: WatchInfo,
    user: str,
    respond: Respond,
    *,
    read: bool,
) -> None:
    """The root message, then (`read`: under the command's lease) the first round."""
    channel = watch.channel
    stop_value = services.signer.sign({"w": watch.id, "p": str(watch.place)})
    try:
        root = client.chat_postMessage(
            channel=channel,
            **root_message(
                list(request.sources), request.every_s, user, None, stop_value
            ).as_kwargs(),
        )
    except SlackApiError as error:
        service.store.stop([watch.id], by=None)
        said = (
            NOT_IN_CHANNEL
            if error.response.get("error") in ("not_in_channel", "channel_not_found")
            else "Slack would not post the watch here; nothing was started."
        )
        respond(response_type="ephemeral", replace_original=False, text=said)
        return
    except _FAILED as error:
        # No answer: Slack may show the message all the same, but nothing says where. A new
        # watch is not kept (its Stop button could not be found); one already running goes
        # on as it was.
        log.warning("watch: the root message could not be posted (%s)", _why(error))
        if watch.root_ts is None:
            service.store.stop([watch.id], by=None)
        respond(response_type="ephemeral", replace_original=False, text=NO_ANSWER)
        return
    root_ts = str(root.get("ts"))
    service.store.set_root(watch.id, root_ts)
    watch = replace(watch, root_ts=root_ts)
    if not read:
        return
    try:
        done = service.round(watch, services.today())
    except FetchStopped:
        return  # the process is stopping: the first round is read once a process runs again
    if done.result.first:
        service.told(done.untold)  # the root message's summary is the first reading told
    try:
        client.chat_update(
            channel=channel,
            ts=root_ts,
            **root_message(
                list(request.sources), request.every_s, user, done.result.scanned, stop_value
            ).as_kwargs(),
        )
    except _FAILED as error:
        log.warning("watch: the first reading could not be shown (%s)", _why(error))
    for line in done.result.errors:
        _post_source_line(client, watch, line)
    # a watch continued with new settings (a canvass date, `complete`): what they moved
    _tell(client, service, watch, done)


def list_text(service: WatchService, place: Place) -> str:
    running = [w.watch for w in service.listed(place) if w.watch.status is WatchStatus.RUNNING]
    if not running:
        return "No watch runs in this channel. " + USAGE
    lines = [f"{len(running)} watch{'es' if len(running) != 1 else ''} in this channel:"]
    for w in running:
        lines.append(
            f"• watch {w.id}: {', '.join(w.sources)} every {shown(w.every_s)}, started "
            f"{montana_time(w.started_at)}"
        )
    return "\n".join(lines)


def stop_all(client: WebClient, store: WatchStore, place: Place, user: str) -> int:
    running = [w.id for w in store.watches(place) if w.status is WatchStatus.RUNNING]
    stopped = store.stop(running, by=user)
    for watch in stopped:
        mark_stopped(client, watch, user)
    return len(stopped)


def mark_stopped(client: WebClient, watch: WatchInfo, user: str | None) -> None:
    if not watch.root_ts:
        return
    message = stopped_message(list(watch.sources), user, watch.stopped_at or utcnow())
    try:
        client.chat_update(channel=watch.channel, ts=watch.root_ts, **message.as_kwargs())
    except (SlackApiError, SlackClientError):
        log.warning("watch: the root message could not be marked stopped")


def poller_run(
    client: WebClient, watching: Watching, today: Callable[[], date]
) -> Callable[[WatchInfo], None]:
    """The callback the poller runs for each due watch: a channel's round, in Slack."""

    def run(watch: WatchInfo) -> None:
        if watch.place.kind is PlaceKind.SLACK:
            slack_round(client, watching.service(), watch, today())

    return run
