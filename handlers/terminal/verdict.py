"""A check as the terminal shows it: the verdict as text or JSON, the help, an error as one
line. Shared by `recount check` and `recount console`; imports nothing from Slack, so a check
from the terminal never loads slack_bolt.
"""

from __future__ import annotations

import json
import shlex
import textwrap
from datetime import date
from typing import Final

from domain import KINDS, InputError, Verdict, check, verdict_json
from domain.explain import explain
from handlers.syntax import (
    AMBIGUOUS_SUMMARY,
    EXAMPLES,
    ITEMS_SUMMARY,
    FormRequest,
    HelpRequest,
    QuickSyntaxError,
    parse,
)
from handlers.terminal.output import one_line

CHECK_PREFIX: Final = "recount check"
WIDTH: Final = 92


def _section(title: str, lines: tuple[str, ...]) -> list[str]:
    if not lines:
        return []
    out = ["", title]
    for line in lines:
        out.extend(
            textwrap.wrap(line, WIDTH, initial_indent="  ", subsequent_indent="    ") or ["  "]
        )
    return out


def render_text(verdict: Verdict) -> str:
    e = explain(verdict)
    out = [f"{e.outcome.upper()} — {e.subject}", e.contest, *([e.about] if e.about else [])]
    out.extend(textwrap.wrap(e.read_as, WIDTH, subsequent_indent="  "))
    out.extend(textwrap.wrap(e.summary, WIDTH))
    out += _section("Margin", e.margin_lines)
    out += _section("Deadline", e.deadline_lines)
    out += _section("Petition", e.petition_lines)
    out += _section("Related", e.related_lines)
    law = (f"{e.citation}:", *(f'"{q}"' for q in e.quotes), e.edition, *e.current_law)
    out += _section("The law", law)
    out += ["", e.as_of]
    return "\n".join(out) + "\n"


def render_json(verdict: Verdict) -> str:
    return json.dumps(verdict_json(verdict), ensure_ascii=False, indent=2) + "\n"


def help_text(prefix: str) -> str:
    """Usage for a terminal; `prefix` is how a check is typed there ("recount check")."""
    lines = [
        "Can this race or ballot question be recounted under MCA 13-16-201?",
        "",
        f"Type: {prefix} KIND ITEMS...".replace("Type:  ", "Type: "),
        *textwrap.wrap(ITEMS_SUMMARY, WIDTH, subsequent_indent="  "),
        "",
        "Kinds (aliases in brackets):",
    ]
    for info in KINDS.values():
        alias = f" [{', '.join(info.aliases)}]" if info.aliases else ""
        lines.append(f"  {info.kind.value}{alias}: {info.covers}; {info.subsection.code}")
    lines += textwrap.wrap(AMBIGUOUS_SUMMARY, WIDTH, initial_indent="  ", subsequent_indent="    ")
    lines += ["", "Examples:"]
    lines += [f"  {prefix} {text}".replace("   ", "  ", 1) for text in EXAMPLES]
    return "\n".join(lines) + "\n"


def error_line(error: InputError, prefix: str = CHECK_PREFIX) -> str:
    """One line a clerk can act on: what is wrong, and a text that would work."""
    line = f"error: {one_line(error.message)}"
    if isinstance(error, QuickSyntaxError):
        # quoted for a shell: double quotes, or single ones around an example that holds some
        quoted = shlex.quote(error.example) if '"' in error.example else f'"{error.example}"'
        example = f"{prefix} {quoted}" if prefix else error.example
        line += f"{'' if line.endswith(('.', '?')) else '.'} Example: {example}"
    return line


def verdict_output(text: str, today: date, *, as_json: bool) -> str:
    """The reply to one line of quick syntax. Raises InputError for bad text."""
    parsed = parse(text, today)
    if isinstance(parsed, HelpRequest | FormRequest):
        # The terminal has no form: an empty check gets the same help as `help`.
        return help_text(CHECK_PREFIX)
    verdict = check(parsed, today)
    return render_json(verdict) if as_json else render_text(verdict)
