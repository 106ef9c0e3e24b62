"""Every command the README shows, run as a user runs it (issue 31, item 6).

The README's fenced blocks are read; a block is a command block by its content (a line that
starts with a program: `.venv/bin/recount`, `python`, `make`, `curl`, a path), the quick
syntax block by its lines all starting with a kind, and the slash commands are the
`/recount ...` code spans. Each command is one test, run as a real process in a temporary
working directory where the README's file names exist, with HOME and the XDG folders there
too (so the watch database is a fresh SQLite file of that test's own), against the shared
fixtures and local servers on loopback: nothing reaches the internet.

A command fails when it exits other than 0, prints a traceback or "something went wrong",
prints nothing and writes no file, leaves a file it names (`--pdf FILE`) unwritten, or, shown
with a canvass date, answers "deadline passed" or lacks `--today` (the README's examples must
not go stale as the calendar moves). A line that looks like a command and that this module
does not know how to run fails too: a new README command cannot escape unnoticed. What is
not run is listed below with the reason (EXEMPT_LINES, EXEMPT_MAKE, EXEMPT_SLASH).

tests/cross/test_readme.py already checks, in-process, that the sample verdict, the JSON, the
Slack message, the work, the reminder and the scan's sample are what the code prints; this
module checks that every command runs as shown.
"""

from __future__ import annotations

import contextlib
import http.server
import os
import pty
import re
import shlex
import shutil
import signal
import sqlite3 as sqlite
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import pytest

from bot.cli import build_parser
from domain import KINDS

from ..fake_slack import BOT_TOKEN, SIGNING_SECRET, FakeSlack
from ..handlers.results.fixtures import COUNTY_WORKBOOKS, need
from ..servers import ROOT, free_port, wait_healthy

# Slow (processes): `make quick` leaves it out.
pytestmark = pytest.mark.slow

README: Final = ROOT / "README.md"
VENV: Final = Path(sys.executable).parent.parent  # the venv running the tests: `.venv`
TODAY: Final = "2026-11-18"  # the day the Slack texts are checked on (the README's example)
CASCADE: Final = COUNTY_WORKBOOKS / "CTYALL Results(7).xlsx"  # Cascade County's workbook

# --- what stands in for the README's placeholders ------------------------------------------

# The README's file names, and the fixture put under that name in the working directory.
FILES: Final[dict[str, Path]] = {
    "CTYALL Results(1).xlsx": COUNTY_WORKBOOKS / "CTYALL Results(1).xlsx",
    "CTYALL Results(2).xlsx": COUNTY_WORKBOOKS / "CTYALL Results(2).xlsx",
    "CTYALL Results(7).xlsx": CASCADE,  # the kit's "Cascade County CLERK AND RECORDER"
    "results/": COUNTY_WORKBOOKS,  # a folder: the 56 county workbooks of the 2022 general
    "results.xlsx": CASCADE,
    "NEW.xlsx": CASCADE,  # the later reading; OLD.xlsx is an earlier count of it (below)
    "gunicorn.conf.py": ROOT / "gunicorn.conf.py",  # `gunicorn -c gunicorn.conf.py`
}
OLD_READING: Final = "OLD.xlsx"
# The README's "..." and secrets, each replaced by what this test runs instead; a "..." left
# in a command after these fails the test (a placeholder nobody said how to fill).
DOTS: Final[dict[str, tuple[str, str]]] = {
    '"CTYALL Results(1).xlsx" ...': (
        '"CTYALL Results(1).xlsx" "CTYALL Results(2).xlsx"',
        "more county workbooks: a second one of the 2022 general",
    ),
    "python -m bot check ...": (
        f"python -m bot check --today {TODAY} county Smith 1204 Jones 1199 canvass 2026-11-16",
        "the README's sample check",
    ),
    "https://electionresults.mt.gov/...": (
        "{results_url}",
        "Cascade County's workbook, served on loopback by this test",
    ),
    "SLACK_BOT_TOKEN=xoxb-...": (f"SLACK_BOT_TOKEN={BOT_TOKEN}", "the fake Slack's token"),
    "SLACK_SIGNING_SECRET=...": (
        f"SLACK_SIGNING_SECRET={SIGNING_SECRET}",
        "the fake Slack's signing secret",
    ),
}
PORT_SHOWN: Final = "3000"  # the README's port; each server test takes a free one instead

