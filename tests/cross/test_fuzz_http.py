"""Fuzz over real HTTP: 10,000 generated slash-command texts and 500 malformed interaction
payloads, all signed, then hostile headers and bodies. No 500, no traceback in the log."""

from __future__ import annotations

import http.client
import io
import json
import logging
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlencode

import pytest

from bot.app import create_app
from bot.server.gate import MAX_BODY
from bot.server.http_server import make_http_server
from handlers.slack.after_ack import AfterAck
from handlers.syntax import KEYWORDS

from ..conftest import TODAY
from ..fake_slack import SIGNING_SECRET, FakeSlack, command_body, payload_body, signed_headers
from ..servers import oversized_answers, post
from ..slack_helpers import settings_for, signed_form, state, view_payload

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow

WORDS = [
    *KEYWORDS,
    "county", "question", "state-question", "canvass-error", "psc", "help", "seat", "totl",
    "Smith", "Jones", '"Mary', 'Smith"', "=", "1204", "1,199", "-5", "1.5", "12 040", "Nov",
    "16", "2026", "11/16", "2026-11-16", "0001-01-01", "9999-12-31", "13/45", "<!channel>",
    "<@U1>", "&lt;", "\x00", "\u202e", "é", "😀", "race", '"HD 22"', "write-ins", ":", "seats:",
]  # fmt: skip


@pytest.fixture
def server(fake: FakeSlack, after_ack: AfterAck) -> Iterator[str]:
    app = create_app(settings_for(fake), today=lambda: TODAY, after_ack=after_ack)
    httpd = make_http_server(app, "127.0.0.1", 0, SIGNING_SECRET)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/slack/events"
    httpd.shutdown()
    httpd.server_close()


def texts(n: int, seed: int = 13) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.1:
            out.append("".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(40))))
        else:
            out.append(" ".join(rng.choice(WORDS) for _ in range(rng.randrange(12))))
    return out


def malformed(n: int, fake: FakeSlack, seed: int = 7) -> list[str]:
    """Interaction bodies with their parts swapped for the wrong kind of thing."""
    rng = random.Random(seed)
    form = view_payload(signed_form("county"), state("county", candidates="A: 5\nB: 4"))
    select = view_payload(signed_form(), state("county"), kind="block_actions")
    button = {
        "type": "block_actions",
        "user": {"id": "U0CLERK"},
        "channel": {"id": "C0CANVASS"},
        "message": {"ts": "1.2"},
        "trigger_id": "t",
        "actions": [
            {"action_id": "adjust_recheck", "value": '{"kind":"county","canvass":"9999-12-31"}'}
        ],
    }
    wrong: list[Any] = ["x", 1, None, [], {}, {"a": 1}, [1, "x"], True, "9999-99-99", "<!here>"]
    bodies: list[str] = []
    for i in range(n):
        base = json.loads(json.dumps(rng.choice([form, select, button])))
        node = base
        path = []
        for _ in range(rng.randrange(1, 4)):  # walk into the payload, then break something
            if isinstance(node, dict) and node:
                key = rng.choice(list(node))
                path.append(key)
                if rng.random() < 0.5 or not isinstance(node[key], (dict, list)):
                    node[key] = rng.choice(wrong)
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                index = rng.randrange(len(node))
                node[index] = rng.choice(wrong) if rng.random() < 0.5 else node[index]
                break
        kind = i % 10
        if kind == 0:
            bodies.append(urlencode({"payload": "{not json"}))
        elif kind == 1:
            bodies.append(urlencode({"payload": json.dumps(rng.choice(wrong))}))
        elif kind == 2:
            bodies.append(
                urlencode(
                    {"payload": json.dumps({"type": "workflow_step_edit", "callback_id": "x"})}
                )
            )
        elif kind == 3:
            # several response_urls (or ones of the wrong shape): Bolt itself used to raise
            # while building its context, before any listener, and answer 500
            several = {"response_url": fake.response_url(), "channel_id": "C0CANVASS"}
            submission = json.loads(json.dumps(form))
            submission["response_urls"] = rng.choice(
                [[several, several], [several] * 3, "x", [1], [{"a": 1}], {"0": several}]
            )
            bodies.append(payload_body(submission))
        else:
            bodies.append(payload_body(base))
    return bodies


