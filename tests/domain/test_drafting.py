"""Whether a petition can be drafted, and why not, for each outcome: the same words the Slack
message (its Petition draft button) and the draft itself rest on."""

from __future__ import annotations

from datetime import date

import pytest

from domain import Outcome
from domain.drafting import why_no_petition

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