# --- what is not run, and why --------------------------------------------------------------

EXEMPT_LINES: Final[dict[str, str]] = {
    "set -a; . /etc/recount/recount.env; set +a": "reads the operator's filled-in env file; "
    "the servers below get the fake Slack's credentials in its place",
    "deploy/install.sh": "as root: makes the recount user, /opt/recount and a systemd unit "
    "(tests/e2e/test_deploy.py runs what the unit runs)",
    "$EDITOR /etc/recount/recount.env": "an interactive editor on the operator's env file",
    "systemctl enable --now recount": "needs root and systemd on the machine",
    "systemctl status recount": "needs root and systemd on the machine",
}
EXEMPT_MAKE: Final[dict[str, str]] = {
    "test": "it is this test suite (with ruff and mypy): run from a test it would run this "
    "test again, recursively; CI runs it (.ci/run)",
    "quick": "the fast suite of the same tests, about 40 s: run by developers, and every test "
    "it runs also runs in make test",
    "e2e": "the tests in tests/e2e/, this module among them: it would run itself",
    "fmt": "rewrites the checkout in place; make lint (in make test) runs the same tools",
    "migration": "writes a new migration file into the checkout; tests/bot/store checks the "
    "models and the migrations agree",
    "bench": "about a minute of load; CI runs make bench-smoke, one short pass of every part",
    "lock": "resolves the dependencies afresh from the package index (the network) and "
    "rewrites requirements.lock",
}
EXEMPT_SLASH: Final[dict[str, str]] = {
    "": "opens the form: a Slack view, not a check (tests/handlers/slack/check)",
    "watch": "starts, lists or stops a channel's watch: the command line's recount watch "
    "lines are run above, the Slack side is tested through the fake Slack",
}

# --- reading the README ---------------------------------------------------------------------

PROGRAMS: Final = frozenset(
    {"recount", "python", "python3", "make", "curl", "gunicorn", "systemctl", "set", "sudo"}
    | {"docker", "sqlite3", "pip", "pipx", "git", "cd", "export", "pytest", "uv", "bash", "sh"}
)
SUBCOMMANDS: Final = frozenset(build_parser()[1])
PATHLIKE: Final = re.compile(r"^(?:\.{0,2}/\S*|\$\S+|[\w.-]+/[\w./-]+)$")
ASSIGNMENT: Final = re.compile(r"^[A-Z_][A-Z0-9_]*=\S*$")
KIND_WORDS: Final = frozenset(
    word for info in KINDS.values() for word in (info.kind.value, *info.aliases)
)
STALE: Final = re.compile(
    r'DEADLINE PASSED|Deadline passed —|"outcome": "deadline_passed"|\b[1-9]\d* deadline passed'
)
DATED: Final = re.compile(r"(?:^|\s)(?:--)?(?:state-)?canvass\b")


@dataclass(frozen=True)
class Shown:
    """One command as the README shows it."""

    text: str  # the command, without its comment
    comment: str
    line: int  # where it starts in README.md
    how: str  # "shell", "quick syntax" (a check's text) or "slash" (a /recount text)
    server: str = ""  # for a curl line: the server line of its block that it asks


def fenced_blocks(text: str) -> Iterator[tuple[int, str, list[str]]]:
    """(line of the opening fence, its language, the lines) of every fenced block."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opening = lines[i].strip()
        if opening.startswith("```"):
            body, j = [], i + 1
            while not lines[j].strip().startswith("```"):
                body.append(lines[j])
                j += 1
            yield i + 1, opening[3:].strip(), body
            i = j
        i += 1


def split_comment(line: str) -> tuple[str, str]:
    """The command and its comment: a `#` outside quotes that starts a word."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def program(text: str) -> str:
    """The first word after any VAR=value assignments."""
    words = [w for w in text.split() if not ASSIGNMENT.match(w)]
    return words[0] if words else ""


