"""Hypothesis properties of the law's arithmetic and of the parser."""

from __future__ import annotations

import contextlib
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import (
    RULES,
    BallotQuestion,
    CandidateRace,
    CanvassError,
    InputError,
    Subsection,
    check,
)
from domain.citations import PETITION_WINDOW_DAYS
from domain.deadline import petition_deadline
from domain.legal_holidays import legal_holiday
from handlers.syntax import KEYWORDS, FormRequest, HelpRequest, parse

from ..builders import race
from ..conftest import TODAY

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