def test_ten_thousand_slash_commands_and_five_hundred_malformed_payloads(
    server: str, fake: FakeSlack, after_ack: AfterAck, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    bodies = [command_body(t, fake.response_url()) for t in texts(10_000)]
    bodies += malformed(500, fake)

    def send(body: str) -> int:
        return post(server, body, signed_headers(body))[0]

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(send, bodies))
    assert after_ack.drain(timeout=60)
    assert 500 not in statuses
    assert set(statuses) <= {200, 400, 404}
    assert statuses[:10_000].count(200) == 10_000  # every command gets its answer
    tracebacks = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert tracebacks == []


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"x-slack-request-timestamp": "abc"}, 401),
        ({"x-slack-request-timestamp": "1e3"}, 401),
        ({"x-slack-request-timestamp": ""}, 401),
        ({"x-slack-request-timestamp": "9" * 40}, 401),
        ({"x-slack-signature": "v0=" + "0" * 64}, 401),
        ({"x-slack-signature": "é"}, 401),
        ({"content-type": "application/json"}, 400),
    ],
)
def test_hostile_headers(
    server: str, fake: FakeSlack, headers: dict[str, str], status: int
) -> None:
    body = command_body("county A 5 B 4", fake.response_url())
    sent = {**signed_headers(body), **headers}
    assert post(server, body, sent)[0] == status


def test_an_oversized_body_gets_413_unread(
    server: str, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    host, port = server.split("//")[1].split("/")[0].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.putrequest("POST", "/slack/events")
    headers = signed_headers("county A 5 B 4")
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.putheader("Content-Length", str(5 * 1024 * 1024))
    connection.endheaders()  # a 5 MB body announced, and not one byte of it sent
    assert connection.getresponse().status == 413
    connection.close()


def test_ten_oversized_interaction_bodies_get_ten_413s(server: str) -> None:
    assert oversized_answers(server, 10, 1_200_000) == [413] * 10


def test_a_body_without_a_length_is_cut_at_the_limit() -> None:
    from bot.server.gate import read_body

    stream = io.BytesIO(b"x" * (MAX_BODY + 10))
    assert read_body({"wsgi.input": stream}) is None
    assert read_body({"wsgi.input": io.BytesIO(b"small"), "CONTENT_LENGTH": "5"}) == b"small"


@pytest.mark.parametrize(
    "raw",
    [b"\xff\xfe not utf-8", b"[]", b'"x"', b"payload=%FF%FE", b"{}"],
)
def test_bodies_that_are_not_slack_requests_get_400(server: str, raw: bytes) -> None:
    import urllib.request

    headers = signed_headers(raw.decode("latin-1"))
    timestamp = headers["x-slack-request-timestamp"]
    import hashlib
    import hmac

    from bot.server.gate import signed as _signed  # noqa: F401 - the signature is over the raw bytes

    headers["x-slack-signature"] = (
        "v0="
        + hmac.new(
            SIGNING_SECRET.encode(), b"v0:" + timestamp.encode() + b":" + raw, hashlib.sha256
        ).hexdigest()
    )
    request = urllib.request.Request(server, data=raw, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 400


def test_the_log_never_holds_what_was_typed(
    server: str, fake: FakeSlack, after_ack: AfterAck, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret_words = "Zyxwvutsrq 1204 Qponmlkjih 1199"
    body = command_body(f"county {secret_words}", fake.response_url())
    post(server, body, signed_headers(body))
    post(server, body, signed_headers(body, secret="wrong"))  # a bad signature too
    post(server, body, signed_headers(body, timestamp=int(time.time()) - 3600))
    assert after_ack.drain(timeout=10)
    logged = "\n".join(r.getMessage() + str(r.__dict__) for r in caplog.records)
    assert "Zyxwvutsrq" not in logged and "Qponmlkjih" not in logged


def test_a_view_submission_with_several_response_urls_gets_400_and_one_log_line(
    server: str, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    submission = view_payload(signed_form("county"), state("county", candidates="A: 5\nB: 4"))
    one = {"response_url": fake.response_url(), "channel_id": "C0CANVASS"}
    submission["response_urls"] = [one, one]
    body = payload_body(submission)
    assert post(server, body, signed_headers(body))[0] == 400
    refused = [r for r in caplog.records if "not the shape of a Slack request" in r.getMessage()]
    assert len(refused) == 1 and not any(r.exc_info for r in caplog.records)
    submission["response_urls"] = [one]  # one is what Slack sends when a form asks for it
    body = payload_body(submission)
    assert post(server, body, signed_headers(body))[0] == 200
