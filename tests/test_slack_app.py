"""The Slack app end to end against a fake Slack: commands, the form, delivery, what-if."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

from pydantic import SecretStr
from slack_bolt import App

from bot.settings import Settings
from domain import resolve_kind
from handlers.form_view import form_view
from handlers.metadata import FormContext, MetadataSigner

from .fake_slack import SIGNING_SECRET, FakeSlack, command_body, payload_body
from .slack_helpers import (
    CHANNEL,
    USER,
    button_payload,
    dispatch,
    run_command,
    state,
    submit,
    view_payload,
)

QUICK = "county Smith 1204 Jones 1199 canvass 11/16"


def block_texts(blocks: list[dict[str, Any]]) -> str:
    return json.dumps(blocks, ensure_ascii=False)


def signed_form(kind: str | None = None, **context: Any) -> dict[str, Any]:
    """The form as the bot would have opened it from /recount in CHANNEL."""
    secret = Settings(signing_secret=SecretStr(SIGNING_SECRET)).metadata_secret()
    metadata = MetadataSigner(secret).dumps(FormContext(channel=CHANNEL, user=USER, **context))
    return form_view(metadata, None if kind is None else resolve_kind(kind))


# --- /recount ------------------------------------------------------------------------------


def quick(app: App, fake: FakeSlack, text: str = QUICK) -> dict[str, Any]:
    """Runs a quick check; returns the acknowledgement's body (the verdict itself)."""
    response = run_command(app, fake, text)
    assert response.status == 200
    body: dict[str, Any] = json.loads(response.body)
    return body


def test_quick_check_answers_in_the_channel_within_the_ack(app: App, fake: FakeSlack) -> None:
    body = quick(app, fake)
    assert body["response_type"] == "in_channel"
    text = block_texts(body["blocks"])
    assert "Recount available" in text
    assert "Jones is 5 votes behind Smith" in text
    assert "Mon Nov 23, 2026" in text and "Sat Nov 21, 2026" in text
    assert "Mont. Code Ann. § 13-16-201(1)" in text
    assert "not legal advice" in text and f"<@{USER}>" in text
    assert body["text"].startswith("✅ Recount available")
    time.sleep(0.1)
    assert fake.calls == []  # no outbound call was needed


def test_help_is_private(app: App, fake: FakeSlack) -> None:
    response = run_command(app, fake, "help")
    body = json.loads(response.body)
    assert body["response_type"] == "ephemeral"
    assert "state-question" in block_texts(body["blocks"])
    time.sleep(0.1)
    assert fake.to("chat.postMessage") == []


def test_bad_text_is_private_and_quotes_the_problem(app: App, fake: FakeSlack) -> None:
    response = run_command(app, fake, "county Smith 1204 Jones")
    body = json.loads(response.body)
    assert body["response_type"] == "ephemeral"
    assert '"Jones" needs its votes' in body["text"]
    assert "/recount county Smith 1204 Jones 1199 canvass 2026-11-16" in body["text"]
    time.sleep(0.1)
    assert [c.path for c in fake.calls] == []


def test_command_text_arrives_html_escaped(app: App, fake: FakeSlack) -> None:
    body = quick(app, fake, 'county "Smith &amp; Sons" 1204 "&lt;!channel&gt;" 1199')
    text = block_texts(body["blocks"])
    assert "Smith &amp; Sons" in text
    assert "&lt;!channel&gt;" in text and "<!channel>" not in text


def test_empty_command_opens_the_form(app: App, fake: FakeSlack) -> None:
    response = run_command(app, fake, "")
    assert response.status == 200
    call = fake.wait_for("views.open")[0]
    assert call.body["trigger_id"] == "1337.42.abcd"
    view = call.body["view"]
    assert view["callback_id"] == "recount_form"
    assert view["title"]["text"] == "Recount check"
    assert view["blocks"][0]["block_id"] == "kind"
    assert view["submit"]["text"] == "Check"  # Slack refuses input blocks without a submit


# --- the form ------------------------------------------------------------------------------


def test_choosing_a_kind_updates_the_form(app: App, fake: FakeSlack) -> None:
    view = signed_form()
    payload = view_payload(view, state("state-question", votes_for="12"), kind="block_actions")
    response = dispatch(app, payload_body(payload))
    assert response.status == 200
    call = fake.wait_for("views.update")[0]
    assert (call.body["view_id"], call.body["hash"]) == ("V123", "h1")
    blocks = [b.get("block_id") for b in call.body["view"]["blocks"]]
    assert blocks == ["kind", "votes_for", "votes_against", "signers", "counties", "canvass"]
    assert call.body["view"]["private_metadata"] == view["private_metadata"]
    typed = call.body["view"]["blocks"][1]["element"]["initial_value"]
    assert typed == "12"  # what was typed survives the redraw


def test_local_question_form_has_no_counties(app: App, fake: FakeSlack) -> None:
    payload = view_payload(signed_form(), state("question"), kind="block_actions")
    dispatch(app, payload_body(payload))
    blocks = [b.get("block_id") for b in fake.wait_for("views.update")[0].body["view"]["blocks"]]
    assert "counties" not in blocks and "signers" in blocks


def test_submission_errors_are_shown_per_field(app: App, fake: FakeSlack) -> None:
    view = signed_form("county")
    response = submit(app, view, state("county", candidates="Smith: 1204\nJones", seats="0"))
    body = json.loads(response.body)
    assert body["response_action"] == "errors"
    assert "line 2" in body["errors"]["candidates"]
    time.sleep(0.1)
    assert fake.to("chat.postMessage") == []

    response = submit(app, view, state("county", candidates="Smith: 1204\nJones: 1199", seats="2"))
    body = json.loads(response.body)
    assert list(body["errors"]) == ["seats"]
    assert "fewer than the number of candidates" in body["errors"]["seats"]


