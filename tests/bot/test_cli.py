"""The `recount` entry: each command's options as argparse reads them, handed to its handler
(handlers/terminal) as plain values."""

from __future__ import annotations

import argparse
import importlib
import io
import pkgutil

import handlers.syntax
from bot.cli import build_parser, main
from handlers.syntax.scan_words import ANSWERS


def test_a_name_with_a_space_from_a_shell_is_one_candidate() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["check", "--today", "2026-11-18", "county", "race", "Sheriff"]
    argv += ["Smith", "1204", "Ann Jones", "1199", "canvass", "2026-11-16"]
    assert main(argv, out, err) == 0, err.getvalue()
    assert "Smith 1,204, Ann Jones 1,199" in out.getvalue()


def watch_options(*argv: str) -> argparse.Namespace:
    return build_parser()[1]["watch"].parse_intermixed_args(argv)


def test_the_watchs_defaults() -> None:
    args = watch_options("results/")
    assert args.sources == ["results/"] and args.every is None and not args.once
    assert args.kind == [] and args.seats == [] and args.history is None


def test_watch_answers_repeat_and_history_takes_an_optional_watch() -> None:
    args = watch_options(
        "a.xlsx", "--kind", "Mayor=city", "--kind", "Levy=question", "--seats", "Council=3"
    )
    assert args.kind == ["Mayor=city", "Levy=question"] and args.seats == ["Council=3"]
    assert watch_options("--history").history == "all"
    assert watch_options("--history", "4").history == "4"
    assert watch_options("x", "--election", "PRIMARY").election == "primary"


def test_an_options_words_are_the_grammars_own() -> None:
    """An option that takes words the grammar owns (the election types, an answer's form)
    takes the grammar's own from handlers/syntax, never a copy listed again here."""
    modules = [
        importlib.import_module(f"handlers.syntax.{m.name}")
        for m in pkgutil.iter_modules(handlers.syntax.__path__)
    ]
    grammar = [v for m in modules for v in vars(m).values() if isinstance(v, tuple | frozenset)]
    actions = [a for command in build_parser()[1].values() for a in command._actions]
    chosen = [(action.dest, action.choices) for action in actions if action.choices is not None]
    assert len(chosen) >= 3  # the election of scan, watch and kit
    assert all(any(choices is words for words in grammar) for *_, choices in chosen), chosen
    assert watch_options("x", "--election", "PRIMARY").election == "primary"
    # and an answer's form ("TITLE=N") is the scan words' own
    assert {a.dest: a.metavar for a in actions if a.dest in ANSWERS} == ANSWERS
