"""The slash command end to end against a fake Slack: quick checks, help, errors, the form."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack
from ....slack_helpers import USER, block_texts, quick, run_command


def test_quick_check_answers_in_the_channel_within_the_ack(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    body = quick(app, fake)
    assert body["response_type"] == "in_channel"
    text = block_texts(body["blocks"])
    assert "Recount available" in text
    assert "5 votes (largest that qualifies: 10)" in text
    assert "by Fri Nov 20, 2026" in text and "Sat Nov 21, 2026" in text
    assert body["metadata"]["event_payload"]["deadline"] == "2026-11-23"  # the later reading
    assert "Mont. Code Ann. § 13-16-201(1)" in text
    assert "not legal advice" in text and f"<@{USER}>" in text
    assert body["text"].startswith("✅ Recount available")
    assert after_ack.drain(timeout=5)
    assert fake.calls == []  # no outbound call was needed


def test_help_is_private(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    response = run_command(app, fake, "help")
    body = json.loads(response.body)
    assert body["response_type"] == "ephemeral"
    assert "state-question" in block_texts(body["blocks"])
    assert after_ack.drain(timeout=5)
    assert fake.calls == []


def test_bad_text_is_private_and_quotes_the_problem(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    response = run_command(app, fake, "county Smith 1204 Jones")
    body = json.loads(response.body)
    assert body["response_type"] == "ephemeral"
    assert '"Jones" needs its votes' in body["text"]
    assert "/recount county Smith 1204 Jones 1199 canvass 2026-11-16" in body["text"]
    assert after_ack.drain(timeout=5)
    assert fake.calls == []


def test_command_text_arrives_html_escaped(app: App, fake: FakeSlack) -> None:
    body = quick(app, fake, 'county "Smith &amp; Sons" 1204 "Jones &lt;3" 1199')
    text = block_texts(body["blocks"])
    assert "Smith &amp; Sons" in text and "Jones &lt;3" in text


def test_a_name_in_slack_markup_is_refused_privately(app: App, fake: FakeSlack) -> None:
    body = quick(app, fake, 'county Smith 1204 "&lt;!channel&gt;" 1199')
    assert body["response_type"] == "ephemeral"
    assert "looks like Slack markup" in body["text"] and "<!channel>" not in body["text"]


def test_empty_command_opens_the_form(app: App, fake: FakeSlack) -> None:
    response = run_command(app, fake, "")
    assert (response.status, response.body) == (200, "")
    call = fake.wait_for("views.open")[0]
    assert call.body["trigger_id"] == "1337.42.abcd"
    view = call.body["view"]
    assert view["callback_id"] == "recount_form"
    assert view["title"]["text"] == "Recount check"
    assert view["blocks"][0]["block_id"] == "kind"
    assert view["submit"]["text"] == "Check"  # Slack refuses input blocks without a submit
