"""The `recount` command: `check`, `scan`, `console`, `serve`, `run`; its options read by
argparse, so every command has --help and a usage line.

Exit status: 0 with a verdict, a report or help; 2 for bad input or usage, with one line on
stderr and nothing on stdout. No traceback reaches a user.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Final, NoReturn, TextIO

from bot.clock import montana_today
from bot.console import run_console
from bot.scan_command import add_scan_arguments, expand, run_scan
from bot.terminal import (
    CHECK_PREFIX,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    error_line,
    help_text,
    one_line,
    safe_output,
    today_argument,
    verdict_output,
)
from bot.watch_arguments import add_watch_arguments
from domain import InputError
from handlers.results.tables import ResultsFileError
from handlers.results.tallies import ELECTION_TYPES
from handlers.syntax import COMMAND, GENERAL_EXAMPLE

log = logging.getLogger(__name__)
DISTRIBUTION = "mt-recount"  # the name on the package index; the command is `recount`


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as one line a clerk can act on (never its multi-line usage)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}. Run: {self.prog} --help")


def _port(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or not 0 < int(value) < 65536:
        raise argparse.ArgumentTypeError(f'"{value}" is not a port number')
    return int(value)


def recount_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


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
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
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


def joined(words: list[str]) -> str:
    """The words of a command line as the one grammar reads them. A shell has already taken
    the quotes off `county "Ann Jones" 1199`: a word of several words, among others, gets
    its double quotes back. One word is the whole text, as `recount check "county ..."`."""
    if len(words) == 1:
        return words[0]
    return " ".join(f'"{w}"' if _a_name_of_words(w) else w for w in words)


def _a_name_of_words(word: str) -> bool:
    """Words a shell kept together ("Ann Jones"): spaces inside, nothing a name never holds
    (a quote, a line break: the grammar refuses those in its own words)."""
    inner = word.strip()
    return " " in inner and '"' not in inner and inner.isprintable()


def _check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    text = joined(args.text)
    if not text.strip():
        # A script must not read help as a verdict: nothing to check is a usage error.
        raise UsageError(
            f"nothing to check; type what you would after {COMMAND}, e.g. "
            f'{CHECK_PREFIX} "{GENERAL_EXAMPLE}"'
        )
    today = args.today or montana_today()
    try:
        reply = verdict_output(text, today, as_json=args.json)
        if args.pdf:
            # Imported when asked, on purpose: reportlab is for the record, not every check.
            from bot.record_command import write_record

            write_record(text, today, args.pdf)
    except InputError as error:
        print(error_line(error), file=err)
        return EXIT_USAGE
    out.write(reply)
    if args.pdf:
        print(f"recount: the record is in {args.pdf}", file=err)
    return EXIT_OK


def _petition(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    text = joined(args.text)
    if not text.strip():
        raise UsageError(f'nothing to draft; e.g. recount petition --pdf p.pdf "{GENERAL_EXAMPLE}"')
    # Imported when asked, on purpose: reportlab is for paper, not every command.
    from bot.record_command import write_petition

    try:
        write_petition(text, args.today or montana_today(), args.pdf)
    except InputError as error:
        print(error_line(error), file=err)
        return EXIT_USAGE
    print(f"recount: the petition draft is in {args.pdf}", file=err)
    return EXIT_OK


def _kit(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    # Imported when asked, on purpose: reportlab is for paper, not every command.
    from bot.record_command import write_kit

    try:
        precincts = write_kit(
            expand(args.files), args.contest, args.pdf, party=args.party, election=args.election
        )
    except (InputError, ResultsFileError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    print(f"recount: the kit for {precincts} precincts is in {args.pdf}", file=err)
    return EXIT_OK


def _dispatch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command == "check":
        return _check(args, out, err)
    if args.command == "petition":
        return _petition(args, out, err)
    if args.command == "kit":
        return _kit(args, out, err)
    if args.command == "scan":
        return run_scan(args, out, err)
    if args.command == "console":
        return run_console(sys.stdin, out, err)
    if args.command == "watch":
        # Imported when run, on purpose: the watch loads SQLAlchemy and Alembic, which a
        # check from the terminal never needs.
        from bot.watch_command import run_watch

        return run_watch(args, out, err)
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


EXIT_BROKEN_PIPE: Final = 128 + 13  # as a shell reports a process ended by SIGPIPE


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
