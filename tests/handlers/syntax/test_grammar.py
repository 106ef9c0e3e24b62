"""The quick syntax of quick-syntax.md: kinds, items, and every error with its example."""

from __future__ import annotations

from datetime import date

import pytest

from domain import BallotQuestion, CandidateRace, CanvassError, InputError
from handlers.syntax import (
    EXAMPLES,
    MAX_TEXT_LENGTH,
    FormRequest,
    HelpRequest,
    QuickSyntaxError,
    parse,
)

from ...conftest import TODAY


def race(text: str) -> CandidateRace:
    parsed = parse(text, TODAY)
    assert isinstance(parsed, CandidateRace)
    return parsed


def votes(parsed: CandidateRace) -> list[tuple[str, int]]:
    return [(c.name, c.votes) for c in parsed.candidates]


def test_empty_opens_the_form_and_help_is_help() -> None:
    assert parse("", TODAY) == FormRequest()
    assert parse("   ", TODAY) == FormRequest()
    assert parse("help", TODAY) == HelpRequest()
    assert parse("  HELP ", TODAY) == HelpRequest()


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_spec_example_parses(text: str) -> None:
    assert isinstance(parse(text, TODAY), CandidateRace | BallotQuestion | CanvassError)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("county Smith 1204 Jones 1199", [("Smith", 1204), ("Jones", 1199)]),
        ("county Smith=1,204 Jones=1199", [("Smith", 1204), ("Jones", 1199)]),
        ('county "Mary Smith" 1204 Jones 1199', [("Mary Smith", 1204), ("Jones", 1199)]),
        ('county "Mary Smith"=1204 Jones 1199', [("Mary Smith", 1204), ("Jones", 1199)]),
        ("county “Mary Smith” 1204 Jones 1199", [("Mary Smith", 1204), ("Jones", 1199)]),
        ("county 1204 1199 900", [("A", 1204), ("B", 1199), ("C", 900)]),
        ("COUNTY smith 1,204,000 JONES 1", [("smith", 1204000), ("JONES", 1)]),
        ('county "seats" 5 Jones 4', [("seats", 5), ("Jones", 4)]),  # quoted keyword is a name
    ],
)
def test_candidates(text: str, expected: list[tuple[str, int]]) -> None:
    assert votes(race(text)) == expected


def test_every_item_of_a_race() -> None:
    r = race(
        "city A=900 B=850 McGrew 694 Askew 692 seats 3 total 3,200 candidate askew canvass 11/16"
    )
    assert (r.kind.value, r.seats, r.total, r.candidate, r.canvass) == (
        "municipal",
        3,
        3200,
        "askew",
        date(2026, 11, 16),
    )


def test_keyword_equals_value() -> None:
    r = race("county Smith 5 Jones 4 seats=1 canvass=2026-11-16")
    assert (r.seats, r.canvass) == (1, date(2026, 11, 16))


@pytest.mark.parametrize(
    "text",
    [
        "question for 3237 against 3250 signers 12 counties 0",
        "question yes 3237 no 3250 signers 12",
        "question against 3250 for 3237 signers 12",
    ],
)
def test_question_items(text: str) -> None:
    if "counties" in text:
        with pytest.raises(QuickSyntaxError, match="counties applies only to statewide"):
            parse(text, TODAY)
        return
    q = parse(text, TODAY)
    assert isinstance(q, BallotQuestion)
    assert (q.votes_for, q.votes_against, q.signers) == (3237, 3250, 12)


@pytest.mark.parametrize(
    ("text", "quoted", "example_kind"),
    [
        (
            "county Smith 1204 Jones 1199 canvass 2026-13-45",
            '"2026-13-45" is not a real date',
            "county",
        ),
        ("county Smith 1204 Jones 1199 canvass 2/30", '"2/30" is not a real date', "county"),
        ("county Smith 1204 Jones 1199 canvass 2025-02-29", "not a real date", "county"),
        ("county Smith 1204 Jones 1199 canvass soon", '"canvass soon": not a date', "county"),
        ("county Smith 1204 Jones 1199 canvass", '"canvass" needs a value', "county"),
        ("county Smith 1204 Jones", '"Jones" needs its votes', "county"),
        ("county Smith Jones 1199", '"Smith" needs its votes', "county"),
        ("county Smith 12.5 Jones 3", 'not "12.5"', "county"),
        ("county Smith -5 Jones 3", "0 or more", "county"),
        ("county Smith 1204", "at least 2 candidates", "county"),
        ("county Smith 1204 smith 1199", 'candidate "smith" is listed twice', "county"),
        ("county Smith 1204 Jones 1199 seats 2", "seats (2) must be fewer", "county"),
        ("county Smith 1204 Jones 1199 seats 0", "seats must be at least 1", "county"),
        ("county Smith 1204 Jones 1199 seats 1 seats 1", "given twice", "county"),
        ("county Smith 1204 Jones 1199 total 2000", "less than the votes listed", "county"),
        ("county Smith 1204 Jones 1199 candidate Smith", "Smith won a seat", "county"),
        ("county Smith 1204 Jones 1199 candidate Brown", '"Brown" is not one of', "county"),
        (
            "county Smith 1204 Jones 1199 signers 12",
            '"signers 12": signers does not apply',
            "county",
        ),
        ("county for 12 against 10", '"for 12": votes for does not apply', "county"),
        ("county Smith 20000000 Jones 1", "at most 10,000,000", "county"),
        ("question Smith 12 Jones 10", '"Smith 12": candidates does not apply', "question"),
        ("question for 12 against 10 seats 2", "seats does not apply", "question"),
        ("question for 12", "give the votes against", "question"),
        ("question for 0 against 0", "at least one vote", "question"),
        ("state-question for 12 against 10 counties 57", "at most 56", "state-question"),
        ("state-question for 12 against 10 signers -1", "0 or more", "state-question"),
        ("canvass-error Smith 12 Jones 10", "does not apply", "canvass-error"),
        ("countee Smith 1204 Jones 1199", '"countee" is not a kind of contest', None),
        ('county "Mary Smith 1204', "not closed", "county"),
        ("county Smith 99999999999999999999999 Jones 1", "far too large", "county"),
    ],
)
def test_errors_quote_the_problem_and_show_an_example(
    text: str, quoted: str, example_kind: str | None
) -> None:
    with pytest.raises(QuickSyntaxError) as caught:
        parse(text, TODAY)
    assert quoted in caught.value.message
    example = caught.value.example
    assert example.split()[0] == (example_kind or "county")
    # The example itself must be valid for its kind.
    assert isinstance(parse(example, TODAY), CandidateRace | BallotQuestion | CanvassError)


