"""The watch's plain records: where a watch posts (Place) reads back from its stored text, and a
command run again is the same watch."""

from __future__ import annotations

import pytest

from handlers.watch.records import Place, PlaceKind, WatchSpec


@pytest.mark.parametrize(
    ("place", "stored"),
    [
        (Place.cli(), "cli"),
        (Place.slack("T0MONTANA", "C0CANVASS"), "slack:T0MONTANA:C0CANVASS"),
        (Place.dm("T0MONTANA", "D0CLERK"), "dm:T0MONTANA:D0CLERK"),
    ],
)
def test_a_place_is_stored_as_text_and_read_back(place: Place, stored: str) -> None:
    assert str(place) == stored
    assert Place.parse(stored) == place


def test_a_prefix_selects_a_kind_or_a_workspace() -> None:
    channel = str(Place.slack("T0MONTANA", "C0CANVASS"))
    assert channel.startswith(Place.prefix(PlaceKind.SLACK))
    assert channel.startswith(Place.prefix(PlaceKind.SLACK, "T0MONTANA"))
    assert not channel.startswith(Place.prefix(PlaceKind.SLACK, "T0OTHER"))
    assert not str(Place.dm("T0MONTANA", "D0CLERK")).startswith(Place.prefix(PlaceKind.SLACK))


def test_the_same_command_is_the_same_watch_and_another_channel_another() -> None:
    here = WatchSpec(Place.slack("T", "C1"), ("https://x/r.xlsx",), {"canvass": "2026-11-16"}, 60)
    again = WatchSpec(Place.slack("T", "C1"), ("https://x/r.xlsx",), {"canvass": "2026-11-16"}, 300)
    there = WatchSpec(Place.slack("T", "C2"), ("https://x/r.xlsx",), {"canvass": "2026-11-16"}, 60)
    assert here.fingerprint == again.fingerprint  # the interval is not what makes a watch
    assert here.fingerprint != there.fingerprint
