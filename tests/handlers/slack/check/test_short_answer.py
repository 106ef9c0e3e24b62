"""Issue 26's "Done when", one test per outcome, through the real Bolt app and the fake Web
API: the channel's answer is short (at most 8 blocks, about 600 visible characters), names
the day to act, the office and the citation where there is something to file, carries
metadata equal to the JSON's fields, and its "Show the work" opens a modal holding the
quoted subsection, both deadline readings and the margin lines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from slack_bolt import App

from domain import Outcome, verdict_json
from domain.deadline import long_date
from domain.explain import explain
from handlers.slack.after_ack import AfterAck
from handlers.slack.check.verdict import VERDICT_EVENT, WORKFLOW_KEYS
from handlers.slack.check.work import WORK_ACTION_ID
from handlers.slack.text import escape_mrkdwn

from ....builders import verdict_of
from ....conftest import TODAY
from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import bot_signer, button_payload, dispatch, run_command
from ....slack_limits import assert_short, assert_view_within_limits, visible_text

# One quick check per outcome, as a clerk types it on TODAY (Wed Nov 18, 2026).
CASES: list[tuple[Outcome, str]] = [
    (Outcome.AVAILABLE, "county Smith 1204 Jones 1199 canvass 11/16/2026"),
    (Outcome.TIE, "county Smith 1204 Jones 1204 canvass 11/16/2026"),
    (Outcome.DEADLINE_PASSED, "county Smith 1204 Jones 1199 canvass 11/2/2026"),
    (Outcome.PETITION_SHORT, "question yes 3237 no 3250 canvass 11/16/2026 signers 1"),
    (Outcome.NOT_AVAILABLE, "county Smith 5000 Jones 100 canvass 11/16/2026"),
    (
        Outcome.BOND,
        'legislature "MARTY MALONE" 3783 "SCOTT ROSENZWEIG" 3803 canvass 11/16/2026 '
        "state canvass 11/17/2026",
    ),
    (Outcome.CANVASS_BOARD, "canvass-error canvass 11/16/2026"),
]


def _work_button(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    buttons: list[dict[str, Any]] = [
        e for b in blocks if b["type"] == "actions" for e in b["elements"]
        if e["action_id"] == WORK_ACTION_ID
    ]  # fmt: skip
    (button,) = buttons
    return button


@pytest.mark.parametrize(("outcome", "text"), CASES, ids=[o.value for o, _ in CASES])
def test_the_short_answer_and_its_work(
    app: App, fake: FakeSlack, after_ack: AfterAck, outcome: Outcome, text: str
) -> None:
    v = verdict_of(text, TODAY)
    assert v.outcome is outcome  # the case is the outcome it is named for
    e = explain(v)
    body = json.loads(run_command(app, fake, text).body)
    assert body["response_type"] == "in_channel"
    blocks = body["blocks"]
    assert_short(blocks)
    shown = " ".join(visible_text(blocks).split())

    # the outcome, what to do (or why nothing), and the citation
    assert blocks[0]["type"] == "header" and e.outcome in blocks[0]["text"]["text"]
    assert escape_mrkdwn(e.short) in visible_text(blocks)
    assert v.subsection.citation in shown
    if v.to_file:
        assert v.file_with is not None and v.file_with.label in shown  # the office
        if v.act_by is not None:
            assert long_date(v.act_by) in shown  # the day to act
    else:
        assert "File with" not in shown and "Day to act" not in shown
    assert "not legal advice" in shown and "asked by <@U0CLERK>" in shown

    # the metadata: the JSON's own fields, and the inputs signed by this bot
    facts = verdict_json(v)
    metadata = body["metadata"]
    assert metadata["event_type"] == VERDICT_EVENT
    payload = dict(metadata["event_payload"])
    signed = payload.pop("inputs")
    assert payload == {k: facts[k] for k in WORKFLOW_KEYS if facts.get(k) not in (None, [])}
    for key in ("outcome", "subsection", "kind", "act_by", "file_with", "deadline_safe"):
        assert payload.get(key) == facts[key], key
    assert bot_signer().verify(signed) == json.loads(_work_button(blocks)["value"])

    # "Show the work": a modal, no post
    after_ack.drain(timeout=5)
    click = button_payload(_work_button(blocks)["value"])
    click["actions"][0]["action_id"] = WORK_ACTION_ID
    assert dispatch(app, payload_body(click)).status == 200
    assert after_ack.drain(timeout=10)  # the modal opens after the ack
    (opened,) = fake.to("views.open")
    view = opened.body["view"]
    assert_view_within_limits(view)
    work = " ".join(visible_text(view["blocks"]).split())
    for quote in e.quotes:
        assert " ".join(quote.split()) in work  # rich text: shown as written
    for line in e.margin_lines:
        assert " ".join(escape_mrkdwn(line).split()) in work
    d = v.deadline
    if d is not None and v.to_file:  # both readings: the safe date, and the 1-1-307 date
        assert long_date(d.deadline_safe) in work and long_date(d.deadline) in work
        assert f"Safe reading: {d.trace(safe=True)}" in work or not d.readings_differ
    assert fake.to("chat.postMessage") == []


# Issue 35's "Done when": one case per outcome, a three-way race and a statewide question
# without signers, on TODAY (Wed Nov 18, 2026). Each: what the one sentence must say (who
# may petition, or the signers and counties, or what the office does next), what the
# notification must name, and the facts the metadata must carry; worked out by hand from
# 13-16-201 and the calendar.
DONE_WHEN: list[tuple[str, str, tuple[str, ...], str, dict[str, Any]]] = [
    (
        "available",  # 2,403 cast: 10 qualify; Nov 16 + 5 = Sat Nov 21, the office closed
        'county Smith 1204 Jones 1199 canvass 11/16/2026 race "Sheriff"',
        ("Jones (5 votes behind Smith) may petition the election administrator by Fri Nov 20",),
        "Sheriff · county office",
        {"total_votes": 2403, "petitioner": "defeated_candidate", "candidate": "Jones",
         "last_winner": "Smith", "race": "Sheriff", "act_by": "2026-11-20"},
    ),
    (
        "tie",  # recounted as if petitioned (13-16-203): the administrator tells the board
        "county Smith 1204 Jones 1204 canvass 11/16/2026",
        ("no petition is needed", "the election administrator notifies the county recount "
         "board, which convenes no later than 5 days after it is notified (13-16-204(2))"),
        "Smith 1,204, Jones 1,204",
        {"total_votes": 2408, "margin": 0, "outcome": "tie_recount"},
    ),
    (
        "deadline_passed",  # Nov 2 + 5 = Sat Nov 7, Sunday Nov 8: Mon Nov 9 at the latest
        "county Smith 1204 Jones 1199 canvass 11/2/2026",
        ("the last day to file was Mon Nov 9, 2026",),
        "Smith 1,204, Jones 1,199",
        {"total_votes": 2403, "deadline": "2026-11-09"},
    ),
    (
        "petition_short",  # (3): 10 electors sign; 1 given
        "question yes 3237 no 3250 canvass 11/16/2026 signers 1",
        ("Gather at least 9 more signers (10 needed)", "the election administrator by Fri Nov 20"),
        "For 3,237 · Against 3,250",
        {"total_votes": 6487, "petitioner": "electors", "signers_required": 10, "signers": 1},
    ),
    (
        "not_available",  # 5,100 cast: 12 qualify (1/4 of 1% is 12.75); 4,900 behind
        "county Smith 5000 Jones 100 canvass 11/16/2026",
        ("A margin of 4,900 votes is more than the 12",),
        "Smith 5,000, Jones 100",
        {"total_votes": 5100, "max_qualifying_margin": 12},
    ),
    (
        "bond",  # 7,586 cast under (2): 18 qualify, 37 with a bond (13-16-211)
        'legislature "MARTY MALONE" 3783 "SCOTT ROSENZWEIG" 3803 canvass 11/16/2026 '
        "state canvass 11/17/2026",
        ("MARTY MALONE (20 votes behind SCOTT ROSENZWEIG) may petition the secretary of state "
         "for a recount with a bond (13-16-211) by Mon Nov 23, 2026",),
        "SCOTT ROSENZWEIG 3,803, MARTY MALONE 3,783",
        {"total_votes": 7586, "petitioner": "defeated_candidate", "candidate": "MARTY MALONE"},
    ),
    (
        "canvass_board",  # since 2025 SB 57 the board requires; the administrator conducts it
        "canvass-error canvass 11/16/2026",
        ("require the election administrator to conduct a recount or an inspection of ballots",),
        "error found by the county canvass board",
        {"subsection": "13-16-201(7)", "outcome": "canvass_board_error"},
    ),
    (
        "canvass_board_1987",  # before SB 57 the board petitions the administrator, who notifies
        "canvass-error canvass 11/16/2024",
        ("petitions the election administrator immediately for a recount; the administrator "
         "notifies the county recount board",),
        "error found by the county canvass board",
        {"petitioner": "canvass_board", "file_with": "election_administrator"},
    ),
    (
        "three_way",  # 287 cast: 10 qualify; Brown 5 and Clark 8 behind Adams
        "county Adams 100 Brown 95 Clark 92 canvass 11/16/2026",
        ("Brown (5 votes behind Adams) or Clark (8 votes behind Adams) may petition the "
         "election administrator by Fri Nov 20, 2026",),
        "Adams 100, Brown 95, Clark 92",
        {"total_votes": 287, "candidate": "Brown", "last_winner": "Adams",
         "also_qualify": [{"name": "Clark", "margin": 8, "outcome": "recount_available",
                           "file_with": "election_administrator", "act_by": "2026-11-20"}]},
    ),
    (
        "statewide_no_signers",  # (4): 100 electors of 5 counties; Dec 1 + 5 = Sun Dec 6
        "state-question yes 100000 no 100100 canvass 11/16/2026 state canvass 12/1/2026",
        ("A petition signed by at least 100 electors from at least 5 counties may be filed with "
         "the secretary of state by Mon Dec 7, 2026",),
        "For 100,000 · Against 100,100",
        {"total_votes": 200100, "petitioner": "electors", "signers_required": 100,
         "counties_required": 5},
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "text", "says", "names", "carries"), DONE_WHEN, ids=[c[0] for c in DONE_WHEN]
)
def test_the_sentence_names_who_the_notification_names_the_race(
    app: App,
    fake: FakeSlack,
    case: str,
    text: str,
    says: tuple[str, ...],
    names: str,
    carries: dict[str, Any],
) -> None:
    body = json.loads(run_command(app, fake, text).body)
    assert_short(body["blocks"])
    sentence = body["blocks"][1]["text"]["text"]  # the one sentence under the headline
    for words in says:
        assert words in sentence, (words, sentence)
    fields = " ".join(f["text"] for b in body["blocks"] for f in b.get("fields", []))
    assert "Day to act" not in fields and "File with" not in fields  # the sentence says it
    headline = body["blocks"][0]["text"]["text"]
    assert body["text"].startswith(f"{headline.split(' — ')[0]} — {names}: "), body["text"]
    payload = body["metadata"]["event_payload"]
    for key, value in carries.items():
        assert payload[key] == value, key
