"""The day to act, on every surface: every kind x outcome x canvass situation x where today
stands in the window.

One table walks each kind through each outcome it can reach, in each canvass situation it can
be in (its own canvass given; for (2), (4) and (5) the county canvass only, the state canvass
given, or no state canvass following a special district election), on seven days around a
window whose safe date is a Saturday (before the canvass, before the day to act, on it, the
closed Saturday, the day after, the 1-1-307 date, after it). It checks the text, the Slack
message and the JSON together: the same instruction, the same office, never a day already
past, closed, or before the canvass that opens the window; no (2)/(4)/(5) day without the
state canvass, and no "deadline passed" that the state canvass would undo; no filing words
where nothing is to be filed (recount-rules.md sections 6 and 7).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import KINDS, ContestKind, Family, Outcome, Subsection, Verdict, verdict_json
from domain.deadline import long_date, office_open
from domain.explain import ONLY_IF_1_1_307, explain
from handlers.slack.check.verdict import verdict_message
from handlers.slack.check.work import work_view
from handlers.slack.text import escape_mrkdwn
from handlers.terminal.verdict import render_text

from ..builders import verdict_of

_LONG_DATE = re.compile(
    r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
    r"(\d{1,2}), (\d{4})"
)
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
# Where a reply tells someone to file: the sentence from "File with" (or "Day to act") to its end.
# "file with", and the short answer's "may petition" / "may be filed with" (issue 35)
_INSTRUCTION = re.compile(
    r"([Ff]ile with\b|Day to act|may petition\b|may be filed with\b)[^.]*?(?:\d{4}|today)"
)

# The canvass that opens the window, Mon Nov 16, 2026: + 5 = Sat Nov 21 (the safe date, the
# office closed); the last open day is Fri Nov 20 (act_by); Sun Nov 22 is a holiday; the
# 1-1-307 date is Mon Nov 23. Where a state canvass opens it, the county canvass is Nov 9.
CANVASS, COUNTY_BEFORE_STATE = date(2026, 11, 16), date(2026, 11, 9)
ACT_BY, SAFE, LATE = date(2026, 11, 20), date(2026, 11, 21), date(2026, 11, 23)
PHASES = {
    "before the canvass": date(2026, 11, 12),
    "before the day to act": date(2026, 11, 19),
    "on the day to act": ACT_BY,
    "the closed safe date": SAFE,
    "after the safe date": date(2026, 11, 22),
    "on the 1-1-307 date": LATE,
    "after the 1-1-307 date": date(2026, 11, 24),
}
CANDIDATE_SCENARIOS = {
    # 20 of 8,000 qualifies under (1) and (2); 30 is in the bond band (up to 40) of both
    "qualifies": ("A 4010 B 3990", Outcome.AVAILABLE),
    "tie": ("A 4000 B 4000", Outcome.TIE),
    "bond band": ("A 4015 B 3985", Outcome.BOND),
    "too large": ("A 5000 B 3000", Outcome.NOT_AVAILABLE),
}
QUESTION_SCENARIOS = {
    "qualifies": ("for 4010 against 3990", Outcome.AVAILABLE),
    # (4), (5): the ordinary petition; a (3) tie is certified and recounted as if petitioned
    # (13-15-405(4), 13-16-203): see `question_outcome`
    "tied question": ("for 4000 against 4000", Outcome.AVAILABLE),
    "short petition": ("for 4010 against 3990 signers 1", Outcome.PETITION_SHORT),
    "too large": ("for 5000 against 3000", Outcome.NOT_AVAILABLE),
}


def petition_items(kind: ContestKind) -> str:
    return " signers 500 counties 9" if KINDS[kind].takes_counties else " signers 500"


def situations(kind: ContestKind) -> dict[str, str]:
    """The canvass situations a kind can be in, as the words that say them."""
    info = KINDS[kind]
    if not info.counts_from_state_canvass:
        return {"its canvass": f"canvass {CANVASS.isoformat()}"}
    out = {
        "county canvass only": f"canvass {CANVASS.isoformat()}",
        "state canvass given": (
            f"canvass {COUNTY_BEFORE_STATE.isoformat()} state canvass {CANVASS.isoformat()}"
        ),
    }
    if info.may_skip_state_canvass:
        out["no state canvass follows"] = f"canvass {CANVASS.isoformat()} no state canvass"
    return out


def waiting(kind: ContestKind, situation: str) -> bool:
    """No day can be given: a (2)/(4)/(5) contest without its state canvass."""
    return situation == "county canvass only"


def cases() -> list[Any]:
    out = []
    for kind, info in KINDS.items():
        if info.family is Family.CANVASS_ERROR:
            scenarios = {"board": ("", Outcome.CANVASS_BOARD)}
        elif info.family is Family.CANDIDATE_RACE:
            scenarios = CANDIDATE_SCENARIOS
        else:
            scenarios = QUESTION_SCENARIOS
        for name, (items, outcome) in scenarios.items():
            if name == "tied question" and info.subsection is Subsection.LOCAL_QUESTION:
                outcome = Outcome.TIE
            if info.family is Family.BALLOT_QUESTION and "signers" not in items:
                items += petition_items(kind)
            for situation, canvass in situations(kind).items():
                text = f"{kind.value} {items} {canvass}".replace("  ", " ")
                for phase, today in PHASES.items():
                    out.append(
                        pytest.param(
                            kind,
                            situation,
                            text,
                            outcome,
                            today,
                            id=f"{kind.value}, {name}, {situation}, {phase}",
                        )
                    )
    return out


def expected_outcome(outcome: Outcome, today: date, no_window: bool = False) -> Outcome:
    if today <= LATE or no_window:
        return outcome  # without the state canvass the window is not known: never "passed"
    # after the 1-1-307 date the window is shut: 13-16-211's bond route with it
    return {
        Outcome.AVAILABLE: Outcome.DEADLINE_PASSED,
        Outcome.PETITION_SHORT: Outcome.DEADLINE_PASSED,
        Outcome.BOND: Outcome.DEADLINE_PASSED,  # the reason is the date, not the margin
    }.get(outcome, outcome)


def expected_file_with(kind: ContestKind, outcome: Outcome) -> str:
    info = KINDS[kind]
    if outcome is Outcome.BOND and info.school:
        return "school_district_clerk"  # 13-16-211: where the candidate filed for nomination
    if info.school:
        return "school_election_filing_officer"
    if info.subsection in (2, 4, 5):
        return "secretary_of_state"
    return "election_administrator"


def closed_office(kind: ContestKind) -> str:
    info = KINDS[kind]
    if info.school:
        return "the school district office"
    if info.subsection in (Subsection(2), Subsection(4), Subsection(5)):
        return "the secretary of state's office"
    return "the election administrator's (county) office"


def parse_long_date(found: re.Match[str]) -> date:
    return date(int(found[4]), _MONTHS.index(found[2]) + 1, int(found[3]))


def instruction_days(text: str, today: date) -> list[date]:
    """Every day a reply tells someone to file on (or by): the first date of each instruction,
    or today where it says "today"."""
    days = []
    for found in _INSTRUCTION.finditer(" ".join(text.split())):
        sentence = found.group(0)
        when = _LONG_DATE.search(sentence)
        days.append(parse_long_date(when) if when else today)
    return days


def slack_texts(message: Any) -> list[str]:
    out = [message.text]
    for block in message.blocks:
        text = block.get("text")
        if isinstance(text, dict):
            out.append(text["text"])
        for element in block.get("elements", []):
            if isinstance(element, dict) and isinstance(element.get("text"), str):
                out.append(element["text"])
    return out


def surfaces(v: Verdict) -> tuple[str, str, dict[str, Any], Any]:
    """The text, Slack's short message with its "Show the work" modal, the JSON, and the
    message itself."""
    message = verdict_message(v, asked_by="U0CLERK")
    modal = SimpleNamespace(text="", blocks=work_view(v)["blocks"])
    slack = "\n".join([*slack_texts(message), *slack_texts(modal)])
    return render_text(v), slack, verdict_json(v), message


@pytest.mark.parametrize(("kind", "situation", "text", "outcome", "today"), cases())
def test_every_kind_outcome_and_day(
    kind: ContestKind, situation: str, text: str, outcome: Outcome, today: date
) -> None:
    v = verdict_of(text, today)
    plain, slack, j, message = surfaces(v)
    e = explain(v)
    no_window = waiting(kind, situation)
    want = expected_outcome(outcome, today, no_window)
    assert j["outcome"] == want.value
    assert (
        j["counts_from"]
        == {
            "its canvass": "county_canvass",
            "county canvass only": "state_canvass",
            "state canvass given": "state_canvass",
            "no state canvass follows": "special_district_canvass",
        }[situation]
    )
    to_file = want in (Outcome.AVAILABLE, Outcome.PETITION_SHORT, Outcome.BOND)
    if no_window:
        check_no_window(v, plain, slack, j, to_file)
        return
    assert j["file_from"] == (CANVASS.isoformat() if to_file else None)
    said = " ".join(e.summary.split())
    opens = "the state canvass" if situation == "state canvass given" else "the canvass"
    once = f"once {opens} of {long_date(CANVASS)} is complete"
    assert (once in said) is (to_file and today <= CANVASS), said
    if situation == "no state canvass follows":
        assert "official canvass is the state canvass" not in plain
        assert "13-1-505" in plain or not to_file  # the deadline section says which canvass
    only_307 = to_file and SAFE <= today <= LATE
    # --- the action fields, and their absence --------------------------------------------
    if to_file:
        assert j["file_with"] == expected_file_with(kind, want)
        assert j["petitioner"] == ("electors" if KINDS[kind].family is Family.BALLOT_QUESTION
                                   else "defeated_candidate")  # fmt: skip
        assert j["act_by"] == (ACT_BY.isoformat() if today <= ACT_BY else None)
        assert j["days_left"] == (LATE - today).days
        assert j["days_left_safe"] == ((SAFE - today).days if today <= SAFE else None)
        assert "Who petitions:" in plain
        label = v.file_with.label if v.file_with else "?"
        # "File with ..." or, for a short petition, "Gather ..., then file with ..."
        assert f"file with {label}" in " ".join(plain.split()).lower()
    else:
        for key in ("file_with", "petitioner", "act_by", "days_left", "days_left_safe"):
            assert j[key] is None, key
        # beside a tied (3) question the electors' own petition is the one filing line
        beside = next((x for x in explain(v).petition_lines if "may also petition" in x), "")
        assert bool(beside) is (v.beside_tie is not None and v.beside_tie.to_file)
        for said in (plain, slack):
            said = " ".join(said.split()).replace(" ".join(beside.split()), "")
            assert "File with" not in said and "Who petitions" not in said
            assert "Day to act" not in said
    assert j["only_if_1_1_307"] is only_307
    # the window's facts stay wherever there is a window
    if want is not Outcome.CANVASS_BOARD:
        assert (j["deadline"], j["deadline_safe"]) == (LATE.isoformat(), SAFE.isoformat())

    # --- the headline ----------------------------------------------------------------------
    assert (ONLY_IF_1_1_307 in e.headline) is only_307
    assert (ONLY_IF_1_1_307 in plain.splitlines()[0]) is only_307
    assert (ONLY_IF_1_1_307 in message.blocks[0]["text"]["text"]) is only_307

    # --- the instruction: never a past day, never a closed day -----------------------------
    for said in (plain, slack):
        for day in instruction_days(said, today):
            assert day >= today, (day, said)
            assert office_open(day), (day, said)
            assert day > CANVASS, (day, said)  # never a "file by" before the window opens
    if to_file and today <= ACT_BY:
        assert instruction_days(plain, today)[0] == ACT_BY
    if to_file and only_307:
        assert "timely only if 1-1-307 applies" in " ".join(e.summary.split())
        assert instruction_days(e.summary, today) == [LATE]
    if to_file:
        # the office named closed on the safe Saturday is the one the petition goes to
        office = closed_office(kind)
        said = " ".join(plain.split()).lower()  # "The secretary of state's office is closed"
        assert f"{office} is closed on saturdays" in said  # the Saturday note
        assert f"{office} is closed on the safe last day" in said or today > ACT_BY
    assert "County offices are closed" not in plain

    # --- one answer everywhere: the text's sentences are the Slack message's ---------------
    assert escape_mrkdwn(e.summary) in slack  # the modal's
    assert escape_mrkdwn(e.short) in slack  # the channel message's
    if to_file:  # the short one gives the long one's instruction: the same days, the office
        assert instruction_days(e.short, today) == instruction_days(e.summary, today)
        assert v.file_with is not None and v.file_with.label in e.short
    sections = [
        b["text"]["text"] for b in [*message.blocks, *work_view(v)["blocks"]] if "text" in b
    ]
    for section in sections:
        title, _, body = section.partition("\n")
        if title.strip("*") in ("Margin", "Deadline", "Petition", "Related"):
            assert body.strip(), f"empty section {title}"  # no empty Deadline/Petition header
    if not to_file and want is not Outcome.TIE:
        assert not any(s.startswith("*Petition*") for s in sections)
    for line in (*e.deadline_lines, *e.petition_lines):
        assert f"\u2022 {escape_mrkdwn(line)}" in slack


def check_no_window(v: Verdict, plain: str, slack: str, j: dict[str, Any], to_file: bool) -> None:
    """A (2)/(4)/(5) contest with only the county canvass: the margin's outcome, no date to
    act on, and where something is to be filed, "after the state canvass, not before it"."""
    for key in ("deadline", "deadline_safe", "deadline_passed", "act_by", "days_left"):
        assert j[key] is None, key
    assert j["days_left_safe"] is None and j["file_from"] is None
    assert j["only_if_1_1_307"] is False
    assert "How:" not in plain and not _LONG_DATE.search(explain(v).summary)
    for said in (plain, slack):
        assert instruction_days(said, v.today) == [], said
    after = "within 5 days after the state canvass, not before it"
    assert (after in " ".join(plain.split())) is to_file
    assert (after in " ".join(slack.split())) is to_file
    assert j["file_with"] == ("secretary_of_state" if to_file else None)


@st.composite
def canvass_words(draw: st.DrawFn, kind: ContestKind, canvass: date) -> tuple[str, date | None]:
    """How the canvass is given for `kind`, and the date that opens its window (None where
    it is not known: a (2)/(4)/(5) contest with only the county canvass)."""
    info = KINDS[kind]
    if not info.counts_from_state_canvass:
        return f"canvass {canvass.isoformat()}", canvass
    choices = ["county only", "state canvass"]
    if info.may_skip_state_canvass:
        choices.append("no state canvass")
    how = draw(st.sampled_from(choices))
    if how == "county only":
        return f"canvass {canvass.isoformat()}", None
    if how == "no state canvass":
        return f"canvass {canvass.isoformat()} no state canvass", canvass
    # the state canvass follows the county canvasses, by up to about five weeks
    state = canvass + timedelta(days=draw(st.integers(min_value=0, max_value=35)))
    return f"canvass {canvass.isoformat()} state canvass {state.isoformat()}", state


@settings(max_examples=400, deadline=None)
@given(
    canvass=st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 11, 30)),
    kind=st.sampled_from([k for k, i in KINDS.items() if i.family is not Family.CANVASS_ERROR]),
    offset=st.integers(min_value=-40, max_value=45),
    data=st.data(),
)
def test_no_reply_tells_anyone_to_file_on_a_past_premature_or_closed_day(
    canvass: date, kind: ContestKind, offset: int, data: st.DataObject
) -> None:
    words, opens = data.draw(canvass_words(kind, canvass))
    today = canvass + timedelta(days=offset)
    family = KINDS[kind].family
    items = "A 4010 B 3990" if family is Family.CANDIDATE_RACE else "for 4010 against 3990"
    v = verdict_of(f"{kind.value} {items} {words}", today)
    plain, slack, j, _ = surfaces(v)
    d = v.deadline
    if opens is None:  # the state canvass not given: no day at all, and never "passed"
        assert d is None and j["act_by"] is None and j["deadline_passed"] is None
        assert j["outcome"] == Outcome.AVAILABLE.value
        for said in (plain, slack):
            assert instruction_days(said, today) == [], said
        return
    assert d is not None and d.canvass == opens
    # act_by is an open day, after the canvass, never after the safe date, and the last such
    assert office_open(d.act_by) and opens < d.act_by <= d.deadline_safe
    assert all(
        not office_open(d.act_by + timedelta(days=n))
        for n in range(1, (d.deadline_safe - d.act_by).days + 1)
    )
    if v.act_by is not None:
        assert v.act_by == d.act_by >= today
    for said in (plain, slack):
        for day in instruction_days(said, today):
            assert day >= today and office_open(day) and day > opens, (day, said)
    if j["act_by"] is not None:
        assert date.fromisoformat(j["act_by"]) >= today
        if today < opens:  # before the window opens: said, in the summary and the JSON
            assert j["file_from"] == opens.isoformat()
            assert f"of {long_date(opens)} is complete" in " ".join(plain.split())
    if j["act_by_if_closed"] is not None:
        earlier = date.fromisoformat(j["act_by_if_closed"])
        assert today <= earlier < date.fromisoformat(j["act_by"]) and office_open(earlier)
        assert earlier > opens
