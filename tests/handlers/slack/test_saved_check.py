"""The saved check: a verdict's inputs into a button and back to the same check."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from domain import InputError
from handlers.slack.metadata import MetadataSigner
from handlers.slack.saved_check import clicked_verdict, saved_fields, saved_inputs, signed_inputs

from ...builders import verdict_of


def test_the_saved_inputs_hold_no_markup_and_sign_as_they_read() -> None:
    verdict = verdict_of('county "Smith & <Co>" 1204 Jones 1199 canvass 2026-11-16')
    value = saved_inputs(verdict)
    assert not set("<>&") & set(value)  # written as JSON escapes
    signer = MetadataSigner("secret")
    signed = signer.verify(signed_inputs(verdict, signer))
    assert signed is not None and signed["candidates"][0]["name"] == "Smith & <Co>"


def test_each_verdict_gives_its_own_saved_inputs_asked_twice_or_in_turn() -> None:
    """The last verdict's are kept for its second asking: never another verdict's, even one
    equal to it or made from the same text."""
    first, second = (verdict_of(f"county Smith {n} Jones 1199") for n in (1204, 1300))
    again = verdict_of("county Smith 1204 Jones 1199")
    for verdict, votes in ((first, 1204), (first, 1204), (second, 1300), (again, 1204)):
        assert f'"votes":{votes}' in saved_inputs(verdict)
    assert saved_inputs(first) == saved_inputs(again)


def test_saved_fields() -> None:
    kind, fields = saved_fields('{"kind":"city","seats":3}')
    assert (kind.value, fields) == ("municipal", {"seats": 3})
    for bad in ("", "[]", '{"seats":3}', '{"kind":"nope"}'):
        with pytest.raises(InputError, match="could not be read back"):
            saved_fields(bad)


def test_a_clicked_button_gives_back_its_verdict_or_says_why_not() -> None:
    today = date(2026, 11, 18)
    posted = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", today)
    body: dict[str, Any] = {"actions": [{"value": saved_inputs(posted)}]}
    again = clicked_verdict(body, today)
    assert (again.outcome, again.margin) == (posted.outcome, posted.margin)
    broken_bodies: list[dict[str, Any]] = [
        {"actions": [{"value": "{not json"}]},
        {"actions": []},
        {},
    ]
    for broken in broken_bodies:
        with pytest.raises(InputError):
            clicked_verdict(broken, today)
