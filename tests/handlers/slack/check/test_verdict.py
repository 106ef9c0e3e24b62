"""Every message shape the bot builds passes slack_sdk.models' validation and Slack's limits."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.verdict_blocks import models_message
from domain import KINDS, Family, InputError, build_check, check, verdict_json
from domain.explain import explain
from handlers.slack.check.verdict import (
    ADJUST_ACTION_ID,
    PETITION_ACTION_ID,
    RECORD_ACTION_ID,
    error_message,
    verdict_message,
)
from handlers.slack.check.work import WORK_ACTION_ID, work_view
from handlers.slack.saved_check import saved_inputs

from ....builders import question, race, verdict_of
from ....conftest import TODAY
from ....slack_helpers import assert_valid, texts_of
from ....slack_limits import assert_short, assert_view_within_limits


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("canvass", [None, date(2026, 11, 16), date(2026, 11, 1)])
def test_every_kind_and_outcome_builds_valid_blocks(kind: Any, canvass: date | None) -> None:
    family = KINDS[kind].family
    verdicts = []
    if family is Family.CANDIDATE_RACE:
        verdicts += [
            race(kind, 1204, 1199, canvass=canvass),
            race(kind, 5000, 100, canvass=canvass),
        ]
        verdicts.append(race(kind, 700, 700, 10, seats=1, canvass=canvass))
    elif family is Family.BALLOT_QUESTION:
        verdicts += [question(kind, 3237, 3250, canvass=canvass, signers=1)]
        verdicts += [question(kind, 3000, 1, canvass=canvass), question(kind, 9, 9)]
    else:
        verdicts.append(check(build_check(kind, {"canvass": canvass}), TODAY))
    for v in verdicts:
        blocks = verdict_message(v, asked_by="U0CLERK", remind="signed").blocks
        assert_valid(blocks)
        assert_short(blocks)  # every kind and outcome: at most 8 blocks, about 600 characters
        assert_view_within_limits(work_view(v))


@pytest.mark.parametrize(
    "text",
    [
        "county Smith 1204 Jones 1199 canvass 2026-11-16",
        "county A 100 B 95 C 92 canvass 2026-11-16",
        "question yes 3237 no 3250 canvass 2026-11-16 signers 1",
        "school A 1204 B 1199 canvass 2026-11-16",
        "legislature A 4000 B 3990 C 3970 D 1 canvass 2026-11-16",
        "canvass-error canvass 2026-11-16",
        "county A 700 B 700",
    ],
)
def test_slack_sdks_models_build_the_message_the_dicts_send(text: str) -> None:
    """The bench's models build (bench.verdict_blocks, issue 35's measure) is this message:
    the figures in verdict.py's docstring compare like with like, and Slack's own models
    make exactly what the dicts send."""
    v = verdict_of(text)
    sent = verdict_message(v, asked_by="U0CLERK", remind="signed").as_kwargs()
    assert models_message(v, asked_by="U0CLERK", remind="signed") == sent


def test_error_message_is_valid_and_shows_the_command() -> None:
    message = error_message('"x" is wrong <!channel>', "county A 1 B 2")
    assert_valid(message.blocks)
    assert message.text == (
        ':warning: "x" is wrong &lt;!channel&gt;\nFor example: `/recount county A 1 B 2`'
    )


def test_the_message_says_what_the_explanation_says() -> None:
    v = verdict_of('county Smith 1204 Jones 1199 canvass 2026-11-16 race "Sheriff"')
    e = explain(v)
    message = verdict_message(v, asked_by="U0CLERK")
    # the notification names the race, then says the one sentence
    assert (
        message.text == f"✅ Recount available — Sheriff · county office: {e.short} ({e.citation})"
    )
    header, short, fields, context, actions = message.blocks
    assert header["text"]["text"] == "✅ Recount available — Sheriff · county office"
    # who may petition (Jones, 1,204 - 1,199 = 5 behind Smith), with whom, and the day to act:
    # Nov 16 + 5 days = Sat Nov 21, on which the county's office is closed
    assert (
        short["text"]["text"]
        == e.short
        == (
            "Jones (5 votes behind Smith) may petition the election administrator by Fri Nov "
            "20, 2026 (the election administrator's (county) office is closed on the safe last "
            "day, Sat Nov 21, 2026)."
        )
    )
    # the fields say only what the sentence does not (issue 35): no day to act, no office
    assert [f["text"] for f in fields["fields"]] == [
        "*Margin*\n5 votes (largest that qualifies: 10)",
        "*Subsection*\nMont. Code Ann. § 13-16-201(1)",
    ]
    # the header names the race; the context line does not say it again
    assert context["elements"][0]["text"] == (
        "Read as: county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026 · "
        f"{e.as_of} · asked by <@U0CLERK>"
    )
    assert actions["type"] == "actions"
    # the working is one click away, not in the channel
    assert not any(e.edition in t for b in message.blocks for t in texts_of(b))


def test_a_second_defeated_candidate_within_reach_is_on_the_short_answer() -> None:
    # 197 votes cast: 10 votes qualify under (1); B is 5 behind A and C 8 behind A
    v = verdict_of("county A 100 B 95 C 92 canvass 2026-11-16")
    message = verdict_message(v)
    (short,) = [b["text"]["text"] for b in message.blocks[1:2]]
    assert short.startswith(
        "B (5 votes behind A) or C (8 votes behind A) may petition the election administrator "
        "by Fri Nov 20, 2026"
    )
    fields = [f["text"] for b in message.blocks for f in b.get("fields", [])]
    assert not any("Also within reach" in f for f in fields)  # the sentence names C
    assert message.text.startswith("✅ Recount available — A 100, B 95, C 92: B (5 votes")


def test_a_candidate_in_the_bond_band_keeps_a_field_of_their_own() -> None:
    # 59,800 votes cast under (2): 1/4 of 1% is 149.5, 1/2 of 1% is 299 (13-16-211)
    v = verdict_of(
        "legislature A 20000 B 19950 C 19850 canvass 2026-11-16 state canvass 2026-11-17"
    )
    message = verdict_message(v)
    short = message.blocks[1]["text"]["text"]
    assert short.startswith("B (50 votes behind A) may petition the secretary of state by")
    assert "C" not in short.split("(")[0]
    fields = [f["text"] for b in message.blocks for f in b.get("fields", [])]
    assert (
        "*Also within reach*\nC (150 votes behind A) may also petition, for a recount with a "
        "bond (13-16-211)." in fields
    )


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("canvass-error", "canvass_board_may_require"),
        ("school A 1204 B 1199 canvass 2026-11-16", "school_election_subsection"),
        ("legislature A 4010 B 3990 canvass 2026-11-16", "notice_by_certified_mail"),
    ],
)
def test_todays_code_sits_under_the_edition_line_in_slack_as_in_the_text(
    text: str, code: str
) -> None:
    """The work modal, the text and the JSON carry the same note from the same fields; the
    channel's message carries it in one line only where it changes what to do and the
    verdict's own words do not already say it."""
    v = verdict_of(text)
    e = explain(v)
    (line,) = e.current_law
    (note,) = [n for n in v.current_law if n.code == code]
    assert line == note.line and line.startswith("Today's code (")
    context = [
        b["elements"][0]["text"]
        for b in work_view(v)["blocks"]
        if b["type"] == "context" and e.edition in b["elements"][0]["text"]
    ]
    assert len(context) == 1
    edition_line, todays_code, *_ = context[0].split("\n")
    assert edition_line == e.edition
    assert todays_code == line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert [n["code"] for n in verdict_json(v)["current_law"]] == [code]
    message = " ".join(t for b in verdict_message(v).blocks for t in texts_of(b))
    assert "Today's code" not in message  # the summary or headline says it, or it is the SoS's
    assert e.todays_code_short == ()