def test_submission_without_a_kind(app: App, fake: FakeSlack) -> None:
    body = json.loads(submit(app, signed_form(), state()).body)
    assert body == {"response_action": "errors", "errors": {"kind": "choose the kind of contest"}}


def test_valid_submission_closes_the_form_and_posts(app: App, fake: FakeSlack) -> None:
    view = signed_form("question")
    values = state(
        "question", canvass="2026-11-16", votes_for="3,237", votes_against="3250", signers="9"
    )
    response = submit(app, view, values)
    assert response.status == 200 and response.body == ""
    post = fake.wait_for("chat.postMessage")[0]
    assert post.body["channel"] == CHANNEL
    text = block_texts(post.body["blocks"])
    assert "Petition short" in text and "1 short" in text
    assert "13-16-201(3)" in text


def test_forged_metadata_posts_nowhere(app: App, fake: FakeSlack) -> None:
    view = signed_form("county")
    forged = json.dumps({"channel": "C0ELSEWHERE", "user": USER})
    view["private_metadata"] = base64.urlsafe_b64encode(forged.encode()).decode() + ".0000"
    response = submit(app, view, state("county", candidates="A: 5\nB: 4"))
    assert json.loads(response.body)["response_action"] == "errors"
    # someone else's form, even with good metadata
    response = submit(
        app, signed_form("county"), state("county", candidates="A: 5\nB: 4"), user="U0OTHER"
    )
    assert json.loads(response.body)["response_action"] == "errors"
    time.sleep(0.1)
    assert fake.to("chat.postMessage") == []


# --- delivery ------------------------------------------------------------------------------


FORM_VALUES = state("county", canvass="2026-11-16", candidates="Smith: 1204\nJones: 1199")


def submit_form(app: App, fake: FakeSlack) -> None:
    """A valid form submission from /recount in CHANNEL, whose response_url is fake's "cmd"."""
    response = submit(app, signed_form("county", response_url=fake.response_url()), FORM_VALUES)
    assert (response.status, response.body) == (200, "")


def test_form_verdict_falls_back_to_response_url(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    submit_form(app, fake)
    sent = fake.wait_for("respond/cmd")[0]
    assert sent.body["response_type"] == "in_channel"
    assert "Recount available" in block_texts(sent.body["blocks"])


def test_when_everything_fails_the_asker_gets_it_privately(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "channel_not_found"}
    fake.answers["respond/cmd"] = 404
    submit_form(app, fake)
    posts = fake.wait_for("chat.postMessage", count=2)
    assert posts[1].body["channel"] == USER
    assert "could not post this verdict" in posts[1].body["text"]
    assert "channel_not_found" in posts[1].body["text"]


def test_last_resort_is_an_ephemeral_message(app: App, fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    fake.answers["respond/cmd"] = 500
    submit_form(app, fake)
    ephemeral = fake.wait_for("chat.postEphemeral")[0]
    assert (ephemeral.body["channel"], ephemeral.body["user"]) == (CHANNEL, USER)


# --- what-if -------------------------------------------------------------------------------


def test_adjust_button_opens_the_form_prefilled_and_replies_in_thread(
    app: App, fake: FakeSlack
) -> None:
    verdict = quick(app, fake)
    button = next(e for b in verdict["blocks"] if b["type"] == "actions" for e in b["elements"])
    assert button["text"]["text"] == "Adjust & re-check"

    dispatch(
        app, payload_body(button_payload(button["value"], response_url=fake.response_url("msg")))
    )
    opened = fake.wait_for("views.open")[0].body["view"]
    blocks = {b["block_id"]: b for b in opened["blocks"]}
    assert blocks["kind"]["element"]["initial_option"]["value"] == "county"
    assert blocks["candidates"]["element"]["initial_value"] == "Smith: 1204\nJones: 1199"
    assert blocks["canvass"]["element"]["initial_date"] == "2026-11-16"

    # "what if the canvass moves two votes?"
    values = state("county", canvass="2026-11-16", candidates="Smith: 1205\nJones: 1198", seats="1")
    submit(app, opened, values)
    reply = fake.wait_for("chat.postMessage")[0]
    assert (reply.body["channel"], reply.body["thread_ts"]) == (CHANNEL, "1700000000.000100")
    assert "Jones is 7 votes behind Smith" in block_texts(reply.body["blocks"])


# --- signatures ----------------------------------------------------------------------------


def test_wrong_stale_or_missing_signatures_get_401(app: App, fake: FakeSlack) -> None:
    body = command_body(QUICK, fake.response_url())
    assert dispatch(app, body, secret="not-the-secret").status == 401
    assert dispatch(app, body, timestamp=int(time.time()) - 60 * 10).status == 401
    from slack_bolt import BoltRequest

    assert app.dispatch(BoltRequest(body=body, headers={})).status == 401
    time.sleep(0.1)
    assert fake.calls == []


def test_form_names_the_state_canvass_only_for_subsection_2_races() -> None:
    def hint(kind: str) -> Any:
        canvass = next(
            b for b in form_view("m", resolve_kind(kind))["blocks"] if b["block_id"] == "canvass"
        )
        return canvass.get("hint", {}).get("text")

    assert "state canvass" in hint("legislature")
    assert hint("county") is None and hint("state-question") is None
