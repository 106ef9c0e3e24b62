"""Building Slack payloads for the bot's listeners, as Slack would send them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import SecretStr
from slack_bolt import App, BoltRequest, BoltResponse
from slack_sdk.models.blocks import Block

from bot.settings import Settings
from domain import resolve_kind
from handlers.slack.check.form import form_view
from handlers.slack.metadata import FormContext, MetadataSigner

from .fake_slack import (
    BOT_TOKEN,
    SIGNING_SECRET,
    FakeSlack,
    command_body,
    payload_body,
    signed_headers,
)

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
    value: str,
    *,
    action_id: str = "adjust_recheck",
    channel: str = CHANNEL,
    thread_ts: str | None = None,
    response_url: str = "",
) -> dict[str, Any]:
    """A click on a button of the bot's message in `channel` (in `thread_ts`, where given)."""
    message: dict[str, Any] = {"ts": "1700000000.000100", "type": "message"}
    if thread_ts:
        message["thread_ts"] = thread_ts
    return {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "api_app_id": "A0RECOUNT",
        "channel": {"id": channel},
        "container": {"type": "message", "channel_id": channel, "message_ts": message["ts"]},
        "message": message,
        "response_url": response_url,
        "trigger_id": "1337.44.ijkl",
        "actions": [
            {
                "type": "button",
                "action_id": action_id,
                "block_id": "verdict_actions",
                "value": value,
            }
        ],
    }


QUICK = "county Smith 1204 Jones 1199 canvass 11/16"
FORM_VALUES = state("county", canvass="2026-11-16", candidates="Smith: 1204\nJones: 1199")


def block_texts(blocks: list[dict[str, Any]]) -> str:
    return json.dumps(blocks, ensure_ascii=False)


def bot_signer() -> MetadataSigner:
    """The signer the bot under test uses (its secret derived from SIGNING_SECRET)."""
    return MetadataSigner(Settings(signing_secret=SecretStr(SIGNING_SECRET)).metadata_secret())


def signed_form(kind: str | None = None, **context: Any) -> dict[str, Any]:
    """The form as the bot would have opened it from /recount in CHANNEL."""
    metadata = bot_signer().dumps(FormContext(channel=CHANNEL, user=USER, **context))
    return form_view(metadata, None if kind is None else resolve_kind(kind))


def quick(app: App, fake: FakeSlack, text: str = QUICK) -> dict[str, Any]:
    """Runs a quick check; returns the acknowledgement's body (the verdict itself)."""
    response = run_command(app, fake, text)
    assert response.status == 200
    body: dict[str, Any] = json.loads(response.body)
    return body


def submit_form(app: App, fake: FakeSlack) -> None:
    """A valid form submission from /recount in CHANNEL, whose response_url is fake's "cmd"."""
    response = submit(app, signed_form("county", response_url=fake.response_url()), FORM_VALUES)
    assert (response.status, response.body) == (200, "")


MESSAGE_BLOCK_LIMIT = 50


def assert_valid(blocks: list[dict[str, Any]]) -> None:
    assert len(blocks) <= MESSAGE_BLOCK_LIMIT
    parsed = Block.parse_all(blocks)
    assert len(parsed) == len(blocks)
    for block, raw in zip(parsed, blocks, strict=True):
        assert block is not None
        rebuilt = block.to_dict()  # raises SlackObjectFormationError on anything Slack refuses
        assert rebuilt["type"] == raw["type"]
        for text in texts_of(raw):
            assert len(text) <= 3000


def texts_of(node: Any) -> list[str]:
    """Every "text" string anywhere in a block tree."""
    if isinstance(node, dict):
        own = [node["text"]] if isinstance(node.get("text"), str) else []
        return own + [t for v in node.values() for t in texts_of(v)]
    if isinstance(node, list):
        return [t for v in node for t in texts_of(v)]
    return []