def test_a_school_tie_carries_the_school_note_in_one_line() -> None:
    v = verdict_of("school A 700 B 700 canvass 2026-11-16")
    (short,) = explain(v).todays_code_short
    assert short == (
        "Today's code (13-16-201(2), Ch. 347, L. 2013): school elections have their own "
        "subsection; its figures were not verified. [from neighbouring sections; the text "
        "itself not seen]"
    )
    contexts = [b for b in verdict_message(v).blocks if b["type"] == "context"]
    assert contexts[0]["elements"][0]["text"] == short


def test_the_button_carries_the_declared_inputs_without_markup() -> None:
    v = verdict_of('county "A<b>&" 5 B 4 seats 1 canvass 2026-11-16')
    message = verdict_message(v)
    (actions,) = [b for b in message.blocks if b["type"] == "actions"]
    record, petition, work, button = actions["elements"]
    # the two used most first (issue 35): Print record, Petition draft; Adjust last
    assert [e["action_id"] for e in (record, petition, work, button)] == [
        RECORD_ACTION_ID,
        PETITION_ACTION_ID,
        WORK_ACTION_ID,
        ADJUST_ACTION_ID,
    ]
    assert [e["text"]["text"] for e in actions["elements"]] == [
        "Print record",
        "Petition draft",
        "Show the work",
        "Adjust & re-check",
    ]
    # the work, the record and the draft are this verdict: the same inputs, checked again
    assert {e["value"] for e in (button, work, record, petition)} == {saved_inputs(v)}
    assert "<" not in button["value"] and "&" not in button["value"]
    dumped = v.inputs.model_dump(mode="json", exclude_none=True)
    assert dumped.pop("no_state_canvass") is False  # a flag left off is not carried
    assert dumped.pop("nonpartisan_primary") is False
    assert json.loads(button["value"]) == dumped


