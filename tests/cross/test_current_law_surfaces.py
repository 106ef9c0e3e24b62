"""Every kind and outcome: the text, the Slack message and the JSON carry the same
current-law notes, from the same note objects (domain.current_law)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from domain import KINDS, Family, Verdict, build_check, check, verdict_json
from domain.current_law import Shown
from domain.explain import explain
from handlers.slack.check.verdict import verdict_message
from handlers.slack.check.work import work_view
from handlers.terminal.verdict import render_text

from ..builders import question, race
from ..conftest import TODAY
from ..slack_helpers import texts_of


def verdicts_of(kind: Any) -> list[Verdict]:
    canvass = date(2026, 11, 16)
    match KINDS[kind].family:
        case Family.CANDIDATE_RACE:
            return [
                race(kind, 1204, 1199, canvass=canvass),  # qualifies
                race(kind, 4015, 3985, canvass=canvass),  # the bond band for (2)
                race(kind, 5000, 100, canvass=canvass),  # far outside
                race(kind, 700, 700, canvass=canvass),  # a tie
            ]
        case Family.BALLOT_QUESTION:
            counties: dict[str, Any] = {"counties": 10} if KINDS[kind].takes_counties else {}
            return [
                question(kind, 3250, 3237, canvass=canvass, signers=200, **counties),
                question(kind, 3000, 1, canvass=canvass),
                question(kind, 9, 9),
            ]
        case Family.CANVASS_ERROR:
            return [check(build_check(kind, {}), TODAY)]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_surface_carries_the_same_notes(kind: Any) -> None:
    for v in verdicts_of(kind):
        e = explain(v)
        todays = [n.line for n in v.current_law if n.shown is Shown.TODAYS_CODE]
        assert list(e.current_law) == todays
        assert [n["code"] for n in verdict_json(v)["current_law"]] == [
            n.code for n in v.current_law
        ]
        text = flat(render_text(v))
        message = flat(
            " ".join(t for b in verdict_message(v, asked_by="U0CLERK").blocks for t in texts_of(b))
        )
        modal = flat(" ".join(t for b in work_view(v)["blocks"] for t in texts_of(b)))
        for line in todays:
            assert flat(line) in text
            assert flat(line.replace("&", "&amp;")) in modal  # whole, one click away
        for short in e.todays_code_short:  # the notes that change what to do, in the channel
            assert flat(short.replace("&", "&amp;")) in message
        # every note that changes what to do is on the channel's message: in its one line,
        # or said already by the verdict's own words (SB 57's summary, the school headline)
        for n in v.current_law:
            if n.shown is not Shown.TODAYS_CODE or not n.changes_what_to_do:
                continue
            assert (
                f"Today's code ({n.section})" in message
                or (n.code == "canvass_board_may_require" and "2025 SB 57" in message)
                or (n.code == "school_election_subsection" and "subsection not verified" in message)
            ), (kind, n.code)
        # every note the JSON lists is said somewhere in the text, with how sure we are
        for note in v.current_law:
            assert note.confidence.value in text, (kind, note.code)
