"""The `recount` command's entry: its options read by argparse, so every command has --help
and a usage line, and each command handed what it needs from bot/ (the clock; for a watch,
the database and the fetcher). What a command does and prints is handlers/terminal's.

Exit status: 0 with a verdict, a report or help; 2 for bad input or usage, with one line on
stderr and nothing on stdout. No traceback reaches a user.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import logging
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from typing import NoReturn, TextIO, TypeVar

from bot.clock import montana_now, montana_today
from domain.citations import FIRST_YEAR, LAST_YEAR
from domain.kinds import county_canvass_contests, state_canvass_subsections
from domain.related import AFTER_STATE_CANVASS
from handlers.syntax import COMMAND, GENERAL_EXAMPLE
from handlers.syntax.durations import DEFAULT_EVERY_S, MIN_EVERY_S, WRITTEN_LIKE, shown
from handlers.syntax.scan_words import ANSWERS, ELECTION_TYPES
from handlers.terminal.check import CheckRequest, PetitionRequest, run_check, run_petition
from handlers.terminal.console import run_console
from handlers.terminal.output import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    UsageError,
    one_line,
    safe_output,
)
from handlers.terminal.scan import ScanRequest, run_scan
from handlers.terminal.verdict import CHECK_PREFIX, help_text

log = logging.getLogger(__name__)
DISTRIBUTION = "mt-recount"  # the name on the package index; the command is `recount`


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as one line a clerk can act on (never its multi-line usage)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}. Run: {self.prog} --help")


def _port(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not 0 < int(value) < 65536:
        raise argparse.ArgumentTypeError(f'"{value}" is not a port number')
    return int(value)


def today_argument(value: str) -> date:
    """--today YYYY-MM-DD, within the years every date is checked against."""
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{value}" is not a date like 2026-11-18') from None
    if not FIRST_YEAR.value <= day.year <= LAST_YEAR.value:
        raise argparse.ArgumentTypeError(
            f"{value} is out of range; give a year from {FIRST_YEAR.value} to {LAST_YEAR.value}"
        )
    return day


def recount_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def add_reading_arguments(parser: argparse.ArgumentParser) -> None:
    """The options a scan is read under, the same after `scan` and `watch`
    (handlers.terminal.scan.ScanArguments)."""
    parser.add_argument(
        "--canvass",
        metavar="DATE",
        help=f"the county canvass: {county_canvass_contests()} contests count from it",
    )
    parser.add_argument(
        "--state-canvass",
        metavar="DATE",
        help=f"the state canvass: {state_canvass_subsections()} contests count from it; without "
        f"it they have no day to act (a petition is filed {AFTER_STATE_CANVASS})",
    )
    parser.add_argument("--today", type=today_argument, metavar="YYYY-MM-DD")
    parser.add_argument("--election", type=str.lower, choices=ELECTION_TYPES)
    parser.add_argument(
        "--complete",
        action="store_true",
        help="the files hold every county that voted on the multi-county contests in them",
    )
    parser.add_argument("--seats", action="append", default=[], metavar=ANSWERS["seats"])
    parser.add_argument("--kind", action="append", default=[], metavar=ANSWERS["kind"])


def add_scan_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="results files, folders of them, or a pattern"
    )
    add_reading_arguments(parser)
    parser.add_argument(
        "--county",
        action="append",
        default=[],
        metavar=ANSWERS["county"],
        help="the county a file is from, where it does not say (2024 county workbooks)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", dest="as_json", help="the scan as JSON")
    output.add_argument("--csv", action="store_true", dest="as_csv", help="one row per contest")
    parser.add_argument("--all", action="store_true", dest="show_all", help="list every contest")
    parser.add_argument(
        "--against",
        action="append",
        metavar="OLD",
        help="an earlier reading of the same election (a file or folder; repeat it for "
        "several): report what changed since it",
    )


WATCH_EPILOG = """\
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
    parser.epilog = WATCH_EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "sources",
        nargs="*",
        metavar="SOURCE",
        help="results files, folders, or URLs (or: list, stop N)",
    )
    parser.add_argument(
        "--every", metavar="DURATION", help=f"{WRITTEN_LIKE} ({shown(DEFAULT_EVERY_S)})"
    )
    parser.add_argument("--once", action="store_true", help="one round, then exit")
    parser.add_argument("--db", metavar="URL", help="the database (default: a SQLite file)")
    parser.add_argument(
        "--json", action="store_true", dest="as_json", help="one JSON object per line"
    )
    parser.add_argument(
        "--history",
        nargs="?",
        const="all",
        metavar="WATCH",
        help="list the changes found, oldest first (of one watch, by its number)",
    )
    add_reading_arguments(parser)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The `recount` parser and each command's own (they read options among their words)."""
    parser = _Parser(
        prog="recount",
        description="Can this Montana race or ballot question be recounted under MCA 13-16-201?",
        epilog=f"Try: {CHECK_PREFIX} {GENERAL_EXAMPLE}",
    )
    parser.add_argument("--version", action="version", version=f"recount {recount_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    check = commands.add_parser(
        "check",
        help=f"check one race or question; TEXT is what you would type after {COMMAND}",
        description="Check one race or ballot question. TEXT is the quick syntax, as after "
        f"{COMMAND}; options may stand anywhere before it.",
        epilog=help_text(CHECK_PREFIX),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument(
        "--json", action="store_true", dest="as_json", help="print the verdict as JSON"
    )
    check.add_argument(
        "--today", type=today_argument, metavar="YYYY-MM-DD", help="what-if: check as of that day"
    )
    check.add_argument(
        "--pdf",
        metavar="FILE",
        help="also write the verdict's record for the canvass minutes, one page, to FILE",
    )
    check.add_argument("text", nargs="*", metavar="TEXT")
    petition = commands.add_parser(
        "petition",
        help="a petition draft for one race or question, as a PDF",
        description="A petition draft, only where something can be filed: the defeated "
        "candidate's verified petition ((1), (2), the 13-16-211 band) or the electors' with "
        "their signature table ((3)-(5)). TEXT is the quick syntax, as for check.",
    )
    petition.add_argument("--pdf", metavar="FILE", required=True, help="where to write it")
    petition.add_argument(
        "--today", type=today_argument, metavar="YYYY-MM-DD", help="what-if: as of that day"
    )
    petition.add_argument("text", nargs="*", metavar="TEXT")
    kit = commands.add_parser(
        "kit",
        help="the recount board's kit for one contest: certificate and tally sheets (PDF)",
        description="For one contest (one party's in a primary), each county's 13-16-418 "
        "certificate (its precincts' canvass votes, blank columns for the recount, its board's "
        "signatures) and a 13-16-412 tally sheet per precinct, from county results workbooks "
        "or a precinct-by-precinct file. A title matching several contests is refused, naming "
        "them.",
    )
    kit.add_argument("files", nargs="+", metavar="FILE")
    kit.add_argument(
        "--contest",
        required=True,
        metavar='"TITLE"',
        help='as the scan lists it ("... — REP — Cascade County"), or a unique prefix',
    )
    kit.add_argument("--party", metavar="PARTY", help="a primary's party, as the file writes it")
    kit.add_argument(
        "--election",
        type=str.lower,
        choices=ELECTION_TYPES,
        help="where the file does not say which election it holds",
    )
    kit.add_argument("--pdf", required=True, metavar="FILE", help="where to write it")
    add_scan_arguments(
        commands.add_parser(
            "scan",
            help="every contest of results exports (SOS workbooks, OpenElections CSV, a table)",
            description="Every contest of one or more results exports, checked at once.",
        )
    )
    add_watch_arguments(
        commands.add_parser(
            "watch",
            help="read results round after round and print what changed",
            description="Watch results files, folders or URLs: each round is compared with "
            "the last reading, and what changed is printed. --history lists the changes found.",
        )
    )
    commands.add_parser("console", help="type checks one after another (Ctrl-D to quit)")
    serve = commands.add_parser(
        "serve",
        help="the Slack bot: Socket Mode, or HTTP with --http",
        description="Socket Mode needs SLACK_BOT_TOKEN and SLACK_APP_TOKEN; --http serves "
        "POST /slack/events and GET /healthz with SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET.",
    )
    serve.add_argument("--http", action="store_true", help="serve HTTP instead of Socket Mode")
    serve.add_argument("--port", type=_port, help="the HTTP port (default: PORT, or 3000)")
    serve.add_argument(
        "--self-test",
        action="store_true",
        help="with --http: serve on loopback with throwaway credentials, ask /healthz, /readyz "
        "and a signed /recount help, and exit (offline: no Slack, no credentials needed)",
    )
    commands.add_parser("run", help="the bot when Slack variables are set, else the console")
    return parser, dict(commands.choices)


T = TypeVar("T")


def _request(kind: Callable[..., T], args: argparse.Namespace) -> T:
    """A command's options as its handler's plain value: each field from the option of the
    same name."""
    return kind(**{name: getattr(args, name) for name in inspect.signature(kind).parameters})


def _watch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The watch as a server holds it: the database (--db, or the configured one; opened and
    migrated when first asked), and the bot's fetcher under the operator's own policy (any
    public URL; inside the network what RECOUNT_WATCH_HOSTS lists or the URL names)."""
    # Imported when run, on purpose: the watch loads SQLAlchemy and Alembic, which a check
    # from the terminal never needs.
    from bot.net.fetch import Policy, UrlFetcher
    from bot.settings import Settings, SettingsError, watch_min_interval_s
    from bot.store.backend import Backend
    from handlers.terminal.watch import WatchRequest, run_watch
    from handlers.watch.service import Watching

    try:
        fetcher = UrlFetcher(Policy.command_line(Settings.from_env().watch_hosts))
    except SettingsError as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    watching = Watching(
        partial(Backend, args.db), fetcher, min_every_s=watch_min_interval_s(MIN_EVERY_S)
    )
    request = _request(WatchRequest, args)
    return run_watch(request, watching, out, err, today=montana_today, cut=fetcher.stop)


def _dispatch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command == "check":
        check = _request(CheckRequest, args)
        return run_check(check, out, err, today=montana_today, now=montana_now)
    if args.command == "scan":
        return run_scan(_request(ScanRequest, args), out, err, today=montana_today)
    if args.command == "console":
        return run_console(sys.stdin, out, err, today=montana_today)
    if args.command == "petition":
        request = _request(PetitionRequest, args)
        return run_petition(request, out, err, today=montana_today, now=montana_now)
    if args.command == "kit":
        # Imported when run, on purpose: reportlab is for paper, not every command.
        from handlers.terminal.paper import KitRequest, run_kit

        return run_kit(_request(KitRequest, args), out, err, now=montana_now)
    if args.command == "watch":
        return _watch(args, out, err)
    # Imported when run, on purpose: bot.server.serve loads slack_bolt and slack_sdk, which
    # `recount check` and the console never need.
    from bot.server import serve

    if args.command == "serve":
        if args.port is not None and not args.http:
            raise UsageError("--port goes with --http")
        if args.self_test:
            if not args.http:
                raise UsageError("--self-test goes with --http")
            from bot.server.selftest import self_test

            return self_test(out)
        return serve.serve(err, http=args.http, port=args.port)
    return serve.run(sys.stdin, out, err)


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # Whatever the console or file can show: ASCII forms where it cannot (cp1252, ...).
    out = safe_output(out or sys.stdout)
    err = safe_output(err or sys.stderr)
    parser, commands = build_parser()
    try:
        try:
            # --help and --version print to stdout (here: `out`) and exit 0.
            with contextlib.redirect_stdout(out):
                if args and args[0] in commands:
                    # Options may stand anywhere among a command's words (a check's text, a
                    # scan's files), which argparse reads only command by command.
                    parsed = commands[args[0]].parse_intermixed_args(args[1:])
                    parsed.command = args[0]
                else:
                    parsed = parser.parse_args(args)
        except SystemExit as done:
            return int(done.code or 0)
        return _dispatch(parsed, out, err)
    except UsageError as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader stopped reading (`recount scan ... | head`): no error of ours. What is
        # left unwritten goes nowhere, so that Python's flush at exit does not fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception:
        log.debug("internal error", exc_info=True)
        print(
            "error: something went wrong inside recount; please report what you typed",
            file=err,
        )
        return EXIT_INTERNAL
