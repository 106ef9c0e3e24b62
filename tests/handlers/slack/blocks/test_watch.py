"""A watch's messages: the root names who started it."""

from __future__ import annotations

from handlers.slack.blocks.watch import root_message

from ....slack_helpers import USER


def test_the_root_message_mentions_who_started_it() -> None:
    message = root_message(["https://results.example/<x>.xlsx"], 300, USER, None, "signed")
    assert message.text == f"Watching 1 source every 5 min — started by <@{USER}>"
    section = message.blocks[0]["text"]["text"]
    assert f"<@{USER}>" in section and "&lt;x&gt;" in section  # the URL's words escaped
