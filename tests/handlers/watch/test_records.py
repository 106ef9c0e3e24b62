"""The watch's plain records: where a watch posts (Place) reads back from its stored text, and a
command run again is the same watch."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from handlers.watch.records import (
    Place,
    PlaceKind,
    WatchSpec,
    montana_iso,
    montana_time,
    resolved,
    settings_changed,
)


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


def test_stored_times_are_said_in_montana_time_with_the_date() -> None:
    election_night = datetime(2024, 11, 6, 5, 14)  # stored: UTC without a zone
    assert montana_time(election_night) == "Tue Nov 5, 10:14 p.m. MST"  # not Nov 6
    assert montana_iso(election_night) == "2024-11-05T22:14:00-07:00"
    summer = datetime(2025, 6, 2, 18, 5)
    assert montana_time(summer) == "Mon Jun 2, 12:05 p.m. MDT"
    assert montana_time(datetime(2025, 6, 2, 6, 0)) == "Mon Jun 2, 12:00 a.m. MDT"


def test_settings_do_not_make_another_watch_but_the_election_does() -> None:
    source = ("https://x/r.xlsx",)
    plain = WatchSpec(Place.cli(), source, {"canvass": None, "election": None}, 60)
    dated = WatchSpec(Place.cli(), source, {"canvass": "2026-11-16", "election": None}, 60)
    primary = WatchSpec(Place.cli(), source, {"canvass": None, "election": "primary"}, 60)
    assert plain.fingerprint == dated.fingerprint
    assert plain.fingerprint != primary.fingerprint
    assert settings_changed({"canvass": None}, {"canvass": "2026-11-16"}) == [
        "canvass date set: deadlines now count from Mon Nov 16, 2026"
    ]
    assert settings_changed({"canvass": "2026-11-16"}, {"canvass": "2026-11-16"}) == []
    assert settings_changed({"seats": []}, {}) == []  # none given and none are the same


def test_a_relative_source_is_known_by_its_absolute_path(tmp_path: Path) -> None:
    assert resolved("https://x/r.xlsx") == "https://x/r.xlsx"
    assert resolved(str(tmp_path / "a" / ".." / "b")) == str(tmp_path / "b")
