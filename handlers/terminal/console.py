"""`recount console`: type what you would type after /recount and see the verdict.

At a terminal the line can be edited and earlier lines recalled (the standard library's
readline, where the system has it). A line pasted from Slack (`/recount county ...`) or from
a terminal (`recount check county ...`) is read as the check it contains.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from datetime import date
from typing import Final, TextIO

from domain import InputError
from handlers.syntax import COMMAND
from handlers.terminal.output import EXIT_OK
from handlers.terminal.verdict import CHECK_PREFIX, error_line, help_text, verdict_output

with contextlib.suppress(ImportError):  # not every system has it (Windows)
    import readline  # noqa: F401 - line editing and history for input()

PROMPT: Final = "recount> "
INTRO: Final = """\
recount console: type a check as you would after /recount, e.g.
  county Smith 1204 Jones 1199 canvass 11/16
'help' lists the kinds and examples; the arrow keys recall earlier lines; Ctrl-D (or 'quit')
leaves. A line copied from Slack (/recount ...) or a terminal (recount check ...) works too.
"""
# "/recount county ...", "recount check county ...", "$ recount check --json ..."
_PROGRAM, _CHECK = CHECK_PREFIX.split()
_COMMAND: Final = re.compile(
    rf"^(?:\$\s*)?(?:{re.escape(COMMAND)}\b|{_PROGRAM}\s+{_CHECK}\b|{_PROGRAM}\b)\s*", re.I
)


# a terminal's options pasted with the command: the console prints text, as of today
_OPTIONS: Final = re.compile(r"(?:^|\s)(?:--json|--today(?:=|\s+)\S+)(?=\s|$)")


def the_check(line: str) -> str:
    """The check a pasted line holds, without the command (and its options) that came with
    it."""
    return _OPTIONS.sub(" ", _COMMAND.sub("", line.strip(), count=1)).strip()


def run_console(stdin: TextIO, out: TextIO, err: TextIO, *, today: Callable[[], date]) -> int:
    """Line after line until end of input or `quit`; each check as of `today()` then (a
    console left open past midnight checks as of the new day)."""
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
        line = the_check(line)
        if line.lower() in {"quit", "exit"}:
            return EXIT_OK
        if not line:
            continue
        if line.lower() in {"help", "?"}:
            out.write(help_text(""))  # what to type here: no command in front
            continue
        try:
            out.write(verdict_output(line, today(), as_json=False))
        except InputError as error:
            out.write(error_line(error, prefix="") + "\n")
        out.flush()
