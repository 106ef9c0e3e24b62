"""Every defeated candidate who qualifies is named, in the text, the Slack message and the JSON
(recount-rules.md, "Every defeated candidate who qualifies"). Under (1) the floor is 10 votes:
a candidate 10 behind the last winner qualifies, 11 behind does not."""

from __future__ import annotations

import json
from datetime import date

import pytest

from bot.terminal import render_text
from domain import Outcome, verdict_json
from handlers.slack.blocks.verdict import verdict_message

from ..builders import verdict_of

TODAY = date(2026, 11, 18)


def surfaces(text: str) -> tuple[str, str, dict[str, object]]:
    v = verdict_of(text, TODAY)
    slack = json.dumps(verdict_message(v, asked_by="U0CLERK").blocks)
    return render_text(v), slack, verdict_json(v)


def test_c_eight_behind_is_named_in_every_surface() -> None:
    text, slack, as_json = surfaces("county A 100 B 95 C 92 canvass 2026-11-16")
    assert "C (8 votes behind A) may also petition." in text
    assert "C (8 votes behind A) may also petition." in slack
    assert as_json["also_qualify"] == [{"name": "C", "margin": 8, "outcome": "recount_available"}]


@pytest.mark.parametrize(("c_votes", "named"), [(91, True), (90, True), (89, False)])
def test_at_below_and_above_the_floor(c_votes: int, named: bool) -> None:
    # A 100: C is 9, 10, 11 behind; the floor of (1) is 10 (1/400 of ~290 is under 1)
    v = verdict_of(f"county A 100 B 95 C {c_votes} canvass 2026-11-16", TODAY)
    assert [a.name for a in v.also_qualify] == (["C"] if named else [])


def test_the_checked_candidate_and_the_winners_are_never_listed() -> None:
    v = verdict_of("county A 100 B 95 C 92 candidate C canvass 2026-11-16", TODAY)
    assert v.margin is not None and v.margin.behind.name == "C"
    assert [(a.name, a.margin) for a in v.also_qualify] == [("B", 5)]


def test_a_candidate_in_the_bond_band_is_named_with_that_route() -> None:
    # (2) with 8,100 votes: 1/400 is 20.25 (up to 20), 1/200 is 40.5 (up to 40)
    v = verdict_of("legislature A 4050 B 4040 C 10 canvass 2026-11-16", TODAY)
    assert v.also_qualify == ()
    v = verdict_of("legislature A 4000 B 3990 C 3970 D 1 canvass 2026-11-16", TODAY)
    (c,) = v.also_qualify
    assert (c.name, c.margin, c.outcome) == ("C", 30, Outcome.BOND)


def test_a_question_has_no_other_candidates() -> None:
    assert verdict_of("question for 100 against 99", TODAY).also_qualify == ()
