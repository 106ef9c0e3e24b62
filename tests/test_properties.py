"""Hypothesis properties of the law's arithmetic and of the parser."""

from __future__ import annotations

import contextlib
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import BallotQuestion, CandidateRace, CanvassError, InputError, Subsection, check
from domain.deadline import petition_deadline
from domain.legal_holidays import legal_holiday
from domain.margin import max_qualifying_margin, qualifies
from handlers.quick_syntax import KEYWORDS, FormRequest, HelpRequest, parse

from .helpers import race

TODAY = date(2026, 11, 29)
subsections = st.sampled_from(
    [
        Subsection.ONE_COUNTY_OFFICE,
        Subsection.MULTI_COUNTY_OFFICE,
        Subsection.LOCAL_QUESTION,
        Subsection.STATE_QUESTION,
        Subsection.MULTICOUNTY_QUESTION,
    ]
)
totals = st.integers(min_value=0, max_value=10_000_000)


@given(subsections, totals, st.integers(0, 10_000_000), st.integers(0, 10_000_000))
def test_a_larger_margin_never_turns_no_into_yes(
    subsection: Subsection, total: int, a: int, b: int
) -> None:
    smaller, larger = sorted((a, b))
    if qualifies(subsection, larger, total):
        assert qualifies(subsection, smaller, total)


@given(subsections, totals)
def test_max_qualifying_margin_qualifies_and_one_more_does_not(
    subsection: Subsection, total: int
) -> None:
    most = max_qualifying_margin(subsection, total)
    assert qualifies(subsection, most, total)
    assert not qualifies(subsection, most + 1, total)
    # the same through the whole checker, with write-ins keeping the total fixed
    if 2000 + most + 1 <= total:
        kind = "county" if subsection is Subsection.ONE_COUNTY_OFFICE else "state"
        if subsection in (Subsection.ONE_COUNTY_OFFICE, Subsection.MULTI_COUNTY_OFFICE):
            assert race(kind, 1000 + most, 1000, total=total).margin_qualifies
            assert not race(kind, 1001 + most, 1000, total=total).margin_qualifies


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31)))
def test_deadlines_land_on_business_days_and_safe_is_never_later(canvass: date) -> None:
    d = petition_deadline(canvass)
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
