"""A message as the bot sends it: the blocks, a plain-text fallback, and what rides along.

Every message the bot builds (a verdict, a scan's summary, a watch's changes, help, an error)
is one of these; a listener hands `as_kwargs()` to chat.postMessage, chat.update or an ack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SlackMessage:
    text: str  # the notification fallback
    blocks: list[dict[str, Any]]
    # Message metadata (event_type, event_payload): the facts as data for a later reader.
    metadata: dict[str, Any] | None = None
    # Blocks Slack takes only in an attachment: a table block goes in attachments[].blocks,
    # one table a message (docs.slack.dev/reference/block-kit/blocks/table-block, and
    # slack_sdk's own tests send it so); Slack shows the attachment under the blocks.
    attachments: list[dict[str, Any]] | None = None

    def as_kwargs(self) -> dict[str, Any]:
        made: dict[str, Any] = {"text": self.text, "blocks": self.blocks}
        if self.metadata is not None:
            made["metadata"] = self.metadata
        if self.attachments is not None:
            made["attachments"] = self.attachments
        return made

    def attached_blocks(self) -> list[dict[str, Any]]:
        """The blocks of the message's attachments (its table), in order."""
        return [b for a in self.attachments or [] for b in a.get("blocks", [])]
