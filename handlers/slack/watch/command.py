"""`/recount watch ...`: start a watch of results URLs in this channel, `watch list`, `watch
stop`. Part of the slash command (check/command.py hands it the text after `watch`)."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient

from domain import InputError
from handlers.slack.after_ack import Later
from handlers.slack.services import Services
from handlers.slack.text import escape, is_channel_id, is_user_id
from handlers.slack.watch.watching import (
    NO_DATABASE,
    list_text,
    place_of,
    start,
    stop_all,
    watch_request,
)
from handlers.watch.ports import FetchRefused
from handlers.watch.records import DatabaseError, Place, PlaceKind
from handlers.watch.service import MAX_RUNNING

log = logging.getLogger(__name__)


def watch_command(
    text: str,
    ack: Ack,
    command: dict[str, Any],
    client: WebClient,
    respond: Respond,
    services: Services,
    later: Later,
) -> None:
    """`/recount watch ...`: acknowledged at once; the rest runs after the ack."""
    channel, user = command.get("channel_id"), command.get("user_id")
    team = str(command.get("team_id") or "T")
    if not (is_channel_id(channel) and is_user_id(user)):
        ack(response_type="ephemeral", text="A watch is started from a channel.")
        return
    words = text.split()[1:]
    place = place_of(team, str(channel))
    try:
        service = services.watching.service()
    except DatabaseError:
        log.error("watch: the database cannot be opened")
        ack(response_type="ephemeral", text=NO_DATABASE)
        return
    if words[:1] == ["list"]:
        try:
            listed = list_text(service, place)
        except DatabaseError as error:
            log.error("watch list: %s", error)
            listed = NO_DATABASE
        ack(response_type="ephemeral", text=listed)
        return
    if words[:1] == ["stop"]:
        ack(response_type="ephemeral", text="Stopping this channel's watches…")

        def stop() -> None:
            try:
                said = f"Stopped {stop_all(client, service.store, place, str(user))} watch(es)."
            except DatabaseError as error:  # gone away since the ack: said, not a failure
                log.error("watch stop: %s", error)
                said = NO_DATABASE
            respond(response_type="ephemeral", replace_original=False, text=said)

        later.run(stop)
        return
    try:
        request = watch_request(" ".join(words), services.today(), services.watching.min_every_s)
        for url in request.sources:
            services.watching.fetcher.check(url)
    except InputError as error:  # it may quote what was typed: escaped, like any text
        ack(response_type="ephemeral", text=escape(error.message))
        return
    except FetchRefused as error:
        ack(response_type="ephemeral", text=f"{escape(str(error))} Nothing was fetched.")
        return
    try:
        running = len(service.store.running(Place.prefix(PlaceKind.SLACK, team)))
    except DatabaseError as error:
        log.error("watch: %s", error)
        ack(response_type="ephemeral", text=NO_DATABASE)
        return
    if running >= MAX_RUNNING:
        ack(
            response_type="ephemeral",
            text=f"{MAX_RUNNING} watches already run in this workspace: stop one first.",
        )
        return
    ack(response_type="ephemeral", text="Reading the sources…")
    later.run(lambda: start(client, services, request, team, str(channel), str(user), respond))
