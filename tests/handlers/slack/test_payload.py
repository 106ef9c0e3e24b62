"""Reading Slack's payloads without trusting their shape."""

from __future__ import annotations

from handlers.slack.payload import dig, mapping_at, text_at

BODY = {"user": {"id": "U1"}, "actions": [{"value": "v"}], "view": {"state": "x"}}


def test_a_path_through_dicts_and_lists() -> None:
    assert text_at(BODY, "user", "id") == "U1"
    assert text_at(BODY, "actions", 0, "value") == "v"


def test_a_wrong_shape_is_none_or_empty_never_an_error() -> None:
    assert dig(BODY, "actions", 5) is None
    assert dig(BODY, "user", 0) is None
    assert text_at(BODY, "view", "state", "values") is None
    assert mapping_at(BODY, "view", "state") == {}
    assert text_at(None, "x") is None