def looks_like_a_command(text: str) -> bool:
    """A line that starts with a program (`recount` only before one of its commands or an
    option: the quoted statute has a line that starts "recount will change")."""
    words = [w for w in text.split() if not ASSIGNMENT.match(w)]
    if not words:
        return False
    if words[0].split("/")[-1] == "recount":
        return words[1:2] == [] or words[1] in SUBCOMMANDS or words[1].startswith("-")
    return words[0].split("/")[-1] in PROGRAMS or bool(PATHLIKE.match(words[0]))


def commands_in_block(start: int, body: list[str]) -> list[Shown] | None:
    """The commands of a command block (None: not one), with those its comments name
    (`recount check --help` in backquotes, "or: .venv/bin/recount run")."""
    logical: list[tuple[int, str, str]] = []  # (line, command, comment)
    for offset, raw in enumerate(body, start=start + 1):
        command, comment = split_comment(raw.strip())
        if not command and logical:  # a comment that continues the one above
            number, text, said = logical[-1]
            logical[-1] = (number, text, f"{said} {comment}".strip())
        elif logical and logical[-1][1].endswith("\\"):  # a continued command
            number, text, said = logical[-1]
            logical[-1] = (number, f"{text[:-1].rstrip()} {command}", f"{said} {comment}".strip())
        elif command:
            logical.append((offset, command, comment))
    if not any(looks_like_a_command(text) for _, text, _ in logical):
        return None
    found: list[Shown] = []
    server = ""
    for number, text, comment in logical:
        if not looks_like_a_command(text):
            pytest.fail(
                f"README.md line {number}: {text!r} stands in a command block but does not "
                "look like a command this test knows (PROGRAMS): teach the test to run it"
            )
        if " serve --http --port " in f" {text} ":
            server = text
        asks = server if program(text) == "curl" else ""
        found.append(Shown(text, comment, number, "shell", asks))
        for named in re.findall(r"`(recount [^`]+)`", comment):
            found.append(Shown(f".venv/bin/{named}", "", number, "shell"))
        alternative = re.match(r"or: (\S.*)$", comment)
        if alternative:
            found.append(Shown(alternative.group(1), "", number, "shell"))
    return found


def readme_commands(text: str) -> list[Shown]:
    found: list[Shown] = []
    for start, language, body in fenced_blocks(text):
        if language:  # ```json: an output
            continue
        lines = [line.strip() for line in body if line.strip()]
        if lines and all(line.split()[0].lower() in KIND_WORDS for line in lines):
            found += [
                Shown(line, "", start + 1 + n, "quick syntax")
                for n, line in enumerate(body)
                if line.strip()
            ]
            continue
        found += commands_in_block(start, body) or []
    blocks = [m.span() for m in re.finditer(r"^\s*```.*?^\s*```", text, flags=re.S | re.M)]
    for match in re.finditer(r"`/recount\b([^`]*)`", text):
        if not any(start <= match.start() < end for start, end in blocks):
            line = text.count("\n", 0, match.start()) + 1
            found.append(Shown(match.group(1).strip(), "", line, "slash"))
    unique: dict[tuple[str, str], Shown] = {}
    for shown in found:  # `make test` is shown twice: run once
        unique.setdefault((shown.how, shown.text), shown)
    return list(unique.values())


def case_id(shown: Shown) -> str:
    text = {"shell": "{}", "quick syntax": "check '{}'", "slash": "/recount {}"}[shown.how]
    return text.format(shown.text).replace(".venv/bin/", "").strip()


COMMANDS: Final = readme_commands(README.read_text(encoding="utf-8"))

# --- running one -----------------------------------------------------------------------------


@dataclass
class Ran:
    code: int | None
    out: str
    err: str
    written: list[str] = field(default_factory=list)


