"""A message as the bot sends it: what rides along only when there is something to carry."""

from __future__ import annotations

from handlers.slack.message import SlackMessage


def test_a_message_sends_metadata_and_attachments_only_when_it_has_them() -> None:
    bare = SlackMessage(text="hi", blocks=[{"type": "divider"}])
    assert bare.as_kwargs() == {"text": "hi", "blocks": [{"type": "divider"}]}
    assert bare.attached_blocks() == []
    table = {"type": "table", "rows": []}
    full = SlackMessage(
        text="hi",
        blocks=[],
        metadata={"event_type": "e", "event_payload": {}},
        attachments=[{"blocks": [table]}, {"blocks": [{"type": "divider"}]}],
    )
    assert set(full.as_kwargs()) == {"text", "blocks", "metadata", "attachments"}
    assert full.attached_blocks() == [table, {"type": "divider"}]
