"""What follows `/recount watch`: the URLs (as Slack writes links), how often, the scan's words."""

from __future__ import annotations

import pytest

from domain import InputError
from handlers.syntax.watch_words import MAX_SOURCES, parse_watch


def test_slack_links_how_often_and_the_words_left_for_the_scan() -> None:
    words = parse_watch(
        "<https://results.example/a.xlsx|a.xlsx> https://results.example/b.xlsx "
        "canvass 11/16 every 10m"
    )
    assert words.sources == ("https://results.example/a.xlsx", "https://results.example/b.xlsx")
    assert words.every_s == 600
    assert words.scan_words.split() == ["canvass", "11/16"]


def test_how_often_is_at_least_the_floor() -> None:
    with pytest.raises(InputError):
        parse_watch("https://results.example/a.xlsx every 30s", floor=60)


@pytest.mark.parametrize(("count", "ok"), [(MAX_SOURCES, True), (MAX_SOURCES + 1, False)])
def test_at_most_ten_sources(count: int, ok: bool) -> None:
    text = " ".join(f"https://results.example/{i}.xlsx" for i in range(count))
    if ok:
        assert len(parse_watch(text).sources) == count
    else:
        with pytest.raises(InputError, match=f"{count} sources"):
            parse_watch(text)


def test_no_url_says_how_to_write_one() -> None:
    with pytest.raises(InputError, match="name the results URL"):
        parse_watch("canvass 11/16")
