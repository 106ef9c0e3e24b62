"""The production entry: gunicorn with our config serves bot.wsgi:application."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, command_body, signed_headers
from ..servers import ROOT, free_port, post, serving

# Slow (server processes): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_gunicorn_serves_the_wsgi_app_with_our_config(fake: FakeSlack) -> None:
    port, logs = free_port(), list[str]()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.wsgi:application"]
    with serving(argv, port, fake, logs, PORT=str(port), WEB_CONCURRENCY="1") as base:
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200 and json.loads(text)["response_type"] == "in_channel"
        status, _ = post(f"{base}/slack/events", body, signed_headers(body, secret="wrong"))
        assert status == 401
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]
    assert '"msg": "request"' in logs[0]  # structured request lines with their ids
