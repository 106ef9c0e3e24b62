"""The form's private_metadata: signed, so a forged or altered one is ignored."""

from __future__ import annotations

import base64
import json

from bot.settings import Settings
from handlers.slack.metadata import MAX_METADATA, FormContext, MetadataSigner

CONTEXT = FormContext("C0CANVASS", "U0CLERK", "https://hooks.slack.com/x", "1700000000.000100")


def test_round_trip() -> None:
    signer = MetadataSigner("secret")
    assert signer.loads(signer.dumps(CONTEXT)) == CONTEXT


def test_another_key_or_an_altered_body_is_refused() -> None:
    value = MetadataSigner("secret").dumps(CONTEXT)
    assert MetadataSigner("other").loads(value) is None
    encoded, mac = value.rsplit(".", 1)
    body = json.loads(base64.urlsafe_b64decode(encoded))
    body["channel"] = "C0ELSEWHERE"
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).decode()
    assert MetadataSigner("secret").loads(f"{forged}.{mac}") is None


def test_garbage_is_refused() -> None:
    signer = MetadataSigner("secret")
    for value in (None, "", "nodot", "!!!.abc", "e30.0000"):
        assert signer.loads(value) is None


def test_ids_must_look_like_slack_ids() -> None:
    signer = MetadataSigner("secret")
    assert signer.loads(signer.dumps(FormContext("general", "U0CLERK"))) is None
    assert signer.loads(signer.dumps(FormContext("C0CANVASS", "@clerk"))) is None


def test_a_huge_response_url_is_dropped_to_fit() -> None:
    signer = MetadataSigner("secret")
    value = signer.dumps(FormContext("C0CANVASS", "U0CLERK", "https://x/" + "a" * 4000))
    assert len(value) <= MAX_METADATA
    loaded = signer.loads(value)
    assert loaded is not None and loaded.response_url is None


def test_a_rotation_keeps_buttons_signed_with_the_previous_secret() -> None:
    old = MetadataSigner("old-secret")
    value = old.sign({"s": "2026-11-21"})
    rotated = MetadataSigner("new-secret", previous=("old-secret",))
    assert rotated.verify(value) == {"s": "2026-11-21"}  # an old button still works
    assert rotated.verify(rotated.sign({"a": 1})) == {"a": 1}  # new ones use the new secret
    assert MetadataSigner("old-secret").verify(rotated.sign({"a": 1})) is None
    done = MetadataSigner("new-secret")  # the rotation over: PREVIOUS removed
    assert done.verify(value) is None


def test_the_previous_secret_comes_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "SLACK_BOT_TOKEN": "xoxb-1",
            "SLACK_SIGNING_SECRET": "new",
            "SLACK_SIGNING_SECRET_PREVIOUS": "old",
        }
    )
    assert settings.previous_metadata_secrets() == ("old",)
    assert "old" not in repr(settings)
