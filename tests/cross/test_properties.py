"""Hypothesis properties of the law's arithmetic and of the parser."""

from __future__ import annotations

import contextlib
import io
import json
import re
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from slack_bolt import App

from bot.app import create_app
from bot.cli import main
from domain import (
    KINDS,
    RULES,
    BallotQuestion,
    CandidateRace,
    CanvassError,
    CheckInput,
    InputError,
    Subsection,
    check,
)
from domain.citations import PETITION_WINDOW_DAYS
from domain.deadline import long_date, petition_deadline
from domain.legal_holidays import legal_holiday
from domain.read_as import read_as
from handlers.syntax import KEYWORDS, FormRequest, HelpRequest, parse
from handlers.syntax.dates import is_month
from handlers.syntax.tokens import Token, expand_keyword_equals, tokenize

from ..builders import race
from ..conftest import TODAY
from ..fake_slack import FakeSlack, payload_body
from ..slack_helpers import dispatch, run_command, settings_for, signed_form, state, view_payload

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow

# every row with a margin test, found from the table
subsections = st.sampled_from([s for s, rule in RULES.items() if rule.has_margin_test])
totals = st.integers(min_value=0, max_value=10_000_000)


@given(subsections, totals, st.integers(0, 10_000_000), st.integers(0, 10_000_000))
def test_a_larger_margin_never_turns_no_into_yes(
    subsection: Subsection, total: int, a: int, b: int
) -> None:
    smaller, larger = sorted((a, b))
    if RULES[subsection].qualifies(larger, total):
        assert RULES[subsection].qualifies(smaller, total)


@given(subsections, totals)
def test_max_qualifying_margin_qualifies_and_one_more_does_not(
    subsection: Subsection, total: int
) -> None:
    rule = RULES[subsection]
    most = rule.max_qualifying_margin(total)
    assert rule.qualifies(most, total)
    assert not rule.qualifies(most + 1, total)
    # the same through the whole checker, with write-ins keeping the total fixed
    if 2000 + most + 1 <= total:
        kind = "county" if subsection is Subsection.ONE_COUNTY_OFFICE else "state"
        if subsection in (Subsection.ONE_COUNTY_OFFICE, Subsection.MULTI_COUNTY_OFFICE):
            assert race(kind, 1000 + most, 1000, total=total).margin_qualifies
            assert not race(kind, 1001 + most, 1000, total=total).margin_qualifies


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31)))
def test_deadlines_land_on_business_days_and_safe_is_never_later(canvass: date) -> None:
    d = petition_deadline(canvass, PETITION_WINDOW_DAYS)
    assert d.deadline_safe <= d.deadline
    assert d.deadline >= canvass + timedelta(days=5)
    assert legal_holiday(d.deadline) is None and d.deadline.weekday() != 5
    assert legal_holiday(d.deadline_safe) is None
    # every day skipped on the way was a Saturday or a legal holiday
    day = canvass + timedelta(days=5)
    while day < d.deadline:
        assert day.weekday() == 5 or legal_holiday(day) is not None
        day += timedelta(days=1)


WORDS = st.one_of(
    st.sampled_from(sorted(KEYWORDS)),
    st.sampled_from(["county", "question", "state-question", "canvass-error", "psc", "help"]),
    st.from_regex(r"[0-9]{1,8}", fullmatch=True),
    st.from_regex(r"[0-9]{1,3}(,[0-9]{3}){0,2}", fullmatch=True),
    st.sampled_from(["Nov", "16", "2026", "11/16", "2026-11-16", "2/30", "-5", "1.5", "=", '"']),
    st.from_regex(r"[A-Za-z]{1,8}(=[0-9]{1,5})?", fullmatch=True),
    st.text(max_size=6),
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(WORDS, max_size=14).map(" ".join))
def test_parser_gives_a_check_or_an_input_error(text: str) -> None:
    try:
        parsed = parse(text, TODAY)
    except InputError:
        return
    assert isinstance(
        parsed, CandidateRace | BallotQuestion | CanvassError | HelpRequest | FormRequest
    )
    if isinstance(parsed, CandidateRace | BallotQuestion | CanvassError):
        check(parsed, TODAY)  # and the checker takes whatever the parser accepts


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=200))
def test_parser_survives_any_text(text: str) -> None:
    with contextlib.suppress(InputError):
        parse(text, TODAY)


