"""Read as: the inputs as the checker understood them, every field given, in order."""

from __future__ import annotations

from domain.read_as import read_as

from ..builders import verdict_of


def test_every_field_given_in_order() -> None:
    said = read_as(verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16").inputs)
    assert said.index("county office") < said.index("Smith 1,204") < said.index("Jones 1,199")
    assert said.endswith("canvass Mon Nov 16, 2026")


def test_a_missing_canvass_is_said() -> None:
    assert read_as(verdict_of("question for 10 against 9").inputs).endswith("no canvass date")