def user_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a user at a fresh account: none of the test run's Slack, recount,
    make or proxy settings; HOME and the XDG folders in the test's own directory."""
    dropped = ("SLACK_", "RECOUNT_", "XDG_", "PYTEST_", "MAKE", "MFLAGS")
    proxies = {"http_proxy", "https_proxy", "all_proxy", "no_proxy"}
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(dropped)
        and key.lower() not in proxies
        and key not in {"HOME", "PORT", "HOST", "LOG_LEVEL", "WEB_CONCURRENCY"}
    }
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        NO_PROXY="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def earlier_count(path: Path) -> None:
    """OLD.xlsx: Cascade's workbook as an earlier count, 100 votes fewer for RINA FONTANA
    MOORE in its first precinct (and in its TOTALS row), so the clerk and recorder's margin
    was 130 (the 13-16-211 band) and is 30 (the recount band) in NEW.xlsx."""
    edits = {
        b'<x:c r="C8" s="1" t="n"><x:v>113</x:v>': b'<x:c r="C8" s="1" t="n"><x:v>13</x:v>',
        b'<x:c r="C31" s="1" t="n"><x:v>14301</x:v>': b'<x:c r="C31" s="1" t="n"><x:v>14201</x:v>',
    }
    with zipfile.ZipFile(need(CASCADE)) as source, zipfile.ZipFile(path, "w") as earlier:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet23.xml":  # the clerk and recorder
                for before, after in edits.items():
                    assert data.count(before) == 1, before
                    data = data.replace(before, after)
            earlier.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED)


def filled(text: str, **values: str) -> str:
    for shown, (instead, _why) in DOTS.items():
        text = text.replace(shown, instead)
    text = text.format(**values) if "{" in text else text
    assert "..." not in text, f"a placeholder no substitution fills (DOTS): {text}"
    assert "https://" not in text, f"a URL this test would fetch from the internet: {text}"
    return text


def working_dir(tmp_path: Path, words: list[str]) -> Path:
    """The directory a command runs in: `.venv` (the venv running the tests) and every file
    the command names under the README's name."""
    cwd = tmp_path / "work"
    cwd.mkdir()
    (cwd / ".venv").symlink_to(VENV, target_is_directory=True)
    outputs = {words[i + 1] for i, word in enumerate(words[:-1]) if word == "--pdf"}
    for word in words:
        if word in FILES:
            (cwd / word.rstrip("/")).symlink_to(need(FILES[word]))
        elif word == OLD_READING:
            earlier_count(cwd / word)
        elif re.search(r"\.(xlsx|csv|zip)$|^\w+/$", word) and not (
            word in outputs or "://" in word
        ):
            pytest.fail(f"the README names {word!r}, for which this test has no fixture (FILES)")
    return cwd


def files_in(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def finish(process: subprocess.Popen[str], out: Path, err: Path, timeout: float) -> Ran:
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"still running after {timeout} s: {out.read_text()[-2000:]}")
    return Ran(process.returncode, out.read_text(), err.read_text())


def started(
    argv: list[str], cwd: Path, env: dict[str, str], logs: Path, stdin: int = subprocess.DEVNULL
) -> subprocess.Popen[str]:
    logs.mkdir(exist_ok=True)
    return subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdin=stdin,  # by default nothing: a console reads the end of its input at once
        stdout=(logs / "out").open("w"),
        stderr=(logs / "err").open("w"),
        text=True,
        start_new_session=True,  # a signal to it reaches it alone, not the test run
    )


def run(argv: list[str], cwd: Path, env: dict[str, str], logs: Path, timeout: float = 60) -> Ran:
    before = files_in(cwd)
    ran = finish(started(argv, cwd, env, logs), logs / "out", logs / "err", timeout)
    ran.written = sorted(files_in(cwd) - before)
    return ran


def until(condition: str, path: Path, process: subprocess.Popen[str], seconds: float) -> None:
    """Waits until `path` (a process's output) holds `condition`."""
    deadline = time.monotonic() + seconds
    while condition not in path.read_text():
        assert process.poll() is None, f"exited {process.returncode}: {path.read_text()}"
        assert time.monotonic() < deadline, f"no {condition!r} after {seconds} s"
        time.sleep(0.05)


def interrupted(process: subprocess.Popen[str], logs: Path, how: signal.Signals) -> Ran:
    process.send_signal(how)
    # What is asserted is a clean exit, not its speed (tests/e2e/test_watcher.py times a
    # stop): the round in hand finishes first, and a 56-file round on a 2-core machine under
    # another suite's load (load average 8) took more than 30 s to be kept and closed.
    return finish(process, logs / "out", logs / "err", 120)


@dataclass
class Served:
    """A results file on loopback, and the requests it answered."""

    url: str
    requests: list[str]


