"""Digits that are not numbers: str.isdigit() says yes to "²" (and "³", "①"), int() says no.
Everywhere a number is read from a person, a file or a request, such text is refused in
plain words or counts as no number; it never raises ValueError (a traceback, or a 500)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import date
from typing import Any

import pytest

from bot.cli import main
from bot.server.gate import gate, read_body
from bot.settings import ENV_WATCH_MIN, watch_min_interval_s
from domain import InputError
from domain.titles import seats_in
from handlers.results import ScanOptions, answers_from, scan
from handlers.syntax.durations import MIN_EVERY_S

NOT_NUMBERS = ["²", "³", "①", "1²"]


@pytest.mark.parametrize("declared", NOT_NUMBERS)
def test_a_content_length_is_refused_with_400(declared: str) -> None:
    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], *_: Any) -> None:
        statuses.append(status)

    def slack(environ: dict[str, Any], respond: Any) -> Iterable[bytes]:
        raise AssertionError("never reached")

    app = gate(slack, "secret", "/healthz", "/slack/events")
    environ = {
        "PATH_INFO": "/slack/events",
        "REQUEST_METHOD": "POST",
        "CONTENT_LENGTH": declared,
        "wsgi.input": io.BytesIO(b"x"),
    }
    app(environ, start_response)  # type: ignore[arg-type]
    assert statuses == ["400 Bad Request"]
    assert read_body({"wsgi.input": io.BytesIO(b"x"), "CONTENT_LENGTH": declared}) == b"x"


@pytest.mark.parametrize("given", NOT_NUMBERS)
def test_seats_given_or_in_a_title_or_a_column(given: str) -> None:
    with pytest.raises(InputError, match="seats must be a whole number"):
        answers_from([], [f"school trustees={given}"])
    assert seats_in(f"SCHOOL TRUSTEE VOTE FOR {given}") is None
    table = f"contest,choice,votes,seats\nTrustee,A,10,{given}\nTrustee,B,8,{given}\n"
    found = scan([("t.csv", table.encode())], ScanOptions(today=date(2022, 11, 30)))
    (contest,) = found.contests
    assert any(f'seats "{given}" is not a whole number' in a for a in contest.contest.attention)


@pytest.mark.parametrize("given", NOT_NUMBERS)
def test_a_port_and_a_watch_floor(given: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["serve", "--http", "--port", given], out, err) == 2
    assert f'"{given}" is not a port number' in err.getvalue()
    monkeypatch.setenv(ENV_WATCH_MIN, given)
    assert watch_min_interval_s(MIN_EVERY_S) == MIN_EVERY_S
