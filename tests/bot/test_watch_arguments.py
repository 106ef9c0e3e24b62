"""`recount watch`'s options: each as the command reads it."""

from __future__ import annotations

import argparse

from bot.watch_arguments import add_watch_arguments


def parsed(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_watch_arguments(parser)
    return parser.parse_args(argv)


def test_defaults() -> None:
    args = parsed("results/")
    assert args.sources == ["results/"] and args.every == "5m" and not args.once
    assert args.kind == [] and args.seats == [] and args.history is None


def test_answers_repeat_and_history_takes_an_optional_watch() -> None:
    args = parsed(
        "a.xlsx", "--kind", "Mayor=city", "--kind", "Levy=question", "--seats", "Council=3"
    )
    assert args.kind == ["Mayor=city", "Levy=question"] and args.seats == ["Council=3"]
    assert parsed("--history").history == "all"
    assert parsed("--history", "4").history == "4"
    assert parsed("x", "--election", "PRIMARY").election == "primary"
