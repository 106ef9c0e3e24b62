"""What the terminal prints for a check, help or an error."""

from __future__ import annotations

import json

import pytest

from domain import InputError, verdict_json
from domain.explain import explain
from handlers.syntax import QuickSyntaxError, parse
from handlers.terminal.verdict import (
    error_line,
    help_text,
    render_json,
    render_text,
    verdict_output,
)

from ...builders import verdict_of
from ...conftest import TODAY


def test_text_leads_with_the_answer_and_ends_with_the_law() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16")
    e = explain(v)
    text = render_text(v)
    lines = text.splitlines()
    assert lines[:3] == ["RECOUNT AVAILABLE — county office", e.contest, e.read_as]
    for title in ("Margin", "Deadline", "Petition", "The law"):
        assert title in lines
    assert lines[-1] == e.as_of
    assert e.margin_lines[1] in " ".join(text.split())


def test_json_is_the_verdict_json() -> None:
    v = verdict_of("question for 10 against 9")
    assert json.loads(render_json(v)) == verdict_json(v)


def test_help_text_uses_the_prefix() -> None:
    text = help_text("recount check")
    assert "Type: recount check KIND ITEMS..." in text
    assert "  recount check canvass-error" in text


def test_error_line_shows_an_example_with_the_prefix() -> None:
    with pytest.raises(QuickSyntaxError) as caught:
        parse("question for 12", TODAY)
    line = error_line(caught.value)
    assert line.startswith("error: ") and 'Example: recount check "question ' in line
    assert error_line(caught.value, prefix="").endswith(f"Example: {caught.value.example}")
    assert error_line(InputError.about(None, "plain")) == "error: plain"


def test_verdict_output() -> None:
    assert verdict_output("", TODAY, as_json=False).startswith("Can this race")
    assert verdict_output("help", TODAY, as_json=True).startswith("Can this race")
    assert json.loads(verdict_output("county A 5 B 4", TODAY, as_json=True))["margin"] == 1
    with pytest.raises(InputError):
        verdict_output("county A", TODAY, as_json=False)


def test_the_text_says_what_the_check_is_about_under_its_headline() -> None:
    told = 'county A 5 B 4 canvass 2026-11-16 county-name "Gallatin" election 2026-11-03'
    lines = render_text(verdict_of(told)).splitlines()
    assert lines[2] == "Gallatin County · election of Tue Nov 3, 2026"
    assert "Gallatin" not in " ".join(lines[3:])  # said once: "Read as" leaves it to that line
    plain = render_text(verdict_of("county A 5 B 4 canvass 2026-11-16")).splitlines()
    assert plain[2].startswith("Read as: ")  # nothing told: no empty line for it
