"""`make bench`: the bot against a bare Bolt app, and the scan against its floor, side by side.

For each server (started as its own process, served the same way):
  - start-up: process start to the first 200 from GET /healthz;
  - CPU time per request: the whole server process's user+system time over the load phase;
  - ack latency p50/p99 with 8 and 32 concurrent clients over loopback (signed /recount
    requests; the bot answers quick checks, the bare app only acks).
And the domain checker alone: checks per second on one core.
Prints the figures and ratios and writes bench/out/RESULTS.md (bench/RESULTS.md with --update).
"""

from __future__ import annotations

import compileall
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench.kit import report as kit_report
from bench.scan import RESULTS as FIXTURES
from bench.scan import report as scan_report
from bench.signed import QUICK_TEXTS, SECRET, signed
from bench.watch import report as watch_report

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "xoxb-bench"
REQUESTS = {8: 1500, 32: 1500}  # per concurrency level and server
STARTS = 5  # start-up is timed this many times; the median is reported
NOTES = """## What was fixed, and what remains

Profiled with cProfile on `app.dispatch` of a signed quick check, in one process:

- The listen backlog was socketserver's default of 5: at 32 clients both servers had a p99
  near 1 s (SYN retries) and refused connections. Now 1024 (`bot/server/http_server.py`).
- Bolt's default mode runs each listener in a thread pool and polls for the ack every
  10 ms; that cost about 0.4 ms CPU per request (bare) and 1 ms (bot) and set the p50.
  Both apps now run listeners inline (`process_before_response=True`); the bot's calls that
  follow an ack run in its own pool (`handlers/slack/after_ack.py`).
- Building the verdict with slack_sdk.models cost about 240 us per request (its `to_dict`
  re-discovers validators with `dir()` on each object). The hot path now writes the blocks
  as dicts; the tests validate every message shape with slack_sdk.models. Measured again
  for issue 35 as whole processes (`python -m bench.verdict_blocks dicts|models 2000`): the
  models add about 0.71 ms of CPU a verdict beside 0.64 ms for the whole quick check, so
  the dicts stay.
- `str.translate` with dict tables (escaping) and a character loop (tokenizing) cost about
  90 us; now chained `str.replace` and a split fast path.

Later (issue 18): behind the gate Bolt no longer verifies the signature a second time; the
gate reads a slash command's field names without decoding every value; a verdict's outcome
and its dates are computed once. In process that took a quick check from 0.415 to 0.365 ms.
Start-up: SQLAlchemy, Alembic and the Socket Mode adapter load only when needed, and the
watch database opens in a background thread.

Issue 36 (start-up 2.98-3.04x, CPU per quick check 1.81-1.91x when filed). Profiled with
`-X importtime` and cProfile from process start to `create_app`, then each change timed as
whole processes (a driver that starts the server, waits for `/healthz` and stops it), run
in turn with the code before it, medians of 7-9 pairs, on 2 cores shared with other work
(load average 9-12 throughout: every figure here is a busy machine's):
- The checkout ran with PYTHONDONTWRITEBYTECODE set, so the 139 modules of ours a server
  loads were compiled from source at every start, while the bare app's Bolt loads from the
  bytecode pip wrote. An install (install.sh, the image) has the bytecode too. The bench now
  compiles the code first (`compile_the_code`): start to `/healthz` 1,656 ms without it,
  1,272 ms with it (bare app 414 and 518 ms in the same spell).
- Bolt names an unnamed app from `inspect.stack()`, which reads the source lines of every
  frame: `create_app` names it. CPU of a whole start 1.21 s against 1.31 s (pairs 0.79-1.18x,
  median 0.92x); to `/healthz` 1,268 against 1,493 ms.
- The watch's thread (SQLAlchemy, Alembic, the migration check) costs about 0.55 s of CPU a
  start (a whole start without it 0.66 s against 1.22 s) but not the time to `/healthz`
  (1,116 against 1,073 ms): it stays in its thread. It is most of the idle CPU after start.
- CPU per quick check, profiled with cProfile on `app.dispatch`: the grammar tried each of
  its several-word keywords at every word (47.8 us a text; now looked up by the first word,
  5.9 us), and the message metadata built the whole verdict JSON to keep 21 of its keys,
  the work shown included (the traces, the quotes, the law's rows: about 50 of its 77 us);
  `verdict_json(work=False)` leaves those out without computing them.
make bench the same afternoon (load average 5-12), before these changes: start-up bare 525 /
bot 2,831 ms, 5.40x; CPU per quick check 3.46x and 3.70x (8 and 32 clients). After the
start-up changes alone: 1.79x; 3.26x and 2.58x. After all of them: the figures above. The
bare app's CPU per request read 0.38-0.46 ms in each of today's runs against 0.81-0.90 ms
in the quieter run of 2026-12-02, and the bot's 1.07-1.59 ms against 1.40-1.63: the CPU
ratio moves by a third between runs minutes apart, and stays short of 1.5x in all of them.
What is left of start-up is importing what a check needs (pydantic and its models, the
grammar, the law) and what Slack may ask right after (the scan, the watch service): about
0.4 s beyond the bare app on this machine, none of it a single large piece.

What remains is the bot's own work, spread thin: parsing, pydantic validation, the check,
the explanation, escaping, encoding a 6 KB JSON answer (the bare app answers nothing) and
one structured log line, roughly 0.17 ms of CPU per request in process. Clients and server
share the machine's 2 cores, so under this load latency follows CPU per request: across
runs on a quiet machine the p99 ratio has ranged from 1.4x to 1.9x, close to the CPU ratio.
The remaining gap to 1.5x is the price of answering at all; no single piece of ours
dominates. The machine is shared, and a busy spell shows in every figure at once: the
domain checker's rate, pure CPU in one process, is the gauge (58,000 checks a second quiet,
41,000 busy, with the p99 ratio at 8 clients 3.5x and 4.6x). Run side by side in one
spell, the checker before issue 23's changes and after them ran alike.

The scan of the 56 county workbooks (issue 23) was 2.2-2.6x its floor. Python's cycle
collector ran about 30 times a scan and collected nothing (reference counting frees what a
scan drops): it is paused while a scan runs. The usual county sheet is summed column by
column (zip, then one type-and-value pass over its cells), a sheet's header read once for the
56 alike, a tally a NamedTuple. What remains beyond the floor is spread thin: about 9 us for
each of the 1,001 sheets, 8 ms gathering, merging and settling 613 contests, 10 ms for the
252 checks. This machine's speed drifts by half from minute to minute, and the Python side
more than calamine's: across runs the figure was 1.75-1.97x; the first scan in a fresh
process, whose caches of titles and headers are empty, 1.9-2.4x.
"""
GOALS = {"cpu": 1.5, "p99": 1.5, "startup": 2.0, "checks": 50_000}
OUT = ROOT / "bench" / "out"
SMOKE = "--smoke" in sys.argv  # .ci/run: one short pass, so the bench cannot break silently
if SMOKE:
    REQUESTS, STARTS = {8: 60}, 1


