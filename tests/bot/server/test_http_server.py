"""HTTP mode through a real server on loopback: /healthz, /slack/events, signatures."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from bot.app import create_app
from bot.server.http_server import make_http_server
from handlers.slack.after_ack import AfterAck

from ...conftest import TODAY
from ...fake_slack import SIGNING_SECRET, FakeSlack, command_body, payload_body, signed_headers
from ...servers import post
from ...slack_helpers import settings_for


@pytest.fixture
def server(fake: FakeSlack, after_ack: AfterAck) -> Iterator[str]:
    app = create_app(settings_for(fake), today=lambda: TODAY, after_ack=after_ack)
    httpd = make_http_server(app, "127.0.0.1", 0, SIGNING_SECRET)
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_healthz_says_ok_and_nothing_else(server: str) -> None:
    with urllib.request.urlopen(f"{server}/healthz", timeout=5) as response:
        assert response.status == 200
        assert response.read() == b"ok\n"


def test_unknown_paths_are_404(server: str) -> None:
    status, _ = post(f"{server}/elsewhere", "x", {})
    assert status == 404


def test_signed_command_over_http_answers_in_channel(server: str, fake: FakeSlack) -> None:
    body = command_body("county Smith 1204 Jones 1199 canvass 11/16", fake.response_url())
    status, text = post(f"{server}/slack/events", body, signed_headers(body))
    assert status == 200
    answer = json.loads(text)
    assert answer["response_type"] == "in_channel"
    assert "13-16-201(1)" in json.dumps(answer["blocks"])


@pytest.mark.parametrize("how", ["wrong", "stale", "missing"])
def test_bad_signatures_over_http_get_401(
    server: str, fake: FakeSlack, after_ack: AfterAck, how: str
) -> None:
    body = command_body("county Smith 1204 Jones 1199", fake.response_url())
    headers = {
        "wrong": signed_headers(body, secret="nope"),
        "stale": signed_headers(body, timestamp=int(time.time()) - 3600),
        "missing": {"content-type": "application/x-www-form-urlencoded"},
    }[how]
    status, _ = post(f"{server}/slack/events", body, headers)
    assert status == 401
    assert after_ack.drain(timeout=5)
    assert fake.calls == []


def test_a_form_opened_through_one_server_is_accepted_by_another(fake: FakeSlack) -> None:
    """Scale-out: replicas share nothing but the secrets, so any one takes any request."""
    from ...slack_helpers import FORM_VALUES, view_payload

    pools = [AfterAck(), AfterAck()]
    servers = [
        make_http_server(
            create_app(settings_for(fake), today=lambda: TODAY, after_ack=pool),
            "127.0.0.1",
            0,
            SIGNING_SECRET,
        )
        for pool in pools
    ]
    threads = [
        threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05}) for s in servers
    ]
    for thread in threads:
        thread.start()
    try:
        first, second = (f"http://127.0.0.1:{s.server_port}/slack/events" for s in servers)
        body = command_body("", fake.response_url())
        assert post(first, body, signed_headers(body))[0] == 200
        assert pools[0].drain(timeout=10)
        opened = fake.wait_for("views.open")[0].body["view"]
        opened = json.loads(opened) if isinstance(opened, str) else opened
        submission = payload_body(view_payload(opened, FORM_VALUES))
        status, answer = post(second, submission, signed_headers(submission))
        assert (status, answer) == (200, "")  # accepted: the form closes
        assert pools[1].drain(timeout=10)
        assert fake.to("chat.postMessage")[0].body["channel"] == "C0CANVASS"
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()
