"""Making text safe to post: no mention, link or formatting from anything a user typed."""

from __future__ import annotations

from typing import Final

import pytest

from handlers.slack.text import (
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
    assert clip("abcd", 3) == "ab…"  # one word longer than the limit: the only cut inside one


# 20 characters: the words end at 4, 9 and 15
SHERIFF: Final = "Jane Ross, 1,204 for"


@pytest.mark.parametrize(
    ("limit", "clipped"),
    [
        (21, SHERIFF),  # one above its length: as written
        (20, SHERIFF),  # at its length: as written
        (19, "Jane Ross, 1,204…"),  # one below: the last word goes, whole
        (17, "Jane Ross, 1,204…"),  # the ellipsis just fits after "1,204"
        (16, "Jane Ross,…"),  # "1,204" would be cut: it goes whole
        (11, "Jane Ross,…"),
        (10, "Jane…"),
    ],
)
def test_clip_cuts_at_a_word_boundary(limit: int, clipped: str) -> None:
    assert len(SHERIFF) == 20
    assert clip(SHERIFF, limit) == clipped
    assert len(clip(SHERIFF, limit)) <= limit


def test_clip_never_cuts_mid_word_at_a_line_break() -> None:
    assert clip("Need a person\nARLEE JT&8 school", 24) == "Need a person\nARLEE…"


def test_clip_cuts_inside_only_a_word_longer_than_the_limit() -> None:
    long = "Candidate-" * 9  # 90 characters, one word
    assert clip(f"1. Check {long}", 75) == f"1. Check {long}"[:74] + "…"
    assert clip(long, 75) == long[:74] + "…"
