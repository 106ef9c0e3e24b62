"""Reading the submitted form: values by block, read by each field's declared type."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from domain import BallotQuestion, CandidateRace, InputError
from handlers.slack.check.form_state import errors_by_block, read_form, selected_kind, text_values
from handlers.slack.saved_check import clicked_verdict, saved_inputs

from ....builders import verdict_of
from ....slack_helpers import state


def test_a_race() -> None:
    values = state("county", canvass="2026-11-16", candidates="Smith: 1204\nJones 1,199", seats="1")
    race = read_form(values["values"])
    assert isinstance(race, CandidateRace)
    assert [(c.name, c.votes) for c in race.candidates] == [("Smith", 1204), ("Jones", 1199)]
    assert (race.seats, race.canvass) == (1, date(2026, 11, 16))


def test_the_state_canvass_and_the_no_state_canvass_box() -> None:
    values = state("legislature", canvass="2026-11-16", candidates="A: 10\nB: 9")["values"]
    values["state_canvass"] = {"value": {"type": "datepicker", "selected_date": "2026-12-01"}}
    race = read_form(values)
    assert (race.canvass, race.state_canvass) == (date(2026, 11, 16), date(2026, 12, 1))
    assert race.no_state_canvass is False
    values = state("multicounty-district", canvass="2026-05-12", candidates="A: 10\nB: 9")["values"]
    box = {"type": "checkboxes", "selected_options": [{"value": "true"}]}
    values["no_state_canvass"] = {"value": box}
    assert read_form(values).no_state_canvass is True
    assert text_values(values)["no_state_canvass"] == "true"
    values["no_state_canvass"] = {"value": {"type": "checkboxes", "selected_options": []}}
    assert read_form(values).no_state_canvass is False  # the box left unticked


def test_a_question_with_blank_optional_fields() -> None:
    q = read_form(state("question", votes_for="3,237", votes_against="3250", signers="")["values"])
    assert isinstance(q, BallotQuestion)
    assert (q.votes_for, q.votes_against, q.signers) == (3237, 3250, None)


def test_every_bad_field_is_reported_on_its_block() -> None:
    values = state("county", candidates="Smith: 1204\nJones", seats="two", total="-1")["values"]
    with pytest.raises(InputError) as caught:
        read_form(values)
    found = {p.field: p.message for p in caught.value.problems}
    assert set(found) == {"candidates", "seats", "total"}
    assert found["candidates"].startswith("line 2: ")
    assert found["seats"] == 'seats must be a number, not "two"'


def test_no_kind_chosen() -> None:
    with pytest.raises(InputError, match="choose the kind of contest"):
        read_form(state()["values"])


@pytest.mark.parametrize(
    "values",
    [
        {},
        {"kind": "county"},
        {"kind": {"kind_select": []}},
        {"kind": {"kind_select": {"selected_option": {"value": "nope"}}}},
    ],
)
def test_a_malformed_kind_is_no_kind(values: dict[str, Any]) -> None:
    assert selected_kind(values) is None


def test_text_values_skip_what_is_not_an_object() -> None:
    values = {"seats": "3", "total": {"value": "x"}, "signers": {"value": {"value": "12"}}}
    assert text_values(values) == {"signers": "12"}


def test_errors_by_block() -> None:
    error = InputError.about("seats", "bad")
    assert errors_by_block(error, {"kind", "seats"}) == {"seats": "bad"}
    assert errors_by_block(error, {"kind"}) == {"kind": "bad"}


@pytest.mark.parametrize(("words", "cut"), [(399, False), (400, False), (401, True)])
def test_a_long_error_is_cut_after_a_whole_word(words: int, cut: bool) -> None:
    # Slack shows at most 2,000 characters of a field's error; n four-letter words joined
    # by spaces are 5n - 1: 399 -> 1,994 and 400 -> 1,999 fit, 401 -> 2,004 does not
    message = " ".join(["word"] * words)
    said = errors_by_block(InputError.about("seats", message), {"seats"})["seats"]
    assert len(said) <= 2000
    assert said.endswith("…") is cut
    assert said.removesuffix("…").split(" ")[-1] == "word"  # never a part of a word


def test_the_form_and_a_button_carry_what_the_check_is_about() -> None:
    values = state(
        "county",
        canvass="2026-6-15",
        candidates="Smith: 1204\nJones: 1199",
        county_name="yellowstone",
        election_type="primary",
        party="Democratic",
    )["values"]
    values["canvass"] = {"value": {"type": "datepicker", "selected_date": "2026-06-15"}}
    values["election"] = {"value": {"type": "datepicker", "selected_date": "2026-06-02"}}
    race = read_form(values)
    assert isinstance(race, CandidateRace)
    assert (race.county_name, race.election, race.election_type, race.party) == (
        "Yellowstone",
        date(2026, 6, 2),
        "primary",
        "Democratic",
    )
    # the Print record button's value gives the same facts back, on the day it is clicked
    verdict = verdict_of(
        'county Smith 1204 Jones 1199 canvass 2026-06-15 county-name "Yellowstone" '
        'election 2026-06-02 election-type primary party "Democratic"'
    )
    body = {"actions": [{"value": saved_inputs(verdict)}]}
    clicked = clicked_verdict(body, date(2026, 6, 16))
    assert clicked.about.county == "Yellowstone" and clicked.about.party == "Democratic"
    assert clicked.about.election == date(2026, 6, 2) and clicked.about.as_of == date(2026, 6, 16)
