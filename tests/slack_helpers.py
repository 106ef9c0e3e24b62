"""Building Slack payloads for the bot's listeners, as Slack would send them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from slack_bolt import App, BoltRequest, BoltResponse

from bot.settings import Settings

from .fake_slack import (
    BOT_TOKEN,
    SIGNING_SECRET,
    FakeSlack,
    command_body,
    payload_body,
    signed_headers,
)

TODAY = date(2026, 11, 18)
CHANNEL = "C0CANVASS"
USER = "U0CLERK"


def settings_for(fake: FakeSlack) -> Settings:
    return Settings.from_env(
        {
            "SLACK_BOT_TOKEN": BOT_TOKEN,
            "SLACK_SIGNING_SECRET": SIGNING_SECRET,
            "SLACK_API_URL": fake.api_url,
        }
    )


def dispatch(app: App, body: str, **header_options: Any) -> BoltResponse:
    headers: dict[str, str | Sequence[str]] = dict(signed_headers(body, **header_options))
    return app.dispatch(BoltRequest(body=body, headers=headers))


def run_command(app: App, fake: FakeSlack, text: str, **kw: Any) -> BoltResponse:
    return dispatch(app, command_body(text, fake.response_url(), **kw))


def state(kind: str | None = None, canvass: str | None = None, **texts: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if kind:
        values["kind"] = {
            "kind_select": {"type": "static_select", "selected_option": {"value": kind}}
        }
    for block, text in texts.items():
        values[block] = {"value": {"type": "plain_text_input", "value": text}}
    if canvass:
        values["canvass"] = {"value": {"type": "datepicker", "selected_date": canvass}}
    return {"values": values}


def view_payload(
    view: dict[str, Any], values: dict[str, Any], *, kind: str = "view_submission", user: str = USER
) -> dict[str, Any]:
    full_view = {"id": "V123", "hash": "h1", **view, "state": values}
    payload: dict[str, Any] = {
        "type": kind,
        "team": {"id": "T0MONTANA"},
        "user": {"id": user},
        "api_app_id": "A0RECOUNT",
        "view": full_view,
        "trigger_id": "1337.43.efgh",
    }
    if kind == "block_actions":
        payload["actions"] = [
            {
                "type": "static_select",
                "action_id": "kind_select",
                "block_id": "kind",
                "selected_option": values["values"]["kind"]["kind_select"]["selected_option"],
            }
        ]
        payload["container"] = {"type": "view", "view_id": "V123"}
    return payload


def submit(
    app: App, view: dict[str, Any], values: dict[str, Any], user: str = USER
) -> BoltResponse:
    return dispatch(app, payload_body(view_payload(view, values, user=user)))


def button_payload(
    value: str, *, thread_ts: str | None = None, response_url: str = ""
) -> dict[str, Any]:
    message: dict[str, Any] = {"ts": "1700000000.000100", "type": "message"}
    if thread_ts:
        message["thread_ts"] = thread_ts
    return {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "api_app_id": "A0RECOUNT",
        "channel": {"id": CHANNEL},
        "container": {"type": "message", "channel_id": CHANNEL, "message_ts": message["ts"]},
        "message": message,
        "response_url": response_url,
        "trigger_id": "1337.44.ijkl",
        "actions": [
            {
                "type": "button",
                "action_id": "adjust_recheck",
                "block_id": "verdict_actions",
                "value": value,
            }
        ],
    }