class StubSlack:
    """The Web API the bot calls at start-up (auth.test), answered on loopback: every method
    says ok. Nothing else is called during the load (quick checks answer in the ack)."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.dumps({"ok": True, "user_id": "UBENCH", "team_id": "T1"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/"


class NotReady(Exception):
    """A server that did not come up: its stderr says why."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_SLACK: StubSlack | None = None


def env() -> dict[str, str]:
    global _SLACK
    if _SLACK is None:
        _SLACK = StubSlack()
    out = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    out.update(
        SLACK_BOT_TOKEN=TOKEN,
        SLACK_SIGNING_SECRET=SECRET,
        SLACK_API_URL=_SLACK.api_url,  # auth.test at start-up; nothing else is called
        RECOUNT_DATABASE_URL=f"sqlite:///{OUT / 'bench.db'}",
        PYTHONPATH=str(ROOT),
    )
    return out


def start_server(name: str, port: int, tag: str) -> subprocess.Popen[bytes]:
    """The server's stderr is kept in bench/out/NAME-TAG.stderr, and shown when it fails."""
    OUT.mkdir(exist_ok=True)
    log = open(OUT / f"{name}-{tag}.stderr", "wb")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(command(name, port), env=env(), stdout=subprocess.DEVNULL, stderr=log)


def ready_or_explain(name: str, tag: str, process: subprocess.Popen[bytes], port: int) -> None:
    try:
        wait_ready(port, time.monotonic() + 30, process)
    except RuntimeError:
        process.kill()
        process.wait(10)
        said = (OUT / f"{name}-{tag}.stderr").read_text(errors="replace").strip()
        raise NotReady(
            f"the {name} server did not come up:\n{said or '(it said nothing)'}"
        ) from None


def command(name: str, port: int) -> list[str]:
    if name == "bare":
        return [sys.executable, "-m", "bench.bare_app", str(port)]
    return [sys.executable, "-m", "bot", "serve", "--http", "--port", str(port)]


