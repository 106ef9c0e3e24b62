"""InputError: one or more problems, each naming its field."""

from __future__ import annotations

import pytest

from domain import InputError, Problem


def test_problems_join_into_one_message() -> None:
    error = InputError([Problem("seats", "seats must be at least 1"), Problem(None, "and more")])
    assert error.message == str(error) == "seats must be at least 1; and more"
    assert isinstance(error, ValueError)


def test_about_names_one_field() -> None:
    assert InputError.about("total", "too small").problems == (Problem("total", "too small"),)


def test_an_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        InputError([])
