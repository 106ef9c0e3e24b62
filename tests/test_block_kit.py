"""Every message shape the bot builds passes slack_sdk.models' validation and Slack's limits."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from slack_sdk.models.blocks import Block

from domain import KINDS, Family, InputError, build_check, check
from handlers.help_message import help_message
from handlers.verdict_message import error_message, verdict_message

from .helpers import question, race

MESSAGE_BLOCK_LIMIT = 50


def assert_valid(blocks: list[dict[str, Any]]) -> None:
    assert len(blocks) <= MESSAGE_BLOCK_LIMIT
    parsed = Block.parse_all(blocks)
    assert len(parsed) == len(blocks)
    for block, raw in zip(parsed, blocks, strict=True):
        assert block is not None
        rebuilt = block.to_dict()  # raises SlackObjectFormationError on anything Slack refuses
        assert rebuilt["type"] == raw["type"]
        for text in _texts(raw):
            assert len(text) <= 3000


def _texts(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["text"]] if isinstance(node.get("text"), str) else []
        return own + [t for v in node.values() for t in _texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v)]
    return []


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("canvass", [None, date(2026, 11, 16), date(2026, 11, 1)])
def test_every_kind_and_outcome_builds_valid_blocks(kind: Any, canvass: date | None) -> None:
    family = KINDS[kind].family
    verdicts = []
    if family is Family.CANDIDATE_RACE:
        verdicts += [
            race(kind, 1204, 1199, canvass=canvass),
            race(kind, 5000, 100, canvass=canvass),
        ]
        verdicts.append(race(kind, 700, 700, 10, seats=1, canvass=canvass))
    elif family is Family.BALLOT_QUESTION:
        verdicts += [question(kind, 3237, 3250, canvass=canvass, signers=1)]
        verdicts += [question(kind, 3000, 1, canvass=canvass), question(kind, 9, 9)]
    else:
        verdicts.append(check(build_check(kind, {"canvass": canvass}), date(2026, 11, 18)))
    for v in verdicts:
        assert_valid(verdict_message(v, asked_by="U0CLERK").blocks)


def test_help_and_error_messages_are_valid() -> None:
    assert_valid(help_message().blocks)
    assert_valid(error_message('"x" is wrong <!channel>', "county A 1 B 2").blocks)


def test_a_race_with_many_long_names_stays_within_limits() -> None:
    names = [(f"{'Candidate-' * 9}{i:03d}", 1000 - i) for i in range(120)]
    v = check(build_check("county", {"candidates": tuple(names)}), date(2026, 11, 18))
    message = verdict_message(v)
    assert_valid(message.blocks)
    # too long for the button: the verdict is still posted, without it
    assert all(b["type"] != "actions" for b in message.blocks)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=6), st.integers(0, 3))
def test_any_names_build_valid_blocks(names: list[str], seats_extra: int) -> None:
    candidates = tuple((name, 100 + i) for i, name in enumerate(names))
    try:
        inputs = build_check(
            "district", {"candidates": candidates, "seats": 1 + seats_extra % (len(names) - 1)}
        )
    except InputError:
        return
    assert_valid(verdict_message(check(inputs, date(2026, 11, 18)), asked_by="U0CLERK").blocks)