def test_a_race_with_many_long_names_stays_within_limits() -> None:
    names = [(f"{'Candidate-' * 9}{i:03d}", 1000 - i) for i in range(120)]
    v = check(build_check("county", {"candidates": tuple(names)}), TODAY)
    message = verdict_message(v)
    assert_valid(message.blocks)
    # too long for the button: the verdict is still posted, without it
    assert all(b["type"] != "actions" for b in message.blocks)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=6), st.integers(0, 3))
def test_any_names_build_valid_blocks(names: list[str], seats_extra: int) -> None:
    candidates = tuple((name, 100 + i) for i, name in enumerate(names))
    try:
        inputs = build_check(
            "district", {"candidates": candidates, "seats": 1 + seats_extra % (len(names) - 1)}
        )
    except InputError:
        return
    assert_valid(verdict_message(check(inputs, TODAY), asked_by="U0CLERK").blocks)


def test_no_petition_draft_button_where_nothing_can_be_filed() -> None:
    for text in ("county A 700 B 700 canvass 2026-11-16", "county A 720 B 700"):
        message = verdict_message(verdict_of(text))
        (actions,) = [b for b in message.blocks if b["type"] == "actions"]
        assert PETITION_ACTION_ID not in [e["action_id"] for e in actions["elements"]]


def test_beside_a_tie_the_short_answer_gives_the_petition_still_to_file() -> None:
    """A and B tied, C 8 behind: the tie needs no petition (13-16-203), C may still petition
    by Fri Nov 20 (Nov 16 + 5 = Sat Nov 21, the office closed); once C's window has closed
    (canvass Nov 1: Nov 6 at the latest), the answer says what the office does next."""
    open_window = verdict_message(verdict_of("county A 100 B 100 C 92 canvass 2026-11-16"))
    fields = [f["text"] for b in open_window.blocks for f in b.get("fields", [])]
    (beside,) = [f for f in fields if f.startswith("*Also within reach*")]
    assert (
        "C (8 votes behind A) may also petition: file with the election administrator by "
        "Fri Nov 20, 2026" in beside
    )
    assert not any(f.startswith("*Margin*") for f in fields)  # the sentence says: tied
    closed = verdict_message(verdict_of("county A 100 B 100 C 92 canvass 2026-11-01"))
    sentence = closed.blocks[1]["text"]["text"]
    assert "the election administrator notifies the county recount board" in sentence
    # C's own day is gone: the metadata carries C without nulls Slack would refuse
    payload = closed.metadata["event_payload"] if closed.metadata else {}
    assert payload["also_qualify"] == [{"name": "C", "margin": 8, "outcome": "deadline_passed"}]


def test_beside_a_tied_question_the_electors_petition_is_a_field() -> None:
    # (3): 10 electors sign; a tied question is certified and recounted as if petitioned
    message = verdict_message(verdict_of("question yes 3250 no 3250 canvass 2026-11-16"))
    fields = [f["text"] for b in message.blocks for f in b.get("fields", [])]
    (beside,) = [f for f in fields if f.startswith("*Also within reach*")]
    assert "(at least 10 electors must sign)" in beside and "Fri Nov 20, 2026" in beside
    assert_short(message.blocks)
