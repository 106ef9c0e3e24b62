"""app.yaml stays in step with what the code registers and calls."""

from __future__ import annotations

import json
import re
from typing import Any

import yaml
from slack_bolt import App

from handlers.slack.check.form import FORM_CALLBACK_ID, KIND_ACTION_ID, form_view
from handlers.slack.check.verdict import (
    ADJUST_ACTION_ID,
    PETITION_ACTION_ID,
    RECORD_ACTION_ID,
    REMIND_ACTION_ID,
)
from handlers.slack.check.work import WORK_ACTION_ID
from handlers.syntax import COMMAND

from ..fake_slack import FakeSlack, payload_body
from ..servers import ROOT
from ..slack_helpers import QUICK, dispatch, run_command, state, view_payload

MANIFEST: dict[str, Any] = yaml.safe_load((ROOT / "app.yaml").read_text())

# The scope each Web API method the bot calls needs (api.slack.com/methods).
METHOD_SCOPES: dict[str, str | tuple[str, ...] | None] = {
    "chat_postMessage": "chat:write",
    "chat_postEphemeral": "chat:write",
    "views_open": None,
    "views_update": None,
    "chat_update": "chat:write",
    "files_info": "files:read",
    "files_upload_v2": "files:write",
    # the reminders (docs.slack.dev/reference/methods/...): scheduling and deleting need
    # chat:write; listing scheduled messages, permalinks and publishing Home need no scope
    "chat_scheduleMessage": "chat:write",
    "chat_deleteScheduledMessage": "chat:write",
    "chat_scheduledMessages_list": None,
    "chat_getPermalink": None,
    "views_publish": None,
    # a watch's post whose answer never came, looked for in its channel by the key in its
    # metadata: public channels need channels:history, private ones groups:history
    "conversations_history": ("channels:history", "groups:history"),
}
# The scopes the events the bot listens for need.
EVENT_SCOPES = {"message.im": "im:history", "app_home_opened": None}


def test_manifest_declares_the_one_command() -> None:
    commands = [c["command"] for c in MANIFEST["features"]["slash_commands"]]
    assert commands == [COMMAND]
    command = MANIFEST["features"]["slash_commands"][0]
    assert command["description"] and command["usage_hint"]
    assert command["should_escape"] is False  # the parser reads names as typed


def test_manifest_scopes_are_exactly_what_the_code_uses() -> None:
    called = set()
    for path in (ROOT / "handlers").rglob("*.py"):
        called |= set(re.findall(r"client\.(\w+)\(", path.read_text()))
    assert called <= set(METHOD_SCOPES), called - set(METHOD_SCOPES)
    events = MANIFEST["settings"]["event_subscriptions"]["bot_events"]
    assert events == ["app_home_opened", "message.im"]  # the Home tab; files dropped in a DM
    needed = {"commands"}
    for method in called:
        scopes = METHOD_SCOPES[method] or ()
        needed |= {scopes} if isinstance(scopes, str) else set(scopes)
    needed |= {scope for e in events if (scope := EVENT_SCOPES[e])}
    assert set(MANIFEST["oauth_config"]["scopes"]["bot"]) == needed


def test_manifest_declares_the_scan_shortcut() -> None:
    from handlers.slack.check.shortcut import CHECK_SHORTCUT_ID
    from handlers.slack.scan.scanning import SCAN_SHORTCUT_ID

    shortcuts = {s["callback_id"]: s for s in MANIFEST["features"]["shortcuts"]}
    assert set(shortcuts) == {SCAN_SHORTCUT_ID, CHECK_SHORTCUT_ID}
    assert all(s["type"] == "message" for s in shortcuts.values())
    assert shortcuts[SCAN_SHORTCUT_ID]["name"] == "Scan for recounts"
    assert shortcuts[CHECK_SHORTCUT_ID]["name"] == "Check recount"
    assert MANIFEST["features"]["app_home"]["home_tab_enabled"] is True
    assert MANIFEST["features"]["app_home"]["messages_tab_read_only_enabled"] is False


def test_manifest_settings() -> None:
    assert MANIFEST["settings"]["interactivity"]["is_enabled"] is True
    assert MANIFEST["settings"]["socket_mode_enabled"] is True
    assert MANIFEST["features"]["app_home"]["messages_tab_enabled"] is True
    assert len(MANIFEST["display_information"]["name"]) <= 35


def test_every_interactive_id_the_bot_sends_has_a_listener(app: App, fake: FakeSlack) -> None:
    """The ids in the views and messages we build are the ids the app listens for."""
    view = form_view("meta")
    assert view["callback_id"] == FORM_CALLBACK_ID
    assert view["blocks"][0]["element"]["action_id"] == KIND_ACTION_ID
    blocks = json.loads(run_command(app, fake, QUICK).body)["blocks"]
    actions = [e["action_id"] for b in blocks if b["type"] == "actions" for e in b["elements"]]
    # Nov 16 canvass: a deadline ahead
    assert actions == [
        RECORD_ACTION_ID,
        PETITION_ACTION_ID,
        REMIND_ACTION_ID,
        WORK_ACTION_ID,
        ADJUST_ACTION_ID,
    ]
    # and an id nobody listens for is not silently taken
    payload = view_payload(view, state("county"), kind="block_actions")
    payload["actions"][0]["action_id"] = "nobody_listens"
    assert dispatch(app, payload_body(payload)).status == 404
    payload["actions"][0]["action_id"] = KIND_ACTION_ID
    assert dispatch(app, payload_body(payload)).status == 200
