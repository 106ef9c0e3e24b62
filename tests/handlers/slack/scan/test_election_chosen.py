"""A file that does not say its election: the scan asks with two buttons, and the answer
scans it again in the same thread, read as the election chosen."""

from __future__ import annotations

from typing import Any

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import NOT_VERIFIED
from handlers.slack.scan.summary import ELECTION_ACTION_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.scan_payloads import DM, TS, blocks_of, dropped, send
from ....slack_helpers import USER, block_texts, button_payload, dispatch

# A typed table with parties: primary or general changes the verdict (the parties merge).
PARTIES = b"contest,choice,votes,party\nGovernor,A,100,REP\nGovernor,B,99,DEM\n"


def clicked(fake: FakeSlack, value: str, election: str) -> dict[str, Any]:
    return button_payload(
        value,
        action_id=f"{ELECTION_ACTION_ID}_{election}",
        channel=DM,
        thread_ts=TS,
        response_url=fake.response_url("election"),
    )


def test_the_scan_asks_and_the_answer_scans_again(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = ("results.csv", PARTIES)
    send(app, dropped())
    assert after_ack.drain(timeout=10)
    (question,) = fake.to("chat.update")
    blocks = blocks_of(question.body)
    assert "results.csv does not say whether it is a primary or a general election" in (
        block_texts(blocks)
    )
    (actions,) = [b for b in blocks if b["type"] == "actions"]
    buttons = {b["text"]["text"]: b["value"] for b in actions["elements"]}
    assert set(buttons) == {"Primary", "General"}
    assert fake.to("files.completeUploadExternal") == []  # no report before the answer

    assert dispatch(app, payload_body(clicked(fake, buttons["Primary"], "primary"))).status == 200
    assert after_ack.drain(timeout=10)
    (said,) = fake.to("respond/election")
    assert said.body["text"] == f"Scanning again as a primary election (chosen by <@{USER}>)."
    summary = block_texts(blocks_of(fake.to("chat.update")[-1].body))
    assert "Read as a primary election, as given." in summary
    # each party's nomination on its own: A and B were each unopposed for it
    assert "0 recount available" in summary
    (complete,) = fake.to("files.completeUploadExternal")
    assert (complete.body["channel_id"], complete.body["thread_ts"]) == (DM, TS)


def test_a_forged_answer_does_nothing(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    assert dispatch(app, payload_body(clicked(fake, "forged.value", "general"))).status == 200
    assert after_ack.drain(timeout=5)
    (said,) = fake.to("respond/election")
    assert said.body["text"] == NOT_VERIFIED
    assert fake.to("chat.postMessage") == []


# OpenElections' layout under a primary's name: the name says which election it is.
PRIMARY_NAMED = (
    "20180605__mt__primary__county.csv",
    b"county,office,district,party,candidate,votes\n"
    b"Cascade,Governor,,REP,A,100\nCascade,Governor,,DEM,B,99\n",
)


def test_an_election_told_against_the_file_is_asked_and_scanned_as_the_file_says(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.files["F0TABLE"] = PRIMARY_NAMED
    send(app, dropped("scan election general"))
    assert after_ack.drain(timeout=10)
    (question,) = fake.to("chat.update")
    blocks = blocks_of(question.body)
    said = block_texts(blocks)
    # both named: what the file says (its name, escaped for mrkdwn) and what was told
    assert "the file is named" in said and "primaryˍˍcounty.csv" in said
    assert (
        "you said general. A told election never overrides the file. Scan it as a primary election?"
    ) in said
    assert "--" not in said  # Slack's words, not the command line's
    (actions,) = [b for b in blocks if b["type"] == "actions"]
    (button,) = actions["elements"]
    assert button["text"]["text"] == "Scan as primary"
    assert fake.to("files.completeUploadExternal") == []  # no report before the answer

    assert dispatch(app, payload_body(clicked(fake, button["value"], "primary"))).status == 200
    assert after_ack.drain(timeout=10)
    (answered,) = fake.to("respond/election")
    assert answered.body["text"] == f"Scanning again as a primary election (chosen by <@{USER}>)."
    summary = block_texts(blocks_of(fake.to("chat.update")[-1].body))
    assert "Read as a primary election, as given." in summary
    assert "0 recount available" in summary  # each party's nominee unopposed, not one race
