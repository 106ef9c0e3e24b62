""" "Show the work": the modal holds the margin lines, both deadline readings with their
steps, the petition details, the related sections and the quoted subsection with its
edition line, from the same fields as the verdict's other surfaces, within Slack's limits."""

from __future__ import annotations

import json

from domain.explain import explain
from handlers.slack.check.work import TITLE, work_view
from handlers.slack.text import escape_mrkdwn

from ....builders import verdict_of
from ....slack_helpers import texts_of


def test_the_work_holds_every_line_of_the_verdict() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16")
    view = work_view(v)
    assert view["type"] == "modal" and view["title"]["text"] == TITLE and len(TITLE) <= 24
    said = "\n".join(texts_of(view["blocks"]))
    e = explain(v)
    for line in (*e.margin_lines, *e.deadline_lines, *e.petition_lines, *e.related_lines):
        assert escape_mrkdwn(line) in said
    assert "Safe reading: canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026" in said
    assert escape_mrkdwn(e.quotes[0]) in said and escape_mrkdwn(e.edition) in said
    assert len(view["blocks"]) <= 100 and len(json.dumps(view)) < 250_000


def test_the_work_says_what_the_check_is_about_beside_read_as() -> None:
    v = verdict_of('county A 5 B 4 canvass 2026-11-16 county-name "Gallatin" election-type general')
    view = work_view(v)
    context = view["blocks"][1]["elements"][0]["text"]
    assert context.startswith("Gallatin County · general election · Read as: county office;")
