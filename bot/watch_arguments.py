"""`recount watch`'s options: a light module, so that reading them loads no database code."""

from __future__ import annotations

import argparse

from bot.terminal import today_argument


def add_watch_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "sources", nargs="*", metavar="SOURCE", help="results files, folders, or URLs"
    )
    parser.add_argument("--every", default="5m", metavar="DURATION", help="90s, 5m, 1h (5m)")
    parser.add_argument("--once", action="store_true", help="one round, then exit")
    parser.add_argument("--db", metavar="URL", help="the database (default: a SQLite file)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--history",
        nargs="?",
        const="all",
        metavar="WATCH",
        help="list the changes found, oldest first (of one watch, by its number)",
    )
    parser.add_argument("--canvass", metavar="DATE")
    parser.add_argument("--state-canvass", metavar="DATE")
    parser.add_argument("--today", type=today_argument, metavar="YYYY-MM-DD")
    parser.add_argument("--election", type=str.lower, choices=("general", "primary"))
    parser.add_argument("--complete", action="store_true")
    parser.add_argument("--seats", action="append", default=[], metavar='"TITLE=N"')
    parser.add_argument("--kind", action="append", default=[], metavar='"TITLE=KIND"')
