""" "Show the work" (issue 26, in part): the verdict's working in a modal, one click away: the
margin lines, both deadline readings with their steps, the petition details, the related
sections and the quoted subsection with its edition line. A modal needs no post, so it works
in a channel the bot is not a member of. Pure: a Verdict in, a view out."""

from __future__ import annotations

from typing import Any, Final

from domain.explain import explain
from domain.verdict import Verdict
from handlers.slack.blocks.text import SECTION_LIMIT, clip, escape_mrkdwn, mrkdwn

WORK_ACTION_ID: Final = "show_work"
TITLE: Final = "The work"  # Slack allows 24 characters


def work_lines(verdict: Verdict) -> list[tuple[str, list[str]]]:
    """The sections of the work and their lines, from the same fields as every surface."""
    e = explain(verdict)
    deadline = list(e.deadline_lines)
    d = verdict.deadline
    if d is not None and d.readings_differ:
        deadline.append(f"Safe reading: {d.trace(safe=True)}")
    return [
        ("Margin", list(e.margin_lines)),
        ("Deadline", deadline),
        ("Petition", list(e.petition_lines)),
        ("Related", list(e.related_lines)),
    ]


def work_view(verdict: Verdict) -> dict[str, Any]:
    e = explain(verdict)
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": mrkdwn(f"*{escape_mrkdwn(e.headline)}*")},
        {"type": "context", "elements": [mrkdwn(escape_mrkdwn(e.read_as))]},
    ]
    for title, lines in work_lines(verdict):
        if lines:
            body = "\n".join(f"• {escape_mrkdwn(line)}" for line in lines)
            blocks.append(
                {"type": "section", "text": mrkdwn(clip(f"*{title}*\n{body}", SECTION_LIMIT))}
            )
    quoted = "\n".join(f">{escape_mrkdwn(q)}" for q in e.quotes)
    blocks += [
        {"type": "divider"},
        {
            "type": "section",
            "text": mrkdwn(clip(f"*{escape_mrkdwn(e.citation)}*\n{quoted}", SECTION_LIMIT)),
        },
        {
            "type": "context",
            "elements": [
                mrkdwn(
                    "\n".join(escape_mrkdwn(line) for line in (e.edition, *e.current_law))
                    + f"\n{escape_mrkdwn(e.as_of)}"
                )
            ],
        },
    ]
    return {
        "type": "modal",
        "title": {"type": "plain_text", "text": TITLE},
        "close": {"type": "plain_text", "text": "Close"},
        "blocks": blocks,
    }
