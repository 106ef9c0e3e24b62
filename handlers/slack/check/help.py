"""The command's `help`: usage, the kinds and examples, shown only to the asker."""

from __future__ import annotations

from slack_sdk.models.blocks import MarkdownTextObject, SectionBlock

from domain import KINDS
from handlers.slack.message import SlackMessage
from handlers.slack.text import escape
from handlers.syntax import AMBIGUOUS_SUMMARY, COMMAND, EXAMPLES, ITEMS_SUMMARY


def help_message() -> SlackMessage:
    usage = (
        "*Can this race or question be recounted under MCA 13-16-201?*\n"
        f"`{COMMAND}` opens a form. `{COMMAND} KIND ITEMS...` checks right away and posts the "
        "verdict in this channel.\n"
        f"{escape(ITEMS_SUMMARY)}"
    )
    kinds = (
        "\n".join(
            f"• `{info.kind.value}`"
            + (f" ({', '.join(info.aliases)})" if info.aliases else "")
            + f": {info.covers} — {info.subsection.code}"
            for info in KINDS.values()
        )
        + f"\n{escape(AMBIGUOUS_SUMMARY)}"
    )
    examples = "\n".join(f"• `{COMMAND} {text}`" for text in EXAMPLES)
    blocks = [
        SectionBlock(text=MarkdownTextObject(text=usage)),
        SectionBlock(text=MarkdownTextObject(text=f"*Kinds*\n{kinds}")),
        SectionBlock(text=MarkdownTextObject(text=f"*Examples*\n{examples}")),
    ]
    return SlackMessage(
        text=f"How to use {COMMAND}: {COMMAND} KIND ITEMS..., or {COMMAND} alone for a form.",
        blocks=[b.to_dict() for b in blocks],
    )
