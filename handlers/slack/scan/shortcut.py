""" "Scan for recounts", a message shortcut on a message that carries files: the form opens at
once, then shows what the first file says of its election."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from handlers.slack.after_ack import Later
from handlers.slack.scan.form import scan_form
from handlers.slack.scan.scanning import MAX_FILES, prefill, shared_files
from handlers.slack.services import Services
from handlers.slack.text import is_channel_id, is_user_id

log = logging.getLogger(__name__)


def scan_shortcut(
    ack: Ack, shortcut: dict[str, Any], client: WebClient, services: Services, later: Later
) -> None:
    ack()
    message = shortcut.get("message") if isinstance(shortcut.get("message"), dict) else {}
    channel = (
        (shortcut.get("channel") or {}).get("id")
        if isinstance(shortcut.get("channel"), dict)
        else None
    )
    user = (
        (shortcut.get("user") or {}).get("id") if isinstance(shortcut.get("user"), dict) else None
    )
    shared = shared_files(message or {})
    ts = (message or {}).get("thread_ts") or (message or {}).get("ts")
    if not (is_channel_id(channel) and is_user_id(user) and isinstance(ts, str)):
        return
    if not shared:
        later.run(
            lambda: client.chat_postEphemeral(
                channel=str(channel),
                user=str(user),
                text="That message carries no file to scan.",
            ),
            body={},
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
        one = len(shared) == 1  # one county's file: the form asks which county it is
        opened = client.views_open(trigger_id=trigger, view=scan_form(metadata, one_file=one))
        found = opened.get("view")
        view: dict[str, Any] = found if isinstance(found, dict) else {}
        election, said = prefill(client, services.download, shared[0])
        client.views_update(
            view_id=str(view.get("id")),
            hash=view.get("hash"),
            view=scan_form(metadata, election=election, said=said, one_file=one),
        )

    later.run(open_then_prefill, body={})