def _shown(word: str, read: str) -> bool:
    """`word` stands in `read` as a whole word, not inside another one."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", read) is not None


def _accounted_for(token: Token, read: str, parsed: CheckInput) -> bool:
    """A word of the input is in what the checker says it read."""
    text = " ".join(token.text.split()).rstrip(":,")  # names are shown with spaces tidied
    if not token.quoted and token.word in KEYWORDS:
        return True  # its value is checked on its own
    if _shown(text, read):
        return True
    digits = text.replace(",", "")
    if digits.isdigit() and (_shown(f"{int(digits):,}", read) or _shown(str(int(digits)), read)):
        return True
    if parsed.canvass is not None and (is_month(text) or "/" in text or "-" in text):
        return long_date(parsed.canvass) in read  # a date word: the date it made is shown
    if token.split_at is not None:  # NAME=VOTES
        name, votes = token.text[: token.split_at], token.text[token.split_at + 1 :]
        return _shown(name, read) and _shown(f"{int(votes.replace(',', '')):,}", read)
    return False


ACCEPTED: list[str] = []
NAMES = ["Smith", "Jones", "O'Neil", "Sheldon-Galloway", '"Mary Smith"', "McGrew", "Askew", "Li"]
RACE_KINDS = ["county", "city", "trustee", "precinct", "congress", "statewide", "psc", "house"]


def _number(value: int, commas: bool) -> str:
    return f"{value:,}" if commas else str(value)


@st.composite
def checks(draw: st.DrawFn) -> str:
    """Texts a clerk might type: a kind, then its items in any order, in any of their forms."""
    items: list[str] = []
    if draw(st.booleans()):
        kind = draw(st.sampled_from(RACE_KINDS))
        names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
        votes = draw(st.lists(st.integers(0, 99_999), min_size=len(names), max_size=len(names)))
        for name, vote in zip(names, votes, strict=True):
            form = draw(st.sampled_from(["{n} {v}", "{n}={v}", "{n}: {v}", "{n} {v},"]))
            items.append(form.format(n=name, v=_number(vote, draw(st.booleans()))))
        if draw(st.booleans()):
            items.append(f"seats {draw(st.integers(1, len(names) - 1))}")
        extra = draw(st.sampled_from(["", "total", "write-ins"]))
        if extra == "total":
            items.append(f"total {sum(votes) + draw(st.integers(0, 500))}")
        elif extra == "write-ins":
            items.append(f"write-ins {draw(st.integers(0, 500))}")
    else:
        kind = draw(st.sampled_from(["question", "levy", "state-question", "multicounty-question"]))
        for words in (("for", "yes"), ("against", "no")):
            value = _number(draw(st.integers(1, 99_999)), draw(st.booleans()))
            items.append(f"{draw(st.sampled_from(words))} {value}")
        if draw(st.booleans()):
            items.append(f"signers {draw(st.integers(0, 300))}")
        if kind != "question" and kind != "levy" and draw(st.booleans()):
            items.append(f"counties {draw(st.integers(0, 56))}")
    if draw(st.booleans()):
        items.append(f'race "{draw(st.sampled_from(["HD 22", "Mill levy", "Ward 3"]))}"')
    if draw(st.booleans()):
        day = draw(st.dates(min_value=date(2000, 1, 1), max_value=date(2030, 12, 31)))
        items.append(f"canvass {draw(date_words(day))}")
    return " ".join([kind, *draw(st.permutations(items))])


@settings(max_examples=1500, deadline=None)
@given(st.one_of(checks(), st.lists(WORDS, max_size=14).map(" ".join)))
def test_every_word_the_parser_accepts_is_in_read_as(text: str) -> None:
    try:
        parsed = parse(text, TODAY)
    except InputError:
        return
    if not isinstance(parsed, CandidateRace | BallotQuestion | CanvassError):
        return
    read = read_as(parsed)
    ACCEPTED.append(text)
    tokens = expand_keyword_equals(tokenize(text))
    assert read.startswith(KINDS[parsed.kind].label)
    for token in tokens[1:]:
        assert _accounted_for(token, read, parsed), (token, read)


def test_the_read_as_property_saw_accepted_texts() -> None:
    """The property above is only worth something if the parser accepted many of its texts."""
    if not ACCEPTED:
        test_every_word_the_parser_accepts_is_in_read_as()
    assert len(ACCEPTED) >= 200, len(ACCEPTED)


MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
any_day = st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31))


def date_words(day: date) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            day.isoformat(),
            f"{day.month}/{day.day}/{day.year}",
            f"{day.month}/{day.day}/{day.year % 100:02d}",
            f"{day.month}/{day.day}",
            f"{MONTH_NAMES[day.month - 1]} {day.day} {day.year}",
            f'"{MONTH_NAMES[day.month - 1]} {day.day}, {day.year}"',
        ]
    )


@settings(max_examples=400, deadline=None)
@given(st.data(), any_day, any_day)
def test_no_date_from_year_1_to_9999_crashes_the_command_line(
    data: st.DataObject, canvass: date, today: date
) -> None:
    words = data.draw(date_words(canvass))
    for args in (
        ["check", f"county A 5 B 4 canvass {words}"],
        ["check", "--today", today.isoformat(), f"question for 5 against 4 canvass {words}"],
    ):
        status = main(args, io.StringIO(), io.StringIO())
        assert status in (0, 2), args


_SLACK: list[tuple[App, FakeSlack]] = []


def slack_app() -> tuple[App, FakeSlack]:
    """One app and fake Slack for the whole property (hypothesis runs many examples in one
    test, and function-scoped fixtures are not reset between them)."""
    if not _SLACK:
        server = FakeSlack()
        _SLACK.append((create_app(settings_for(server), today=lambda: TODAY), server))
    return _SLACK[0]


@settings(max_examples=200, deadline=None)
@given(st.data(), any_day)
def test_no_date_from_year_1_to_9999_makes_slack_answer_500(
    data: st.DataObject, canvass: date
) -> None:
    words = data.draw(date_words(canvass))
    app, fake = slack_app()
    response = run_command(app, fake, f"county A 5 B 4 canvass {words}")
    assert response.status == 200
    values = state("county", candidates="A: 5\nB: 4", canvass=canvass.isoformat())
    assert dispatch(app, payload_body(view_payload(signed_form("county"), values))).status == 200


@settings(max_examples=600, deadline=None)
@given(st.one_of(checks(), st.lists(WORDS, max_size=14).map(" ".join)))
def test_no_text_makes_the_command_line_exit_1_or_slack_answer_500(text: str) -> None:
    assert main(["check", text], io.StringIO(), io.StringIO()) in (0, 2)
    app, fake = slack_app()
    response = run_command(app, fake, text)
    assert response.status == 200
    if text.split():  # nothing at all opens the form, with an empty acknowledgement
        assert json.loads(response.body)["response_type"] in ("ephemeral", "in_channel")
