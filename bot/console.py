"""`recount console`: type what you would type after /recount and see the verdict."""

from __future__ import annotations

from typing import TextIO

from bot.clock import montana_today
from bot.terminal import EXIT_OK, error_line, verdict_output
from domain import InputError

PROMPT = "recount> "
INTRO = """\
recount console: type a check as you would after /recount, e.g.
  county Smith 1204 Jones 1199 canvass 11/16
'help' lists the kinds and examples; Ctrl-D (or 'quit') leaves.
"""


def run_console(stdin: TextIO, out: TextIO, err: TextIO) -> int:
    interactive = stdin.isatty()
    out.write(INTRO)
    while True:
        if interactive:
            try:
                line = input(PROMPT)
            except EOFError:
                out.write("\n")
                return EXIT_OK
        else:
            out.write(PROMPT)
            line = stdin.readline()
            if not line:
                out.write("\n")
                return EXIT_OK
        line = line.strip()
        if line.lower() in {"quit", "exit"}:
            return EXIT_OK
        if not line:
            continue
        try:
            out.write(verdict_output(line, montana_today(), as_json=False))
        except InputError as error:
            out.write(error_line(error, prefix="") + "\n")
        out.flush()
