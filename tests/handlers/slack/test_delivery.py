"""Getting a verdict to the channel: chat.postMessage, then response_url, then privately."""

from __future__ import annotations

from slack_bolt import App
from slack_sdk import WebClient

from handlers.slack.check.verdict import verdict_message
from handlers.slack.delivery import deliver
from handlers.slack.metadata import FormContext
from handlers.slack.retries import MAX_RETRIES, retry_handlers

from ...builders import verdict_of
from ...fake_slack import BOT_TOKEN, FakeSlack
from ...slack_helpers import CHANNEL, USER, block_texts, submit_form


def deliver_to(fake: FakeSlack, thread_ts: str | None = None) -> str:
    client = WebClient(
        token=BOT_TOKEN, base_url=fake.api_url, retry_handlers=retry_handlers(lambda s: None)
    )
    to = FormContext(CHANNEL, USER, fake.response_url(), thread_ts)
    return deliver(client, to, verdict_message(verdict_of("county A 5 B 4"), asked_by=USER))


def test_posted_in_the_channel_or_thread(fake: FakeSlack) -> None:
    assert deliver_to(fake, thread_ts="1700000000.000100") == "channel"
    (post,) = fake.calls
    assert (post.path, post.body["channel"], post.body["thread_ts"]) == (
        "chat.postMessage",
        CHANNEL,
        "1700000000.000100",
    )
    assert post.body["unfurl_links"] is False


def test_each_fallback_in_turn(fake: FakeSlack) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    assert deliver_to(fake) == "response_url"
    fake.answers["respond/cmd"] = 404
    assert deliver_to(fake) == "private"
    fake.answers["chat.postEphemeral"] = {"ok": False, "error": "user_not_in_channel"}
    assert deliver_to(fake) == "lost"


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


def test_last_resort_is_an_ephemeral_message(
    app: App, fake: FakeSlack, pauses: list[float]
) -> None:
    fake.answers["chat.postMessage"] = {"ok": False, "error": "not_in_channel"}
    fake.answers["respond/cmd"] = 500
    submit_form(app, fake)
    ephemeral = fake.wait_for("chat.postEphemeral")[0]
    assert (ephemeral.body["channel"], ephemeral.body["user"]) == (CHANNEL, USER)
    # the response_url's 500 was retried MAX_RETRIES times, after the SDK's backoff,
    # each wait recorded and none slept through
    assert len([c for c in fake.calls if c.path == "respond/cmd"]) == 1 + MAX_RETRIES
    assert len(pauses) == MAX_RETRIES and all(0 < p < 5 for p in pauses)
