"""Hostile input: whatever a person types, the bot answers with a verdict or an input error,
and nothing it posts can mention, link or format on the typist's behalf."""

from __future__ import annotations

import io
import json
import logging
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slack_bolt import App

from bot.cli import main
from domain import KINDS, InputError, build_check, check
from handlers.slack.check.form_state import read_form
from handlers.slack.check.verdict import verdict_message
from handlers.slack.text import escape_mrkdwn

from ..conftest import TODAY
from ..fake_slack import APP_TOKEN, BOT_TOKEN, SIGNING_SECRET, FakeSlack, payload_body
from ..slack_helpers import (
    QUICK,
    dispatch,
    run_command,
    signed_form,
    state,
    submit_form,
    view_payload,
)

MARKUP = [
    "<!channel>",
    "<!here>",
    "<@U123>",
    "<#C123>",
    "<http://x|y>",
    "<!subteam^S1>",
    "*bold*",
    "_it_",
    "~s~",
    "`code`",
    "&amp;",
    "@channel",
    "\u202eevil",
    "\x00",
    "\n",
    ":skull:",
]
hostile_text = st.one_of(
    st.sampled_from(MARKUP),
    st.text(min_size=1, max_size=30),
    st.lists(st.sampled_from([*MARKUP, "Smith", " ", "x"]), min_size=1, max_size=5).map("".join),
)
FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def posted_strings(blocks: list[dict[str, Any]], kind: str = "mrkdwn") -> list[str]:
    """Every text object of `kind` the user will see (button values are data, checked apart)."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == kind and isinstance(node.get("text"), str):
                found.append(node["text"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(blocks)
    return found


def assert_neutral(text: str, asker: str = "U0CLERK") -> None:
    # ours alone: the asker's mention and the quote marker at the start of a line
    without_ours = re.sub(r"(^|\n)>", r"\1", text.replace(f"<@{asker}>", ""))
    assert "<" not in without_ours and ">" not in without_ours, text
    # every & starts one of the three entities Slack decodes
    assert re.fullmatch(r"([^&]|&amp;|&lt;|&gt;)*", text, re.DOTALL), text
    assert "\x00" not in text and "\u202e" not in text


@FAST
@given(hostile_text, hostile_text)
def test_names_are_neutralized_in_the_verdict(first: str, second: str) -> None:
    try:
        inputs = build_check("county", {"candidates": ((first, 12), (second, 10))})
    except InputError:
        return  # e.g. two names that are the same, or a control character: refused
    message = verdict_message(check(inputs, TODAY), asked_by="U0CLERK")
    texts = [message.text, *posted_strings(message.blocks)]
    for text in texts:
        assert_neutral(text)
    for plain in posted_strings(message.blocks, "plain_text"):  # no markup is read in these
        assert "<" not in plain and ">" not in plain
    for name in (first, second):
        shown = " ".join(name.split())
        if any(mark in shown for mark in "*_~`"):  # shown with look-alikes instead
            assert any(escape_mrkdwn(shown) in text for text in texts)
    value = next(
        e["value"] for b in message.blocks if b["type"] == "actions" for e in b["elements"]
    )
    assert not re.search("[<>&]", value)
    assert json.loads(value)["candidates"][0]["name"] == " ".join(first.split())


@FAST
@given(
    st.sampled_from([k.value for k in KINDS] + ["", "bogus"]),
    st.dictionaries(
        st.sampled_from(
            [
                "candidates",
                "seats",
                "total",
                "candidate",
                "votes_for",
                "votes_against",
                "signers",
                "counties",
            ]
        ),
        st.one_of(st.text(max_size=40), st.from_regex(r"[0-9,]{1,12}", fullmatch=True)),
    ),
    st.one_of(st.none(), st.sampled_from(["2026-11-16", "2026-02-30", "not a date", ""])),
)
def test_any_form_state_gives_a_check_or_field_errors(
    kind: str, texts: dict[str, str], canvass: str | None
) -> None:
    values = state(kind or None, canvass=canvass, **texts)
    try:
        inputs = read_form(values["values"])
    except InputError as error:
        assert all(p.message for p in error.problems)
        return
    check(inputs, TODAY)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=12), st.sampled_from(["--json", "--today", "--", "county", "5"])
        ),
        max_size=8,
    )
)
def test_command_line_never_raises(words: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", *words], out=out, err=err)
    assert status in (0, 2)
    if status == 2:
        assert out.getvalue() == "" and err.getvalue().startswith("error: ")
        assert err.getvalue().count("\n") == 1


def test_text_over_3000_characters_is_refused_privately(app: App, fake: FakeSlack) -> None:
    response = run_command(app, fake, "county " + "Smith 1 " * 500)
    body = json.loads(response.body)
    assert body["response_type"] == "ephemeral"
    assert "limit is 3,000" in body["text"]


def test_markup_in_slash_command_never_reaches_the_channel(app: App, fake: FakeSlack) -> None:
    text = 'county "&lt;!channel&gt; *now*" 1204 "&lt;http://evil|click&gt;" 1199'
    body = json.loads(run_command(app, fake, text).body)
    for shown in [body["text"], *posted_strings(body["blocks"])]:
        assert_neutral(shown)
    assert "∗now∗" in json.dumps(body["blocks"], ensure_ascii=False)


def test_no_secret_reaches_the_logs(
    app: App, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    run_command(app, fake, QUICK)
    run_command(app, fake, "")
    fake.wait_for("views.open")
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    submit_form(app, fake)
    fake.wait_for("respond/cmd")
    fake.answers["views.open"] = {"ok": False, "error": "expired_trigger_id"}
    run_command(app, fake, "")
    fake.wait_for("respond/cmd", count=2)
    logged = caplog.text + "".join(str(r.__dict__) for r in caplog.records)
    assert "request" in logged  # the request log line is there
    for secret in (BOT_TOKEN, SIGNING_SECRET, APP_TOKEN):
        assert secret not in logged


def test_a_form_cannot_be_pointed_at_another_channel(app: App, fake: FakeSlack) -> None:
    """private_metadata is signed: change the channel and the bot posts nowhere."""
    view = signed_form("county")
    encoded, mac = view["private_metadata"].rsplit(".", 1)
    import base64

    data = json.loads(base64.urlsafe_b64decode(encoded))
    data["channel"] = "C0SECRET"
    view["private_metadata"] = (
        base64.urlsafe_b64encode(json.dumps(data).encode()).decode() + "." + mac
    )
    response = dispatch(
        app, payload_body(view_payload(view, state("county", candidates="A: 5\nB: 4")))
    )
    assert json.loads(response.body)["response_action"] == "errors"
    assert fake.to("chat.postMessage") == []


def test_cli_today_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--today", "2026-02-30", "county", "A", "1", "B", "2"]) == 2
    assert "not a date" in capsys.readouterr().err
