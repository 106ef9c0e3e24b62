"""Small builders so test tables stay readable: verdicts from quick syntax or from numbers."""

from __future__ import annotations

from datetime import date
from typing import Any

from domain import Verdict, build_check, check, verdict_json
from handlers.syntax import FormRequest, HelpRequest, parse

from .conftest import TODAY


def race(kind: str, *votes: int, today: date = TODAY, **fields: Any) -> Verdict:
    """A race with candidates A, B, C... holding `votes`."""
    names = [chr(ord("A") + i) for i in range(len(votes))]
    return check(
        build_check(kind, {"candidates": list(zip(names, votes, strict=True)), **fields}), today
    )


def question(
    kind: str, votes_for: int, votes_against: int, *, today: date = TODAY, **fields: Any
) -> Verdict:
    return check(
        build_check(kind, {"votes_for": votes_for, "votes_against": votes_against, **fields}), today
    )


def as_json(verdict: Verdict) -> dict[str, Any]:
    return verdict_json(verdict)


def verdict_of(text: str, today: date = TODAY) -> Verdict:
    """The verdict for a quick-syntax text, as `recount check --today` would give it."""
    parsed = parse(text, today)
    assert not isinstance(parsed, HelpRequest | FormRequest), text
    return check(parsed, today)