def wait_ready(
    port: int,
    deadline: float,
    process: subprocess.Popen[bytes] | None = None,
    pause: float = 0.002,
) -> None:
    """`pause`: between tries (bench.instructions waits longer: each try is counted)."""
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"server on port {port} did not become ready")
        time.sleep(pause)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


@dataclass
class Load:
    latencies: list[float]
    cpu_per_request: float
    errors: int


def load(pid: int, port: int, concurrency: int, total: int) -> Load:
    requests = [signed(QUICK_TEXTS[i % len(QUICK_TEXTS)]) for i in range(total)]
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    next_index = iter(range(total))

    def worker() -> None:
        nonlocal errors
        while True:
            with lock:
                i = next(next_index, None)
            if i is None:
                return
            body, headers = requests[i]
            start = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("POST", "/slack/events", body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
                conn.close()
            except OSError:
                ok = False
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                errors += not ok

    cpu_before = cpu_seconds(pid)
    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cpu_after = cpu_seconds(pid)
    return Load(latencies, (cpu_after - cpu_before) / total, errors)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# The code whose start-up is timed, compiled first as an install has it (pip writes the
# bytecode of what it installs; the bare app's Bolt and slack_sdk have theirs). A checkout
# run with PYTHONDONTWRITEBYTECODE (this machine's sessions set it) would otherwise compile
# every module of the bot from source at every start: about a quarter of its start-up.
COMPILED = ("domain", "handlers", "bot", "bench")


def compile_the_code() -> None:
    for package in COMPILED:
        compileall.compile_dir(ROOT / package, quiet=1)


def startup(name: str) -> float:
    times = []
    for n in range(STARTS):
        port = free_port()
        start = time.monotonic()
        process = start_server(name, port, f"start{n}")
        try:
            ready_or_explain(name, f"start{n}", process, port)
            times.append(time.monotonic() - start)
        finally:
            process.terminate()
            process.wait(10)
    return statistics.median(times)


def serve_and_load(name: str) -> dict[int, Load]:
    port = free_port()
    process = start_server(name, port, "load")
    try:
        ready_or_explain(name, "load", process, port)
        load(process.pid, port, 4, 200)  # warm-up: imports, caches
        return {c: load(process.pid, port, c, n) for c, n in REQUESTS.items()}
    finally:
        process.terminate()
        process.wait(10)


def domain_checks_per_second() -> float:
    sys.path.insert(0, str(ROOT))
    from domain import build_check, check

    today = date(2026, 11, 18)
    inputs = [
        build_check(
            "county",
            {"candidates": (("Smith", 1204), ("Jones", 1199)), "canvass": date(2026, 11, 16)},
        ),
        build_check(
            "question",
            {
                "votes_for": 3237,
                "votes_against": 3250,
                "signers": 12,
                "canvass": date(2026, 11, 21),
            },
        ),
        build_check(
            "municipal",
            {"candidates": (("A", 900), ("B", 850), ("C", 694), ("D", 692)), "seats": 3},
        ),
        build_check(
            "state-question",
            {"votes_for": 201000, "votes_against": 200600, "signers": 150, "counties": 7},
        ),
    ]
    for item in inputs:
        check(item, today)
    n = 40_000
    start = time.process_time()
    for i in range(n):
        check(inputs[i % 4], today)
    return n / (time.process_time() - start)


def goal_line(label: str, ratio: float, goal: float) -> str:
    return f"{label}: {ratio:.2f}x (goal <= {goal}x) {'met' if ratio <= goal else 'MISSED'}"


def main() -> int:
    try:
        return _main()
    except NotReady as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1


def _main() -> int:
    began = time.monotonic()
    machine = (
        f"{os.cpu_count()} cores, {platform.machine()}, "
        f"Python {platform.python_version()}, {platform.system()}"
    )
    print(f"machine: {machine}")
    compile_the_code()
    results = {}
    for name in ("bare", "bot"):
        print(f"{name}: start-up ...", flush=True)
        boot = startup(name)
        print(f"{name}: load ...", flush=True)
        results[name] = (boot, serve_and_load(name))
    checks = domain_checks_per_second()
    if FIXTURES.is_dir():
        print("scan: against its floor ...", flush=True)
        scan_rows = scan_report()
        print("watch: an unchanged round, and the comparison ...", flush=True)
        watch_rows = watch_report()
        print("kit: the recount board's kit for the largest contest ...", flush=True)
        kit_rows = kit_report()
    else:
        # the real exports are beside the checkout (../shared), as on the CI machine
        skipped = f"skipped: {FIXTURES} is not here (the results exports the scan reads)"
        print(f"scan and watch: {skipped}", flush=True)
        scan_rows = watch_rows = kit_rows = [skipped]

    bare_boot, bare = results["bare"]
    bot_boot, bot = results["bot"]
    rows = []
    verdicts = []

    def ratio(a: float, b: float) -> float:
        return a / b if b else float("inf")

    for c in REQUESTS:
        b, o = bare[c], bot[c]
        cpu_r = ratio(o.cpu_per_request, b.cpu_per_request)
        p99_r = ratio(percentile(o.latencies, 99), percentile(b.latencies, 99))
        rows.append(
            f"| {c} | {b.cpu_per_request * 1e3:.2f} | {o.cpu_per_request * 1e3:.2f} | {cpu_r:.2f}x "
            f"| {percentile(b.latencies, 50) * 1e3:.1f} / {percentile(b.latencies, 99) * 1e3:.1f} "
            f"| {percentile(o.latencies, 50) * 1e3:.1f} / {percentile(o.latencies, 99) * 1e3:.1f} "
            f"| {p99_r:.2f}x | {b.errors + o.errors} |"
        )
        verdicts.append(
            f"CPU per request at {c} clients: {cpu_r:.2f}x (goal <= {GOALS['cpu']}x) "
            f"{'met' if cpu_r <= GOALS['cpu'] else 'MISSED'}"
        )
        verdicts.append(
            f"p99 ack at {c} clients: {p99_r:.2f}x (goal <= {GOALS['p99']}x) "
            f"{'met' if p99_r <= GOALS['p99'] else 'MISSED'}"
        )
    boot_r = ratio(bot_boot, bare_boot)
    verdicts.append(goal_line("start-up", boot_r, GOALS["startup"]))
    met = checks >= GOALS["checks"]
    verdicts.append(
        f"domain checks: {checks:,.0f}/s on one core (goal >= {GOALS['checks']:,}) "
        f"{'met' if met else 'MISSED'}"
    )

    report = "\n".join(
        [
            "# Benchmark: recount vs a bare Bolt app",
            "",
            f"Machine: {machine}. Run: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, "
            f"{time.monotonic() - began:.0f} s. Regenerate with `make bench`.",
            "",
            "Both servers run as separate processes behind the same threaded WSGI server, with the",
            "same Bolt configuration (signature check on, authorize without auth.test). The bare",
            "app only acks `/recount`; the bot parses, checks and answers a quick check with the",
            "Block Kit verdict in the ack body. Clients are threads in the benchmark process,",
            "one new loopback connection per signed request.",
            "",
            "| clients | bare CPU ms/req | bot CPU ms/req | CPU ratio "
            "| bare p50 / p99 ms | bot p50 / p99 ms | p99 ratio | errors |",
            "|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            f"Start-up to `/healthz` ready (median of {STARTS}): bare {bare_boot * 1e3:.0f} ms, "
            f"bot {bot_boot * 1e3:.0f} ms, ratio {boot_r:.2f}x.",
            "",
            f"Domain checker alone: {checks:,.0f} checks per second on one core (process time).",
            "",
            "## The canvass scan against its floor",
            "",
            "The floor is python-calamine reading every cell of the same files; the scan reads",
            "them and does everything else. Medians of 11 alternating runs, wall time, one",
            "process that has scanned before (as the bot's and a watch's have).",
            "",
            *scan_rows,
            "",
            "## The watch: an unchanged round, and comparing two readings",
            "",
            "A round where no source changed costs a stat per file and the watch's stored",
            "states, and no scan; a round that changed costs the scan plus the comparison.",
            "",
            *watch_rows,
            "",
            "## The recount board's kit",
            "",
            *kit_rows,
            "",
            "## Against the goals",
            "",
            *[f"- {v}" for v in verdicts],
            "",
            NOTES,
        ]
    )
    # The committed copy changes only when asked (make bench UPDATE=1): a run leaves the
    # checkout clean.
    if SMOKE:
        ran = "every part ran" if FIXTURES.is_dir() else "every part ran but the scan and watch"
        print(f"bench smoke: {ran} (figures from one short pass are not results)")
        return 0
    target = ROOT / "bench" / ("RESULTS.md" if "--update" in sys.argv else "out/RESULTS.md")
    target.parent.mkdir(exist_ok=True)
    target.write_text(report)
    print(f"written to {target.relative_to(ROOT)}")
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
