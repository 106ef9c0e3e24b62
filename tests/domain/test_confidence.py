"""One vocabulary for how sure we are (issue 36): every dated row, route, subsection number
and note says it with a Confidence member, and no two members say the same words."""

from __future__ import annotations

import dataclasses

from domain import RULES
from domain.confidence import Confidence
from domain.current_law import CANVASS_BOARD_2025, CERTIFIED_MAIL, COURT_ROUTE, SCHOOL_ELECTIONS
from domain.editions import DATED_ROWS
from domain.routes import BOND, SCHOOL, STATUTE


def test_every_row_of_law_says_how_sure_with_one_vocabulary() -> None:
    said = [
        *(row.confidence for row in DATED_ROWS),
        *(route.confidence for route in (STATUTE, SCHOOL, BOND)),
        *(rule.current_number_confidence for rule in RULES.values()),
        *(
            n.confidence
            for n in (CANVASS_BOARD_2025, CERTIFIED_MAIL, COURT_ROUTE, SCHOOL_ELECTIONS)
        ),
    ]
    assert said and all(isinstance(c, Confidence) for c in said)


def test_no_two_members_say_the_same_words() -> None:
    words = [c.value for c in Confidence]
    assert len(set(words)) == len(words)


def test_every_field_that_says_how_sure_is_typed_so() -> None:
    for cls in (type(DATED_ROWS[0]), type(STATUTE), type(BOND), type(next(iter(RULES.values())))):
        for f in dataclasses.fields(cls):
            if "confidence" in f.name:
                assert f.type in ("Confidence", Confidence), (cls.__name__, f.name, f.type)
