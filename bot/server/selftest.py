"""`recount serve --http --self-test`: the HTTP server as installed, tried offline.

An IT person who has just deployed wants to see it answer before Slack is pointed at it, and
without credentials or a network. This serves the real WSGI application (the gate, Bolt and
the listeners) on a free loopback port with throwaway credentials that never leave the
process, then asks it what Slack and a load balancer would: GET /healthz, GET /readyz, and a
signed `/recount help` command. One line each, and exit 0 when all answered as they should.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import urllib.error
import urllib.request
from typing import Final, TextIO
from urllib.parse import urlencode

from bot.app import create_app
from bot.server.http_server import EVENTS_PATH, HEALTH_PATH, make_http_server
from bot.settings import Settings
from handlers.slack.after_ack import AfterAck

TIMEOUT_S: Final = 10


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:
            return int(answer.status), answer.read().decode()
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode()


def _signed_command(url: str, secret: str) -> tuple[int, str]:
    body = urlencode(
        {
            "command": "/recount",
            "text": "help",
            "user_id": "U0SELFTEST",
            "channel_id": "C0SELFTEST",
            "team_id": "T0SELFTEST",
            "response_url": "",
            "trigger_id": "0.0.0",
        }
    )
    stamp = str(int(time.time()))
    mac = hmac.new(secret.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    request = urllib.request.Request(
        url,
        data=body.encode(),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Slack-Request-Timestamp": stamp,
            "X-Slack-Signature": f"v0={mac}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
            return int(answer.status), answer.read().decode()
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode()


def self_test(out: TextIO) -> int:
    """Serves the app on loopback and asks it; 0 when every answer is right, else 1."""
    secret = secrets.token_hex(16)
    settings = Settings.from_env(
        # throwaway credentials: the app never calls Slack for these requests
        {"SLACK_BOT_TOKEN": f"xoxb-selftest-{secrets.token_hex(8)}", "SLACK_SIGNING_SECRET": secret}
    )
    after_ack = AfterAck()
    app = create_app(settings, after_ack=after_ack, verified_upstream=True)
    server = make_http_server(app, "127.0.0.1", 0, secret)
    base = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, name="recount-selftest", daemon=True)
    thread.start()
    ok = True
    try:
        for what, (status, text), wanted in (
            ("GET /healthz", _get(base + HEALTH_PATH), 200),
            ("GET /readyz", _get(base + "/readyz"), 200),
            ("a signed /recount help", _signed_command(base + EVENTS_PATH, secret), 200),
        ):
            good = status == wanted and (what != "a signed /recount help" or "recount" in text)
            ok = ok and good
            out.write(f"{'ok  ' if good else 'FAIL'} {what}: {status}\n")
    finally:
        server.shutdown()
        server.server_close()
        after_ack.shutdown(wait=False)
    out.write(
        "The HTTP server answers as installed.\n"
        if ok
        else "The HTTP server did not answer as it should: see the lines above.\n"
    )
    return 0 if ok else 1
