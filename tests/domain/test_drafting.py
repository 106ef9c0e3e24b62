"""Whether a petition can be drafted, and why not, for each outcome: the same words the Slack
message (its Petition draft button) and the draft itself rest on; the section a draft is
filed under, its statements, whose electors sign and who pays."""

from __future__ import annotations

from datetime import date

import pytest

from domain import Outcome
from domain.drafting import (
    BELIEF,
    OFFICE_RECOUNT,
    QUESTION_RECOUNT,
    electors_of,
    filed_under,
    who_pays,
    why_no_petition,
)
from domain.statute import statute_text

from ..builders import verdict_of

TODAY = date(2026, 11, 18)


@pytest.mark.parametrize(
    ("text", "outcome", "why"),
    [
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", Outcome.AVAILABLE, None),
        ("legislature A 4015 B 3985 state canvass 2026-11-16", Outcome.BOND, None),
        (
            "question for 1000 against 999 signers 9 canvass 2026-11-16",
            Outcome.PETITION_SHORT,
            None,
        ),
        ("county A 700 B 700 canvass 2026-11-16", Outcome.TIE, "no petition is needed"),
        ("county A 720 B 700 canvass 2026-11-16", Outcome.NOT_AVAILABLE, "margin is too large"),
        ("county A 5 B 4 canvass 2026-11-01", Outcome.DEADLINE_PASSED, "has passed"),
    ],
)
def test_a_petition_is_drafted_only_where_one_can_be_filed(
    text: str, outcome: Outcome, why: str | None
) -> None:
    verdict = verdict_of(text, TODAY)
    assert verdict.outcome is outcome
    said = why_no_petition(verdict)
    assert said is None if why is None else (said is not None and why in said)


def test_the_petitions_statements_are_the_statutes_words() -> None:
    # (1): "stating he believes a recount will change the result and a recount of the votes
    # for the office or nomination should be had"
    text = " ".join(statute_text().split())
    assert f"believes {BELIEF} and {OFFICE_RECOUNT}." in text
    # a question's votes are "cast for and against the question" in (3)-(5)
    assert QUESTION_RECOUNT.endswith("votes cast for and against the question should be had")
    assert "total votes cast for and against the question" in text


# Today's numbering (related.md): (1) -> (1)(a) ... (5) -> (1)(e), (7) -> (1)(f); school
# elections today's (2); the bond band 13-16-211, a section of its own.
@pytest.mark.parametrize(
    ("text", "today", "section", "was", "also"),
    [
        ("county A 1204 B 1199 canvass 2026-11-16", TODAY, "13-16-201(1)(a)", "13-16-201(1)", None),
        (
            "house A 1882 B 1878 state canvass 2026-11-16",
            TODAY,
            "13-16-201(1)(b)",
            "13-16-201(2)",
            None,
        ),
        (
            "question for 1000 against 998 canvass 2026-11-16",
            TODAY,
            "13-16-201(1)(c)",
            "13-16-201(3)",
            None,
        ),
        (
            "state-question yes 100000 no 99990 state canvass 2026-11-16",
            TODAY,
            "13-16-201(1)(d)",
            "13-16-201(4)",
            None,
        ),
        (
            "multicounty-question yes 1000 no 999 state canvass 2026-11-16",
            TODAY,
            "13-16-201(1)(e)",
            "13-16-201(5)",
            None,
        ),
        ("school A 500 B 499 canvass 2026-11-16", TODAY, "13-16-201(2)", "13-16-201(1)", None),
        (
            "school-question for 1000 against 998 canvass 2026-11-16",
            TODAY,
            "13-16-201(2)",
            "13-16-201(3)",
            None,
        ),
        ("legislature A 4015 B 3985 state canvass 2026-11-16", TODAY, "13-16-211", None, None),
        (
            "canvass-error canvass 2024-11-12",
            date(2024, 11, 12),
            "13-16-201(1)(f)",
            "13-16-201(7)",
            "13-15-403(4)",
        ),
    ],
)
def test_a_petition_is_filed_under_todays_number(
    text: str, today: date, section: str, was: str | None, also: str | None
) -> None:
    under = filed_under(verdict_of(text, today))
    assert (under.section, under.was, under.also) == (section, was, also)
    assert under.caption.startswith(f"Mont. Code Ann. § {section}")
    assert (f"(1987: § {was})" in under.caption) is (was is not None)


@pytest.mark.parametrize(
    ("canvass", "section"),
    [
        # Ch. 347, L. 2013 took effect Apr 30, 2013, and who files where is read on the day of
        # filing (recount-rules.md 7a). Wed Apr 24 + 5 = Mon Apr 29: filed under the 1987 (1)
        ("2013-04-24", "13-16-201(1)(a)"),
        ("2013-04-25", "13-16-201(2)"),  # + 5 = Tue Apr 30, the day Ch. 347 took effect
        # + 5 = Sat May 4: the day to act Fri May 3, under Ch. 347 though the canvass was not
        ("2013-04-29", "13-16-201(2)"),
    ],
)
def test_a_school_petition_is_filed_under_the_law_of_its_day_of_filing(
    canvass: str, section: str
) -> None:
    verdict = verdict_of(f"school A 500 B 499 canvass {canvass}", date.fromisoformat(canvass))
    assert filed_under(verdict).section == section


@pytest.mark.parametrize(
    ("text", "payer"),
    [
        ("legislature A 4015 B 3985 state canvass 2026-11-16", "The candidate."),
        ("school A 500 B 499 canvass 2026-11-16", "school district charge (13-16-205(2))"),
        ("school-question for 1000 against 998 canvass 2026-11-16", "school district charge"),
        ("county A 1204 B 1199 canvass 2026-11-16", "a charge of the county under 13-16-205"),
        ("question for 1000 against 998 canvass 2026-11-16", "No fee or bond"),
    ],
)
def test_who_pays(text: str, payer: str) -> None:
    assert payer in who_pays(verdict_of(text, TODAY))


def test_whose_electors_sign() -> None:
    assert electors_of(verdict_of("state-question yes 100 no 99 state canvass 2026-11-16")) == (
        "the State of Montana"
    )
    for text in ("question for 1000 against 998", "school-question for 1000 against 998"):
        assert electors_of(verdict_of(text)) is None  # the jurisdiction is written by hand
