"""`recount watch`'s options: a light module, so that reading them loads no database code."""

from __future__ import annotations

import argparse

from bot.terminal import today_argument
from handlers.results.tallies import ELECTION_TYPES

EPILOG = """\
other commands:
  recount watch list        this machine's watches: running (and how often), read a
                            round at a time with --once, or stopped; when each was last read
  recount watch stop N      stops watch N (a running one stops after its round)
  recount watch --history   every change found, oldest first (--history N: of watch N)

URLs: any public http:// or https:// address, read with the bot's fetcher, its size and time
limits and conditional requests. A loopback or private address is read only when you say so: name it
in the URL itself (http://127.0.0.1:8080/results.csv, http://localhost/...), or list the host
in RECOUNT_WATCH_HOSTS (a name that resolves inside your network). A redirect to such an
address is refused. A results page of the Secretary of State's site is read race by race from
its results service.

exit status: 0 done (or stopped with Ctrl-C); 1 --once could not read a source, so nothing
was compared (each named, with why); 2 a bad option, a missing file, a refused URL or a
database that cannot be opened.
"""


def add_watch_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "sources",
        nargs="*",
        metavar="SOURCE",
        help="results files, folders, or URLs (or: list, stop N)",
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
    parser.add_argument("--election", type=str.lower, choices=ELECTION_TYPES)
    parser.add_argument("--complete", action="store_true")
    parser.add_argument("--seats", action="append", default=[], metavar='"TITLE=N"')
    parser.add_argument("--kind", action="append", default=[], metavar='"TITLE=KIND"')
