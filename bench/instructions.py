"""Instruction counts, the bot beside the bare app: start-up, and CPU per quick check.

`make bench` times whole processes, which a busy machine makes noisy (a shared 2-core
machine moved its CPU ratio by a third between runs minutes apart). The instructions a
process executes do not depend on the load: this counts them with valgrind (cachegrind,
no cache simulation), each server run as its own process the way `make bench` starts it:

- start-up: `python -m bot serve --http` and `python -m bench.bare_app`, from process start
  to the point where the server would serve (every import, the settings, auth.test, the app,
  the listening socket), then stopped as on SIGTERM. The watch's background thread (the
  database, opened while the server already answers) is left out: it is not on the way to
  `/healthz`.
- per request: the same process then answers N signed quick checks (the bench's four texts
  in turn) through the server's WSGI application (the gate, Bolt, the listener), in process:
  (count with W + N requests - count with W) / N, after W warm-up requests.

    python -m bench.instructions [N]     # both servers, the counts and the ratios
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

WARM_UP = 20
REQUESTS = 200
VALGRIND = ("valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null")


def count(name: str, n: int) -> int:
    """The instructions of one measured process (its stderr kept in bench/out/)."""
    from bench.run import OUT, ROOT, env

    OUT.mkdir(exist_ok=True)
    variables = env() | {"PYTHONHASHSEED": "0"}
    variables.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [*VALGRIND, sys.executable, "-m", "bench.measured", name, str(n)]
    done = subprocess.run(command, env=variables, cwd=ROOT, capture_output=True, text=True)
    (OUT / f"instructions-{name}-{n}.stderr").write_text(done.stderr)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"{name} with {n} requests failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def count_served(name: str, n: int, clients: int = 8) -> int:
    """The instructions of one whole server process (valgrind's) that starts, answers n
    signed quick checks over loopback from `clients` clients (bench.run.load, the clients in
    this process, not counted), and stops on SIGTERM: what `make bench` times as CPU."""
    from bench.run import OUT, ROOT, command, env, free_port, load, wait_ready

    port = free_port()
    variables = env() | {"PYTHONHASHSEED": "0"}
    variables.pop("PYTHONDONTWRITEBYTECODE", None)
    log = OUT / f"instructions-served-{name}-{n}.stderr"
    with log.open("wb") as said:
        process = subprocess.Popen(
            [*VALGRIND, *command(name, port)], env=variables, cwd=ROOT, stderr=said
        )
        try:
            # few tries, far apart: each is a request the server counts
            wait_ready(port, time.monotonic() + 600, process, pause=0.25)
            if n:
                load(process.pid, port, clients, n)
        finally:
            process.terminate()
            process.wait(600)
    found = re.search(r"I\s+refs:\s+([\d,]+)", log.read_text(errors="replace"))
    if found is None:
        raise SystemExit(f"{name} served {n} requests but valgrind said no count: see {log}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str]) -> int:
    from bench.run import compile_the_code

    numbers = [a for a in argv if a.isdigit()]
    n = int(numbers[0]) if numbers else REQUESTS
    compile_the_code()
    figures = {}
    for name in ("bare", "bot"):
        start = count(name, 0)
        warm = count(name, WARM_UP)
        loaded = count(name, WARM_UP + n)
        figures[name] = (start, (loaded - warm) / n)
        print(f"{name}: start-up {start:,} instructions; {(loaded - warm) / n:,.0f} a request")
    (bare_start, bare_request), (bot_start, bot_request) = figures["bare"], figures["bot"]
    print(f"start-up bot/bare: {bot_start / bare_start:.2f}x")
    print(f"per request bot/bare: {bot_request / bare_request:.2f}x (in process)")
    if "--served" in argv:
        served = {}
        for name in ("bare", "bot"):
            idle, answered = count_served(name, WARM_UP), count_served(name, WARM_UP + n)
            served[name] = (answered - idle) / n
            print(f"{name}: served over loopback, {served[name]:,.0f} a request")
        print(f"per request bot/bare, served: {served['bot'] / served['bare']:.2f}x")
    return 0


if __name__ == "__main__":
    os.chdir(Path(__file__).resolve().parent.parent)
    raise SystemExit(main(sys.argv[1:]))
