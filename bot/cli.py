"""The `recount` command: `check`, `console`, `run` (and, with Slack credentials, `serve`).

Exit status: 0 with a verdict (or help), 2 for bad input or usage, with one line on stderr
and nothing on stdout. No traceback reaches a user.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from datetime import date
from typing import TextIO

from bot.clock import montana_today
from bot.console import run_console
from bot.scan_command import SCAN_USAGE, run_scan
from bot.terminal import (
    CHECK_PREFIX,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    error_line,
    one_line,
    verdict_output,
)
from domain import InputError
from domain.citations import FIRST_YEAR, LAST_YEAR
from handlers.syntax import COMMAND, GENERAL_EXAMPLE

log = logging.getLogger(__name__)

USAGE = f"""\
usage: recount check [--json] [--today YYYY-MM-DD] TEXT...
       {SCAN_USAGE}
       recount console
       recount serve [--http [--port N]]
       recount run

  check    check one race or question; TEXT is what you would type after {COMMAND}
  scan     every contest of results exports (SOS workbooks, OpenElections CSV, a table)
  console  type checks one after another (Ctrl-D to quit)
  serve    the Slack bot: Socket Mode (SLACK_BOT_TOKEN, SLACK_APP_TOKEN), or with --http
           POST /slack/events and GET /healthz (SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, PORT)
  run      the bot when those variables are set, otherwise the console

Try: {CHECK_PREFIX} {GENERAL_EXAMPLE}
"""


class UsageError(Exception):
    pass


def _parse_check_args(args: Sequence[str]) -> tuple[bool, date | None, str]:
    """Options may stand anywhere before `--`; everything else is the text."""
    as_json, today = False, None
    words: list[str] = []
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            words.extend(rest)
            break
        if arg == "--json":
            as_json = True
        elif arg == "--today" or arg.startswith("--today="):
            value = arg.partition("=")[2] if "=" in arg else next(rest, None)
            if not value:
                raise UsageError("--today needs a date, like --today 2026-11-18")
            try:
                today = date.fromisoformat(value)
            except ValueError:
                raise UsageError(f'--today "{value}" is not a date like 2026-11-18') from None
            if not FIRST_YEAR.value <= today.year <= LAST_YEAR.value:
                raise UsageError(
                    f"--today {value} is out of range; give a year from {FIRST_YEAR.value} "
                    f"to {LAST_YEAR.value}"
                )
        elif arg in {"-h", "--help"}:
            raise UsageError("help")
        else:
            words.append(arg)
    return as_json, today, " ".join(words)


def _check(args: Sequence[str], out: TextIO, err: TextIO) -> int:
    as_json, today, text = _parse_check_args(args)
    if not text.strip():
        # A script must not read help as a verdict: nothing to check is a usage error.
        raise UsageError(
            f"nothing to check; type what you would after {COMMAND}, e.g. "
            f'{CHECK_PREFIX} "{GENERAL_EXAMPLE}"'
        )
    try:
        reply = verdict_output(text, today or montana_today(), as_json=as_json)
    except InputError as error:
        print(error_line(error), file=err)
        return EXIT_USAGE
    out.write(reply)
    return EXIT_OK


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    command, rest = (args[0], args[1:]) if args else ("", [])
    try:
        if command == "check":
            return _check(rest, out, err)
        if command == "console":
            return run_console(sys.stdin, out, err)
        if command == "scan":
            return run_scan(rest, out, err)
        if command in {"serve", "run"}:
            # The one import kept out of the top of a file, on purpose: bot.serve loads
            # slack_bolt and slack_sdk, which `recount check` and the console never need.
            from bot import serve

            return serve.serve(rest, err) if command == "serve" else serve.run(sys.stdin, out, err)
        if command in {"-h", "--help", "help"}:
            out.write(USAGE)
            return EXIT_OK
        raise UsageError(f'unknown command "{command}"' if command else "say what to do")
    except UsageError as error:
        if str(error) == "help":
            out.write(USAGE)
            return EXIT_OK
        print(f"error: {one_line(str(error))}. Run: recount --help", file=err)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception:
        log.debug("internal error", exc_info=True)
        print(
            "error: something went wrong inside recount; please report what you typed",
            file=err,
        )
        return EXIT_INTERNAL
