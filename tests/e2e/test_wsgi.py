"""The production entry: gunicorn with our config serves bot.server.wsgi:application."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack, command_body, signed_headers
from ..postgres import cluster_not_started
from ..servers import ROOT, env_without_slack, free_port, oversized_answers, post, serving

# Slow (server processes): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_gunicorn_serves_the_wsgi_app_with_our_config(fake: FakeSlack) -> None:
    port, logs = free_port(), list[str]()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
    with serving(argv, port, fake, logs, PORT=str(port), WEB_CONCURRENCY="1") as base:
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        status, text = post(f"{base}/slack/events", body, signed_headers(body))
        assert status == 200 and json.loads(text)["response_type"] == "in_channel"
        status, _ = post(f"{base}/slack/events", body, signed_headers(body, secret="wrong"))
        assert status == 401
        # 1.2 MB interaction bodies, sent whole: every client reads its 413 (no reset)
        assert oversized_answers(f"{base}/slack/events", 10, 1_200_000) == [413] * 10
    assert BOT_TOKEN not in logs[0] and SIGNING_SECRET not in logs[0]
    assert '"msg": "request"' in logs[0]  # structured request lines with their ids


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (
            {"ok": False, "error": "invalid_auth"},
            "error: Slack rejected SLACK_BOT_TOKEN (invalid_auth)",
        ),
        (None, "error: cannot reach"),
    ],
)
def test_gunicorn_with_a_rejected_token_stops_in_its_master_with_one_line(
    fake: FakeSlack, answer: dict[str, object] | None, said: str
) -> None:
    port = free_port()
    if answer is not None:
        fake.answers["auth.test"] = answer
        api = fake.api_url
    else:
        api = f"http://127.0.0.1:{free_port()}/api/"  # nobody listens: Slack unreachable
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    started = time.monotonic()
    done = subprocess.run(
        [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"],
        env=env_without_slack(
            SLACK_BOT_TOKEN="xoxb-fake",
            SLACK_SIGNING_SECRET=SIGNING_SECRET,
            SLACK_API_URL=api,
            PORT=str(port),
            WEB_CONCURRENCY="2",
        ),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2 and time.monotonic() - started < 10
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines == [lines[0]] and lines[0].startswith(said), done.stderr
    assert "Booting worker" not in done.stderr and "Traceback" not in done.stderr
    assert len(fake.to("auth.test")) <= 1  # checked once, in the master


def test_host_and_port_say_where_gunicorn_listens(fake: FakeSlack) -> None:
    port, logs = free_port(), list[str]()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
    with serving(argv, port, fake, logs, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="1"):
        pass
    assert f"Listening at: http://127.0.0.1:{port}" in logs[0]


def test_a_gunicorn_start_and_stop_logs_no_traceback_no_error_and_no_alembic_info(
    fake: FakeSlack, tmp_path: Path
) -> None:
    port, logs = free_port(), list[str]()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
    database = f"sqlite:///{tmp_path / 'recount.db'}"
    # the unit's settings: loopback, its port, a SQLite watch database, two workers
    unit = {"HOST": "127.0.0.1", "PORT": str(port), "RECOUNT_DATABASE_URL": database}
    with serving(argv, port, fake, logs, WEB_CONCURRENCY="2", **unit) as base:
        body = command_body("county Smith 1204 Jones 1199", fake.response_url())
        assert post(f"{base}/slack/events", body, signed_headers(body))[0] == 200
    log = logs[0]
    assert "Traceback" not in log and "Logging error" not in log, log
    assert '"level": "ERROR"' not in log and "[ERROR]" not in log, log
    assert '"logger": "alembic' not in log, log  # alembic at WARNING unless LOG_LEVEL=DEBUG
    # gunicorn's own lines too: every line one JSON object (issue 36)
    lines = [line for line in log.splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]
    assert {"gunicorn.error", "recount"} <= {e["logger"] for e in entries}, log
    assert any("Booting worker" in e["msg"] for e in entries), log


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_readyz_follows_the_database_down_then_up(fake: FakeSlack, tmp_path: Path) -> None:
    with cluster_not_started() as (database, start):
        port, logs = free_port(), list[str]()
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        argv = [gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "bot.server.wsgi:application"]
        env = {"PORT": str(port), "WEB_CONCURRENCY": "1", "RECOUNT_DATABASE_URL": database}
        with serving(argv, port, fake, logs, **env) as base:
            assert _status(f"{base}/healthz") == 200  # alive, whatever the database does
            assert _status(f"{base}/readyz") == 503
            start()  # PostgreSQL comes up after the server
            deadline = time.monotonic() + 30
            while _status(f"{base}/readyz") != 200:
                assert time.monotonic() < deadline, "never ready after the database came up"
                time.sleep(0.5)
            # a watch started now runs on that database (the server's own poller shares it)
            folder = tmp_path / "results"
            folder.mkdir()
            (folder / "t.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,890\n")
            watched = subprocess.run(
                [sys.executable, "-m", "bot", "watch", str(folder), "--once", "--db", database],
                capture_output=True,
                text=True,
                timeout=60,
                cwd=ROOT,
            )
            assert watched.returncode == 0, watched.stderr
            assert watched.stdout.startswith("Scanned 1 file (plain-table)")
        log = logs[0]
        # one line when it fails, one when it comes back; no traceback, no ERROR
        assert log.count("watching waits for the database") == 1, log
        assert "poller started" in log and "Traceback" not in log
        assert '"level": "ERROR"' not in log
