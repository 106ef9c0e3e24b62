"""The verdict for a terminal: the answer first, then the work, then the law."""

from __future__ import annotations

import json
import textwrap

from domain import KINDS, Verdict, verdict_json
from domain.explain import explain
from handlers.quick_syntax import EXAMPLES, ITEMS_SUMMARY

WIDTH = 92


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
    out = [f"{e.headline.upper()}", e.contest]
    out.extend(textwrap.wrap(e.summary, WIDTH))
    out += _section("Margin", e.margin_lines)
    out += _section("Deadline", e.deadline_lines)
    out += _section("Petition", e.petition_lines)
    out += _section("Related", e.related_lines)
    out += _section("The law", (f"{e.citation}:", *(f'"{q}"' for q in e.quotes), e.edition))
    out += ["", e.as_of]
    return "\n".join(out) + "\n"


def render_json(verdict: Verdict) -> str:
    return json.dumps(verdict_json(verdict), ensure_ascii=False, indent=2) + "\n"


def help_text(prefix: str) -> str:
    """Usage for a terminal; `prefix` is how a check is typed there ("recount check")."""
    lines = [
        "Can this race or ballot question be recounted under MCA 13-16-201?",
        "",
        f"Type: {prefix} KIND ITEMS...",
        *textwrap.wrap(ITEMS_SUMMARY, WIDTH, subsequent_indent="  "),
        "",
        "Kinds (aliases in brackets):",
    ]
    for info in KINDS.values():
        alias = f" [{', '.join(info.aliases)}]" if info.aliases else ""
        lines.append(f"  {info.kind.value}{alias}: {info.covers}; {info.subsection.code}")
    lines += ["", "Examples:"]
    lines += [f"  {prefix} {text}" for text in EXAMPLES]
    return "\n".join(lines) + "\n"
