"""What follows `/recount watch`: the URLs (as Slack writes links), how often, the scan's words."""

from __future__ import annotations

from datetime import date

import pytest

from domain import InputError
from handlers.slack.watching import parse_watch
from handlers.watch.service import MAX_SOURCES

TODAY = date(2026, 11, 18)


def test_slack_links_how_often_and_the_canvass() -> None:
    request = parse_watch(
        "<https://results.example/a.xlsx|a.xlsx> https://results.example/b.xlsx "
        "canvass 11/16 every 10m",
        TODAY,
    )
    assert request.sources == ("https://results.example/a.xlsx", "https://results.example/b.xlsx")
    assert request.every_s == 600
    assert request.options["canvass"] == "2026-11-16"


@pytest.mark.parametrize(("count", "ok"), [(MAX_SOURCES, True), (MAX_SOURCES + 1, False)])
def test_at_most_ten_sources(count: int, ok: bool) -> None:
    text = " ".join(f"https://results.example/{i}.xlsx" for i in range(count))
    if ok:
        assert len(parse_watch(text, TODAY).sources) == count
    else:
        with pytest.raises(InputError, match=f"{count} sources"):
            parse_watch(text, TODAY)


def test_no_url_says_how_to_write_one() -> None:
    with pytest.raises(InputError, match="name the results URL"):
        parse_watch("canvass 11/16", TODAY)
