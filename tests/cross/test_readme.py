"""The README shows what the code says: the sample verdict as text, as JSON and in Slack, the
reminder, and the kinds with their aliases (refused words included)."""

from __future__ import annotations

import io
import json
import re
import textwrap
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from domain import KINDS, verdict_json
from domain.kinds import AMBIGUOUS_WORDS
from handlers.slack.check.verdict import verdict_message
from handlers.slack.check.work import work_view
from handlers.slack.remind.reminding import reminder_text
from handlers.terminal.verdict import render_text

from ..builders import verdict_of

README = Path(__file__).resolve().parents[2] / "README.md"
SAMPLE = "county Smith 1204 Jones 1199 canvass 2026-11-16"
TODAY = date(2026, 11, 18)


def block_after(marker: str) -> str:
    """The fenced block that follows `marker` in the README."""
    text = README.read_text(encoding="utf-8")
    start = text.index(marker)
    opening = text.index("```", start)
    body = text.index("\n", opening) + 1
    return textwrap.dedent(text[body : text.rindex("\n", body, text.index("```", body)) + 1])


def slack_as_text(message: Any) -> str:
    """The posted blocks as the README draws them: one paragraph a block."""
    out = []
    for block in message.blocks:
        if block["type"] == "header":
            out.append(block["text"]["text"])
        elif block["type"] == "divider":
            out.append("---")
        elif block["type"] == "actions":
            out.append("  ".join(f"[ {e['text']['text']} ]" for e in block["elements"]))
        elif block["type"] == "context":
            out.append("\n".join(e["text"] for e in block["elements"]))
        elif block["type"] == "rich_text":  # a quote is drawn as mrkdwn draws one
            out.append(
                "\n".join(
                    ("*{}*" if part["type"] == "rich_text_section" else ">{}").format(
                        "".join(t["text"] for t in part["elements"])
                    )
                    for part in block["elements"]
                )
            )
        elif "fields" in block:  # Slack lays them out two by two
            out.append("\n".join(f["text"].replace("\n", ": ", 1) for f in block["fields"]))
        else:
            out.append(block["text"]["text"])
    return "\n\n".join(out) + "\n"


def test_the_sample_verdict_is_what_recount_check_prints() -> None:
    shown = block_after(f"`recount check --today 2026-11-18 {SAMPLE}`:")
    assert shown == render_text(verdict_of(SAMPLE, TODAY))


def test_the_json_example_is_what_recount_check_json_prints() -> None:
    shown = json.loads(block_after(f"`recount check --json --today 2026-11-18 {SAMPLE}`"))
    actual = verdict_json(verdict_of(SAMPLE, TODAY))
    assert shown == {key: actual[key] for key in shown}
    assert {"act_by", "only_if_1_1_307", "file_with", "days_left_safe", "also_qualify"} <= set(
        shown
    )


def test_the_slack_example_is_what_the_bot_posts() -> None:
    shown = block_after("The posted verdict for the example above, on Nov 18, 2026, as text:")
    message = verdict_message(verdict_of(SAMPLE, TODAY), asked_by="U0CLERK", remind="signed")
    assert shown == slack_as_text(message)


def test_the_notification_example_is_what_the_bot_posts() -> None:
    shown = block_after("Its notification (the message's `text`, what a phone shows)")
    message = verdict_message(verdict_of(SAMPLE, TODAY), asked_by="U0CLERK", remind="signed")
    assert shown == message.text + "\n"
    assert shown.startswith("✅ Recount available — Smith 1,204, Jones 1,199: ")  # the race


def test_the_work_example_is_what_the_button_opens() -> None:
    shown = block_after("**Show the work** opens, for the same verdict:")
    view = work_view(verdict_of(SAMPLE, TODAY))
    assert shown == f"[{view['title']['text']}]\n\n" + slack_as_text(SimpleNamespace(**view))


def test_the_reminder_example_is_what_is_scheduled() -> None:
    shown = block_after("A reminder reads:")
    text = reminder_text(
        "county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026",
        date(2026, 11, 21),
        "the election administrator",
        date(2026, 11, 19),
        "https://montana.slack.com/archives/C0CANVASS/p1700000000000100",
    )
    assert shown == text.replace(":alarm_clock:", "⏰") + "\n"


def test_the_kinds_and_aliases_are_the_codes() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    kinds = text[text.index("Kinds: `county`") :]
    kinds = kinds[: kinds.index("(7).") + 4]
    for info in KINDS.values():
        aliases = ", ".join(f"`{a}`" for a in info.aliases)
        assert (
            f"`{info.kind.value}` ({aliases})" in kinds
            if aliases
            else (re.search(rf"`{re.escape(info.kind.value)}`(?: —|,)", kinds))
        ), info.kind
    for word in AMBIGUOUS_WORDS:
        assert f"`{word}`" not in kinds  # not an alias
        assert f"`{word}`" in text  # but said to be refused


def test_the_scan_sample_is_what_recount_scan_prints() -> None:
    from bot.cli import main

    from ..handlers.results.fixtures import COUNTY_WORKBOOKS, need

    out, err = io.StringIO(), io.StringIO()
    args = ["scan", str(need(COUNTY_WORKBOOKS)), "--canvass", "11/28/2022"]
    assert main([*args, "--today", "2022-11-30"], out, err) == 0
    shown = block_after("(`recount scan sos-county-2022-general --canvass")
    assert shown == out.getvalue()


def test_every_picture_the_readme_shows_is_there() -> None:
    text = README.read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(pictures) >= 5
    for picture in pictures:
        assert (README.parent / picture).is_file(), picture
