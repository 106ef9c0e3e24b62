"""What the scan tests send: a file dropped in a DM, the Scan for recounts shortcut."""

from __future__ import annotations

import itertools
import json
from typing import Any

from slack_bolt import App

from handlers.slack.scan.scanning import SCAN_SHORTCUT_ID

from ...fake_slack import FakeSlack
from ...slack_helpers import CHANNEL, USER, dispatch

DM = "D0CLERK"


TS = "1700000001.000200"


TABLE = (
    b"contest,choice,votes\n"
    b"County attorney,Smith,1204\nCounty attorney,Jones,1199\nSheriff,Brown,900\n"
)


_DELIVERIES = itertools.count(1)


def dropped(
    text: str = "scan canvass 11/16/2026",
    files: list[str] | None = None,
    event_id: str | None = None,
    **event: Any,
) -> str:
    """A file dropped in the DM: each call a new event (its own event_id) unless `event_id`
    says which delivery it repeats."""
    return json.dumps(
        {
            "token": "legacy",
            "team_id": "T0MONTANA",
            "api_app_id": "A0RECOUNT",
            "type": "event_callback",
            "event_id": event_id or f"Ev0SCAN{next(_DELIVERIES)}",
            "event_time": 1700000001,
            "event": {
                "type": "message",
                "subtype": "file_share",
                "channel": DM,
                "channel_type": "im",
                "user": USER,
                "ts": TS,
                "text": text,
                "files": [{"id": f} for f in (files or ["F0TABLE"])],
                **event,
            },
        }
    )


def blocks_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's blocks as the fake received them (JSON text in a form post, or a list)."""
    blocks = body["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else list(blocks)


def attached_blocks(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The blocks of a message's attachments as the fake received them (the table's place)."""
    attachments = body.get("attachments") or []
    if isinstance(attachments, str):
        attachments = json.loads(attachments)
    return [b for a in attachments for b in a.get("blocks", [])]


def scan_shortcut(fake: FakeSlack, message: dict[str, Any]) -> dict[str, Any]:
    """The Scan for recounts shortcut, used on `message` in the channel."""
    return {
        "type": "message_action",
        "callback_id": SCAN_SHORTCUT_ID,
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "channel": {"id": CHANNEL},
        "message": message,
        "trigger_id": "1.2.4",
        "response_url": fake.response_url(),
    }


def send(app: App, body: str) -> None:
    assert dispatch(app, body, content_type="application/json").status == 200


def error_in_thread(fake: FakeSlack) -> str:
    (update,) = fake.to("chat.update")
    return str(update.body["text"])


def buttons_of(blocks: list[dict[str, Any]], action_id: str) -> list[dict[str, Any]]:
    """Every button with `action_id`, in actions blocks or as a section's accessory."""
    found = [e for b in blocks if b["type"] == "actions" for e in b["elements"]]
    found += [b["accessory"] for b in blocks if "accessory" in b]
    return [e for e in found if e.get("action_id") == action_id]
