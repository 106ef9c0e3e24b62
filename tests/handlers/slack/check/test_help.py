"""The command's help: every kind, every example, shown only to the asker."""

from __future__ import annotations

from domain import KINDS
from handlers.slack.check.help import help_message
from handlers.syntax import EXAMPLES

from ....slack_helpers import assert_valid, block_texts


def test_help_lists_every_kind_and_example() -> None:
    message = help_message()
    assert_valid(message.blocks)
    text = block_texts(message.blocks)
    for info in KINDS.values():
        assert f"`{info.kind.value}`" in text and info.subsection.code in text
    for example in EXAMPLES:
        assert f"`/recount {example}`" in text
    assert message.text.startswith("How to use /recount:")
