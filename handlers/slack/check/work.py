""" "Show the work" (issue 26, in part): the verdict's working in a modal, one click away: the
margin lines, both deadline readings with their steps, the petition details, the related
sections and the quoted subsection with its edition line. A modal needs no post, so it works
in a channel the bot is not a member of. Pure: a Verdict in, a view out."""

from __future__ import annotations

from typing import Any, Final

from domain.explain import explain
from domain.verdict import Verdict
from handlers.slack.text import SECTION_LIMIT, clip, escape_mrkdwn, mrkdwn

WORK_ACTION_ID: Final = "show_work"
# A retention vote's work: the scan's reading (a retention read as a race) goes with it, as
# with its Check (handlers.slack.scan.check_clicked).
WORK_RETENTION_ACTION_ID: Final = "show_work_retention"


def work_action(readings: tuple[str, ...]) -> str:
    return WORK_RETENTION_ACTION_ID if readings else WORK_ACTION_ID


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


def work_view(verdict: Verdict, readings: tuple[str, ...] = ()) -> dict[str, Any]:
    """`readings`: lines of a reading the inputs came from, shown under the edition line."""
    e = explain(verdict)
    blocks: list[dict[str, Any]] = [
        {"type": "section", "text": mrkdwn(f"*{escape_mrkdwn(e.headline)}*")},
        {
            "type": "context",
            "elements": [mrkdwn(escape_mrkdwn(" · ".join(x for x in (e.about, e.read_as) if x)))],
        },
        {"type": "section", "text": mrkdwn(escape_mrkdwn(e.summary))},
    ]
    for title, lines in work_lines(verdict):
        if lines:
            body = "\n".join(f"• {escape_mrkdwn(line)}" for line in lines)
            blocks.append(
                {"type": "section", "text": mrkdwn(clip(f"*{title}*\n{body}", SECTION_LIMIT))}
            )
    # The quoted subsection as Block Kit's own quote: rich text is shown literally, so the
    # statute needs no escaping and no look-alike characters.
    blocks += [
        {"type": "divider"},
        {
            "type": "rich_text",
            "elements": [
                {
                    "type": "rich_text_section",
                    "elements": [{"type": "text", "text": e.citation, "style": {"bold": True}}],
                },
                *(
                    {"type": "rich_text_quote", "elements": [{"type": "text", "text": quote}]}
                    for quote in e.quotes
                ),
            ],
        },
        {
            "type": "context",
            "elements": [
                mrkdwn(
                    "\n".join(
                        escape_mrkdwn(line) for line in (e.edition, *e.current_law, *readings)
                    )
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