@pytest.fixture
def results_server() -> Iterator[Served]:
    body = need(CASCADE).read_bytes()
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            requests.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", "Wed, 23 Nov 2022 17:16:06 GMT")
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield Served(f"http://127.0.0.1:{server.server_address[1]}/CTYALL_Results.xlsx", requests)
    server.shutdown()
    server.server_close()


def assert_clean(ran: Ran, shown: Shown, expected: int = 0) -> None:
    said = ran.out + ran.err
    where = (
        f"README.md line {shown.line}: {shown.text}\n--- stdout\n{ran.out}\n--- stderr\n{ran.err}"
    )
    assert ran.code == expected, where
    assert "Traceback" not in said, where
    assert "something went wrong" not in said.lower(), where
    assert said.strip() or ran.written, f"no output and no file written: {where}"


def assert_current(ran: Ran, shown: Shown) -> None:
    """A command shown with a canvass date gives the verdict the README means whatever the
    date: it carries --today, and its answer is not a deadline passed."""
    if DATED.search(shown.text):
        assert "--today" in shown.text, f"README.md line {shown.line} needs --today: {shown.text}"
    stale = STALE.search(ran.out + ran.err)
    assert stale is None, f"README.md line {shown.line} says {stale and stale.group()!r}"


# --- the tests -------------------------------------------------------------------------------


def by_how(*hows: str) -> list[object]:
    cases: list[object] = []
    for shown in COMMANDS:
        if shown.how not in hows:
            continue
        cases.append(pytest.param(shown, id=case_id(shown)))
    return cases


