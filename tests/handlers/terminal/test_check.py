"""`recount check`: the words a shell passes, read as the one grammar reads them (a shell takes
the double quotes off `"Ann Jones"`, and the words get them back); a verdict, or one line."""

from __future__ import annotations

import io
import json
from datetime import datetime

import pytest

from handlers.terminal.check import NOTHING_TO_CHECK, CheckRequest, joined, run_check
from handlers.terminal.output import EXIT_OK, EXIT_USAGE, UsageError

from ...conftest import TODAY


@pytest.mark.parametrize(
    ("words", "text"),
    [
        # one word: the whole text, quotes inside it kept as typed
        (["county Smith 1204 Jones 1199"], "county Smith 1204 Jones 1199"),
        (['county "Ann Jones" 1199 Smith 1204'], 'county "Ann Jones" 1199 Smith 1204'),
        # several: a word of words is a quoted name again
        (["county", "Smith", "1204", "Ann Jones", "1199"], 'county Smith 1204 "Ann Jones" 1199'),
        (["county", "race", "Sheriff Two", "A", "1"], 'county race "Sheriff Two" A 1'),
        # a line break is no name: joined as it is, for the grammar to refuse in words
        (["county", "A\nB", "1"], "county A\nB 1"),
        # already quoted inside, or one word: left as it is
        (["county", 'race "X"', "A", "1"], 'county race "X" A 1'),
        (["county", "A", "1"], "county A 1"),
    ],
)
def test_words_are_joined_as_typed(words: list[str], text: str) -> None:
    assert joined(words) == text


def check(*words: str, as_json: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()

    def never() -> datetime:
        raise AssertionError("no paper asked for: no time of production")

    request = CheckRequest(list(words), as_json=as_json)
    status = run_check(request, out, err, today=lambda: TODAY, now=never)
    return status, out.getvalue(), err.getvalue()


def test_a_check_as_of_the_clocks_today() -> None:
    # canvass Nov 16, 2026; today (the clock's) Nov 18: the 5 days run to Nov 23 (a Monday)
    status, out, err = check("county", "A", "10", "B", "9", "canvass", "11/16", as_json=True)
    assert (status, err) == (EXIT_OK, "")
    assert json.loads(out)["deadline"] == "2026-11-23"


def test_bad_text_is_one_line_on_stderr_and_nothing_on_stdout() -> None:
    status, out, err = check("county", "A", "10", "B")
    assert (status, out) == (EXIT_USAGE, "")
    assert err.startswith("error: ") and err.count("\n") == 1


def test_nothing_to_check_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="nothing to check") as raised:
        check(" ")
    assert str(raised.value) == NOTHING_TO_CHECK