def test_errors_name_their_field() -> None:
    with pytest.raises(InputError) as caught:
        parse("county Smith 1204 Jones 1199 seats 2 total 5", TODAY)
    assert {p.field for p in caught.value.problems} == {"seats", "total"}


def test_text_over_the_limit_is_refused_at_once() -> None:
    with pytest.raises(QuickSyntaxError, match="limit is 3,000"):
        parse("county " + "A 1 " * MAX_TEXT_LENGTH, TODAY)


def test_names_cannot_hold_control_characters() -> None:
    with pytest.raises(QuickSyntaxError, match="control"):
        parse('county "Smith\x07" 5 Jones 4', TODAY)


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (
            "school trustee Adams 412 Baker 410 Cole 300 seats 2",
            'school Adams 412 Baker 410 Cole 300 seats 2 race "school trustee"',
        ),
        ("city council Smith 5 Jones 4", 'city Smith 5 Jones 4 race "city council"'),
        (
            "County Sheriff Smith 1204 Jones 1199 canvass 11/16",
            'County Smith 1204 Jones 1199 canvass 11/16 race "County Sheriff"',
        ),
    ],
)
def test_a_leading_office_phrase_gets_every_word_back(text: str, fixed: str) -> None:
    with pytest.raises(QuickSyntaxError) as refused:
        parse(text, TODAY)
    assert refused.value.example == fixed
    assert f"write {fixed}" in refused.value.message
    # every word of the text is in the fix, and the fix reads as a check
    kept = fixed.replace('race "', "").replace('"', "").split()
    assert all(kept.count(w) >= text.split().count(w) for w in text.split())
    assert not isinstance(parse(fixed, TODAY), HelpRequest)


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (
            "sheriff Smith 1204 Jones 1199 canvass 11/16",
            'county Smith 1204 Jones 1199 canvass 11/16 race "sheriff"',
        ),
        ("countee Smith 1204 Jones 1199", "county Smith 1204 Jones 1199"),  # a typo: no label
        ("mayor A=900 B=850", 'municipal A=900 B=850 race "mayor"'),
    ],
)
def test_an_office_or_a_typo_in_place_of_the_kind_gets_the_clerks_own_words_back(
    text: str, fixed: str
) -> None:
    with pytest.raises(QuickSyntaxError) as refused:
        parse(text, TODAY)
    assert refused.value.example == fixed
    assert not isinstance(parse(fixed, TODAY), HelpRequest)  # the fix reads as a check


def test_the_words_that_say_what_a_check_is_about() -> None:
    race = parse(
        'county Smith 1204 Jones 1199 county-name "Lewis and Clark" election 11/3/2026 '
        'election-type general race "Sheriff" canvass 11/16/2026',
        TODAY,
    )
    assert isinstance(race, CandidateRace)
    assert (race.county_name, race.election, race.election_type, race.race) == (
        "Lewis and Clark",
        date(2026, 11, 3),
        "general",
        "Sheriff",
    )
    primary = parse('county A 10 B 9 party "Republican" election-type primary', TODAY)
    assert isinstance(primary, CandidateRace) and primary.party == "Republican"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("county A 10 B 9 county-name Galatin", "not one of the 56 Montana counties"),
        ("county A 10 B 9 election 2026-11-03 canvass 2026-11-02", "before the election"),
        ("question for 10 against 9 party Republican", "party does not apply"),
        ("county A 10 B 9 election soon", "not a date"),
        ("county A 10 B 9 county-name", "needs a value"),
    ],
)
def test_what_a_check_is_about_is_refused_when_it_cannot_be(text: str, words: str) -> None:
    with pytest.raises(QuickSyntaxError) as refused:
        parse(text, TODAY)
    assert words in refused.value.message
