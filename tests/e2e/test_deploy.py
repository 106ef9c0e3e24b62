"""What the image and the systemd unit run, run here: Docker cannot build on this machine,
so the container's command and health check and the unit's ExecStart are tested as such."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack
from ..servers import ROOT, env_without_slack, free_port, wait_healthy

# Slow (server processes): `make quick` leaves it out.
pytestmark = pytest.mark.slow

VENV_BIN = Path(sys.executable).parent


def dockerfile_instruction(name: str) -> str:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith(name + " ")]
    return line[len(name) + 1 :].strip()


def test_the_image_runs_gunicorn_as_a_non_root_user_with_a_health_check(fake: FakeSlack) -> None:
    import json

    command = json.loads(dockerfile_instruction("CMD"))
    assert command == ["gunicorn", "-c", "gunicorn.conf.py", "bot.server.wsgi:application"]
    assert dockerfile_instruction("USER") == "recount"
    health = dockerfile_instruction("HEALTHCHECK")
    probe = json.loads(health[health.index("CMD") + 3 :])
    port = free_port()
    env = env_without_slack(
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=fake.api_url,
        PORT=str(port),
        WEB_CONCURRENCY="1",
    )
    server = subprocess.Popen(
        [str(VENV_BIN / command[0]), *command[1:]],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: wait_healthy stops its workers if it fails
    )
    try:
        wait_healthy(f"http://127.0.0.1:{port}", server)
        checked = subprocess.run([sys.executable, *probe[1:]], env=env, timeout=30, check=False)
        assert checked.returncode == 0  # the image's HEALTHCHECK, run as written
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=40)
    assert server.returncode == 0


def test_the_units_exec_start_serves_with_the_example_env_file(fake: FakeSlack) -> None:
    unit = (ROOT / "deploy" / "recount.service").read_text()
    (exec_start,) = [
        line.split("=", 1)[1] for line in unit.splitlines() if line.startswith("ExecStart=")
    ]
    argv = shlex.split(exec_start)
    # gunicorn, as in the image; from the venv install.sh makes
    assert argv == [
        "/opt/recount/.venv/bin/gunicorn",
        "-c",
        "/opt/recount/gunicorn.conf.py",
        "bot.server.wsgi:application",
    ]
    assert "Environment=HOST=127.0.0.1 PORT=3000" in unit  # loopback, behind the proxy
    settings = {}
    for line in (ROOT / "deploy" / "recount.env.example").read_text().splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            settings[key] = value
    assert set(settings) == {"SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "PORT"}
    port = free_port()
    settings.update(
        HOST="127.0.0.1", PORT=str(port), SLACK_API_URL=fake.api_url, WEB_CONCURRENCY="1"
    )
    # the example's placeholders, left as they are: refused by name, one line, exit 2
    refused = subprocess.run(
        [str(VENV_BIN / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"), *argv[3:]],
        cwd=ROOT,
        env=env_without_slack(**settings),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert refused.returncode == 2
    assert refused.stderr.startswith(
        "error: SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET still hold the example's placeholder"
    )
    assert fake.to("auth.test") == []  # Slack not even asked
    # filled in: it serves
    settings.update(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_SIGNING_SECRET=SIGNING_SECRET)
    process = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"), *argv[3:]],
        cwd=ROOT,
        env=env_without_slack(**settings),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: wait_healthy stops its workers if it fails
    )
    wait_healthy(f"http://127.0.0.1:{port}", process)
    process.send_signal(signal.SIGTERM)  # systemd's KillSignal
    process.communicate(timeout=30)
    assert process.returncode == 0
    assert "KillSignal=SIGTERM" in unit and "TimeoutStopSec=30" in unit
    assert "RestartPreventExitStatus=2" in unit  # a rejected token is not restarted forever


def test_install_sh_installs_into_a_temporary_root(tmp_path: Path) -> None:
    prefix = tmp_path / "opt" / "recount"
    # The interpreter install.sh is given notes, each time it is asked (to make the new
    # venv), whether the venv in use still runs: a service importing lazily from it must
    # never find it gone while the new one is built.
    seen = tmp_path / "seen"
    python = tmp_path / "python"
    python.write_text(
        "#!/bin/sh\n"
        f"if {prefix}/.venv/bin/recount --version >/dev/null 2>&1; "
        f"then echo runs >> {seen}; else echo missing >> {seen}; fi\n"
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    install = [str(ROOT / "deploy" / "install.sh"), "--root", str(tmp_path), "--python"]
    done = subprocess.run([*install, str(python)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert seen.read_text() == "missing\n"  # the first install: nothing ran before
    env_file = tmp_path / "etc" / "recount" / "recount.env"
    assert (env_file.stat().st_mode & 0o777) == 0o600
    assert (tmp_path / "etc" / "systemd" / "system" / "recount.service").read_text() == (
        ROOT / "deploy" / "recount.service"
    ).read_text()
    assert not (prefix / "tests").exists() and not (prefix / "bench").exists()
    # no build artefacts left beside the code
    assert not (prefix / "build").exists() and not list(prefix.glob("*.egg-info"))
    # the venv is the installed one, not a developer's: .venv names a build under the
    # prefix, and its scripts point at that build
    assert (prefix / ".venv").is_symlink()
    first = prefix / "venvs" / Path(os.readlink(prefix / ".venv")).name
    gunicorn = (prefix / ".venv" / "bin" / "gunicorn").read_text().splitlines()[0]
    assert gunicorn == f"#!{first}/bin/python"
    # the code is the venv's alone: none beside it for gunicorn's working directory to prefer
    assert not (prefix / "bot").exists() and not (prefix / "domain").exists()
    assert (prefix / "gunicorn.conf.py").is_file()
    version = subprocess.run(
        [str(prefix / ".venv" / "bin" / "recount"), "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert version.stdout.startswith("recount 0.") and version.returncode == 0
    assert f"installed {version.stdout.strip()}" in done.stdout
    # pinned: what is installed is what requirements.lock says
    frozen = subprocess.run(
        [str(prefix / ".venv" / "bin" / "python"), "-m", "pip", "freeze"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    for pin in (ROOT / "requirements.lock").read_text().splitlines():
        if pin and not pin.startswith("#"):
            assert pin.lower() in frozen.lower(), pin
    # run again: the filled-in env file is kept
    env_file.write_text("SLACK_BOT_TOKEN=xoxb-filled-in\n")
    again = subprocess.run([*install, str(python)], capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and env_file.read_text() == "SLACK_BOT_TOKEN=xoxb-filled-in\n"
    # an upgrade: the first venv ran while the second was built, then .venv named the
    # second and the first was removed
    assert seen.read_text() == "missing\nruns\n"
    second = prefix / "venvs" / Path(os.readlink(prefix / ".venv")).name
    assert second != first and not first.exists()
    assert sorted(p.name for p in (prefix / "venvs").iterdir()) == [second.name]
    assert (prefix / ".venv" / "bin" / "recount").read_text().startswith(f"#!{second}/")


def test_the_images_data_folder_is_its_users_before_the_volume() -> None:
    """No Docker daemon runs here: the Dockerfile is read as written. The folder a named
    volume starts from must exist and belong to the image's user before VOLUME, or the
    database cannot be created in it."""
    text = (ROOT / "Dockerfile").read_text()
    volume = dockerfile_instruction("VOLUME")
    assert volume == '["/home/recount/data"]'
    made = text.index("install -d -o recount -g recount -m 700 /home/recount/data")
    assert made < text.index("VOLUME") and text.index("useradd") < made
    database = dockerfile_instruction("ENV")
    assert "RECOUNT_DATABASE_URL=sqlite:////home/recount/data/recount.db" in text, database
    # dependencies in a layer before the code: a code change does not reinstall them
    assert text.index("COPY requirements.lock") < text.index("COPY domain")
    assert text.index("pip install --no-cache-dir --quiet -r requirements.lock") < text.index(
        "COPY domain"
    )
    # its example listens on loopback and gives docker stop time for graceful_timeout
    assert "-p 127.0.0.1:3000:3000" in text and "--stop-timeout 30" in text


def test_the_unit_orders_after_postgresql_and_keeps_its_files_private() -> None:
    unit = (ROOT / "deploy" / "recount.service").read_text()
    assert "After=network-online.target postgresql.service" in unit
    assert "UMask=0077" in unit


def test_the_env_example_asks_for_nothing_the_lock_already_installs() -> None:
    """install.sh and the image install requirements.lock, psycopg among it: the example's
    PostgreSQL line must not send the operator to install it again."""
    example = (ROOT / "deploy" / "recount.env.example").read_text()
    pins = (ROOT / "requirements.lock").read_text().splitlines()
    assert any(pin.startswith("psycopg==") for pin in pins)
    postgres = example[
        example.index("# The watch database") : example.index("RECOUNT_DATABASE_URL")
    ]
    assert "install recount" not in postgres and "extra" not in postgres
    assert "requirements.lock" in postgres
