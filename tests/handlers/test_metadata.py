"""The form's private_metadata: signed, so a forged or altered one is ignored."""

from __future__ import annotations

import base64
import json

from handlers.metadata import MAX_METADATA, FormContext, MetadataSigner

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
