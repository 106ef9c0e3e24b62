"""Making text safe to post: no mention, link or formatting from anything a user typed."""

from __future__ import annotations

import pytest

from handlers.slack.blocks.text import (
    clip,
    escape,
    escape_mrkdwn,
    is_channel_id,
    is_user_id,
    mention,
    plain,
    unescape_command_text,
)


def test_escape() -> None:
    assert escape("<!channel> & <@U1>\x07\u202e") == "&lt;!channel&gt; &amp; &lt;@U1&gt;"


@pytest.mark.parametrize("hidden", ["\u061c", "\ufeff", "\u2060", "\u2064", "\U000e0041", "\u180e"])
def test_escape_drops_what_survived_it_before(hidden: str) -> None:
    # issue 32: these reached the channel; the one filter of every surface drops them
    assert escape(f"Sm{hidden}ith\nJones") == "Smith\nJones"
    assert escape_mrkdwn(f"*Sm{hidden}ith*") == "∗Smith∗"


def test_plain_text_shows_a_title_as_written_on_one_line() -> None:
    made = plain("\u202e:skull: <!here>\nx" + "y" * 200, 150)
    assert made["text"].startswith(":skull: <!here> xy") and len(made["text"]) == 150
    assert made["emoji"] is False  # a title's ":skull:" stays words


def test_escape_mrkdwn_swaps_emphasis_for_look_alikes() -> None:
    assert escape_mrkdwn("*WIN* _x_ ~y~ `z`") == "∗WIN∗ ˍxˍ ∼y∼ ˋzˋ"


def test_command_text_is_unescaped_once() -> None:
    assert unescape_command_text("&lt;b&gt; &amp;lt;") == "<b> &lt;"


def test_mentions_only_real_user_ids() -> None:
    assert mention("U0CLERK") == "<@U0CLERK>"
    assert mention("<!here>") == "&lt;!here&gt;"
    assert is_user_id("W123") and not is_user_id("C123") and not is_user_id(5)
    assert is_channel_id("C0CANVASS") and is_channel_id("D12") and not is_channel_id("general")


def test_clip() -> None:
    assert clip("abc", 3) == "abc"
    assert clip("abcd", 3) == "ab…"