@pytest.mark.parametrize("shown", by_how("shell"))
def test_the_readme_command_runs(
    shown: Shown, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if shown.text in EXEMPT_LINES:
        pytest.skip(f"not run: {EXEMPT_LINES[shown.text]}")
    home, logs = tmp_path / "home", tmp_path / "logs"
    if program(shown.text) == "make":  # run in the checkout, or shown only (make -n)
        return run_make(shown, shlex.split(shown.text), user_env(home), logs)
    served: Served | None = None
    if "https://" in shown.text:
        served = request.getfixturevalue("results_server")
    text = filled(shown.text, results_url=served.url if served else "")
    words = shlex.split(text)
    assigned = 0
    while ASSIGNMENT.match(words[assigned]):
        assigned += 1
    env = user_env(home, **dict(w.split("=", 1) for w in words[:assigned]))
    words = words[assigned:]
    if words[0] == "curl":
        return run_curl(shown, words, tmp_path, request.getfixturevalue("fake"))
    cwd = working_dir(tmp_path, words)
    if words[0] == ".venv/bin/gunicorn":
        return run_server(shown, words, cwd, env, logs, request.getfixturevalue("fake"))
    if words[0] == ".venv/bin/recount":
        args = words[1:]
    elif words[:3] == ["python", "-m", "bot"]:
        words[0] = sys.executable  # "inside the venv"
        args = words[3:]
    else:
        pytest.fail(
            f"README.md line {shown.line}: no way to run {shown.text!r}: teach this test, or "
            "list it in EXEMPT_LINES with the reason"
        )
    command = args[0] if args else ""
    if command in {"serve", "run"} and "--self-test" not in args:
        return run_server(shown, words, cwd, env, logs, request.getfixturevalue("fake"))
    listing = args[1:2] in (["list"], ["stop"])  # watch list, watch stop N: no live watch
    if command == "watch" and not listing and not {"--once", "--history"} & set(args):
        process = started(words, cwd, env, logs)
        until("Scanned ", logs / "out", process, 60)  # the first round's report
        ran = interrupted(process, logs, signal.SIGINT)  # Ctrl-C
        assert_clean(ran, shown)
        assert "stopped" in ran.err
        assert (home / ".local" / "share" / "recount" / "recount.db").is_file()
        return None
    if args[:2] == ["watch", "stop"]:  # the watch it stops: one round of a file, first
        first = run([*words[:-2], str(CASCADE), "--once"], cwd, env, tmp_path / "first")
        assert first.code == 0, first.err
    ran = run(words, cwd, env, logs)
    assert_clean(ran, shown)
    for i, word in enumerate(args[:-1]):
        if word == "--pdf":
            assert (cwd / args[i + 1]).read_bytes().startswith(b"%PDF-"), args[i + 1]
    if command == "watch":
        assert (home / ".local" / "share" / "recount" / "recount.db").is_file()  # its own
        if served is not None:  # the URL was read, not skipped
            assert served.requests, f"the watch asked nothing of {served.url}"
            assert "0 files read" not in ran.out + ran.err
            assert "reads files only" not in ran.out + ran.err
        return None  # a watch is live: its rounds are as of the day they run
    if "--against" in args:  # OLD.xlsx is the earlier count: the one change is found
        assert "1 change since the earlier reading (OLD.xlsx)" in ran.out, ran.out
    assert_current(ran, shown)
    return None


def run_make(shown: Shown, words: list[str], env: dict[str, str], logs: Path) -> None:
    """`make TARGET` in the checkout, with the interpreter that built its venv (PYTHON), so
    that make finds the venv current and never rebuilds it."""
    target = words[1]
    built = ROOT / ".venv" / ".python"
    if not built.is_file():
        pytest.skip("the checkout's .venv was not made by make: make would build one")
    recorded = built.read_text().split()
    env["PYTHON"] = recorded[-1]
    asked = subprocess.run(
        [recorded[-1], "-c", "import sys; print(sys.version.split()[0], sys.executable)"],
        capture_output=True,
        text=True,
        check=False,
    )
    runtime = (ROOT / ".venv" / ".runtime").stat().st_mtime if target == "run" else 0
    pinned = max((ROOT / f).stat().st_mtime for f in ("pyproject.toml", "requirements.lock"))
    if asked.stdout.split() != recorded or (target == "run" and runtime < pinned):
        pytest.skip("the checkout's .venv is not current: make would rebuild it")
    if target in EXEMPT_MAKE:
        dry = subprocess.run(
            ["make", "-n", *words[1:]], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert dry.returncode == 0, dry.stderr  # the target is there (make -n runs nothing)
        pytest.skip(f"make {target} not run: {EXEMPT_MAKE[target]}")
    assert target == "run", f"README.md line {shown.line}: no way to run {shown.text!r} here"
    # No Slack variables: the console, which opens only at a terminal; then Ctrl-D.
    terminal, console = pty.openpty()
    try:
        process = started(["make", "run"], ROOT, env, logs, stdin=console)
        os.close(console)
        until("recount console", logs / "out", process, 60)
        os.write(terminal, b"\x04")
        ran = finish(process, logs / "out", logs / "err", 30)
    finally:
        os.close(terminal)
    assert_clean(ran, shown)


def run_server(
    shown: Shown, words: list[str], cwd: Path, env: dict[str, str], logs: Path, fake: FakeSlack
) -> None:
    """A server as shown, with the fake Slack's credentials where the env file has the real
    ones, on a free port; it answers /healthz, then Ctrl-C stops it with exit 0."""
    port = str(free_port())
    words = [word.replace(PORT_SHOWN, port) for word in words]
    env.setdefault("SLACK_BOT_TOKEN", BOT_TOKEN)
    env.setdefault("SLACK_SIGNING_SECRET", SIGNING_SECRET)
    env.update(SLACK_API_URL=fake.api_url, PORT=port, WEB_CONCURRENCY="1")
    if "HOST" in env:
        env["HOST"] = "127.0.0.1"
    process = started(words, cwd, env, logs)
    wait_healthy(f"http://127.0.0.1:{port}", process)
    ran = interrupted(process, logs, signal.SIGINT)
    assert_clean(ran, shown)


def run_curl(shown: Shown, words: list[str], tmp_path: Path, fake: FakeSlack) -> None:
    """A curl line against the server its block starts (its `serve --http --port` line),
    which must print what the comment says it prints. /readyz answers 503 until the
    database answers: asked again until then, as a health check would."""
    expected = re.match(r"prints: (\S+)", shown.comment)
    assert expected, f"README.md line {shown.line}: say what it prints (# prints: ...)"
    assert shown.server, f"README.md line {shown.line}: no server line above this curl"
    server = shlex.split(shown.server)
    port = str(free_port())
    server = [word.replace(PORT_SHOWN, port) for word in server]
    cwd = working_dir(tmp_path, server)
    env = user_env(
        tmp_path / "home",
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=fake.api_url,
    )
    logs = tmp_path / "server"
    process = started(server, cwd, env, logs)
    try:
        wait_healthy(f"http://127.0.0.1:{port}", process)
        curl = shutil.which("curl")
        if curl is None:
            pytest.skip("curl is not installed here")
        argv = [curl, *[word.replace(PORT_SHOWN, port) for word in words[1:]]]
        deadline = time.monotonic() + 15
        while True:
            ran = run(argv, cwd, env, tmp_path / "curl")
            if ran.code == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert_clean(ran, shown)
        assert ran.out.strip() == expected.group(1)
    finally:
        interrupted(process, logs, signal.SIGINT)


@pytest.mark.parametrize("shown", by_how("quick syntax"))
def test_the_quick_syntax_examples_are_checks(shown: Shown, tmp_path: Path) -> None:
    """Each line of the quick syntax block is a check's text: recount check gives a verdict
    (as of the README's day; some examples are of 2018 and 2022, so no outcome is asked)."""
    argv = [str(VENV / "bin" / "recount"), "check", "--today", TODAY, shown.text]
    tmp_path.joinpath("work").mkdir()
    ran = run(argv, tmp_path / "work", user_env(tmp_path / "home"), tmp_path / "logs")
    assert_clean(ran, shown)


@pytest.mark.parametrize("shown", by_how("slash"))
def test_the_slash_commands_shown_are_checks(shown: Shown, tmp_path: Path) -> None:
    """A `/recount TEXT` the README shows is checked through `recount check TEXT` (the text
    after /recount is exactly what goes after check), as of the README's day."""
    first = shown.text.split()[0] if shown.text else ""
    if first in EXEMPT_SLASH:
        pytest.skip(f"not a check: {EXEMPT_SLASH[first]}")
    argv = [str(VENV / "bin" / "recount"), "check", "--today", TODAY, shown.text]
    tmp_path.joinpath("work").mkdir()
    ran = run(argv, tmp_path / "work", user_env(tmp_path / "home"), tmp_path / "logs")
    assert_clean(ran, shown)
    assert STALE.search(ran.out) is None


def test_the_readme_shows_what_this_test_runs() -> None:
    """The parser found the README's commands, and no exemption or substitution outlives
    the command it was written for."""
    texts = [shown.text for shown in COMMANDS]
    shell = [shown for shown in COMMANDS if shown.how == "shell"]
    assert len(shell) >= 25 and any(s.how == "quick syntax" for s in COMMANDS)
    for line in EXEMPT_LINES:
        assert line in texts, f"exempt, but no longer in the README: {line}"
    for target in EXEMPT_MAKE:
        assert any(t.startswith(f"make {target}") for t in texts), f"make {target}"
    for dots in DOTS:
        assert any(dots in text for text in texts), f"substitution for nothing: {dots}"


BACKUPS: Final = re.compile(r"`(\([^`]*(?:\.backup|pg_dump)[^`]*\))`")


def test_the_backup_lines_make_a_copy_only_its_owner_reads(tmp_path: Path) -> None:
    """The README's backups, run as shown from a shell whose umask is the common 022: the
    copy of the watch database is the operator's alone (0600), as the database is."""
    backups = BACKUPS.findall(README.read_text())
    assert [("pg_dump" in line) for line in backups] == [False, True]
    for line in backups:
        assert line.startswith("(umask 077;"), line  # the copy is made under it
    sqlite3 = shutil.which("sqlite3")
    assert sqlite3, "the sqlite3 command, which the README's backup line runs"
    database = tmp_path / "recount.db"
    with contextlib.closing(sqlite.connect(database)) as connection, connection:
        connection.execute("CREATE TABLE watch (id INTEGER PRIMARY KEY)")
        connection.execute("INSERT INTO watch VALUES (7)")
    done = subprocess.run(
        ["sh", "-c", f"umask 022; {backups[0]}"], cwd=tmp_path, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    (copy,) = tmp_path.glob("recount-*.db")
    assert (copy.stat().st_mode & 0o777) == 0o600
    with contextlib.closing(sqlite.connect(copy)) as connection:
        assert connection.execute("SELECT id FROM watch").fetchall() == [(7,)]
