"""The process bench.instructions counts: a server started as `make bench` starts it
(`python -m bot serve --http`, `python -m bench.bare_app`), whose serve loop answers N signed
quick checks in process instead of listening, then returns as on SIGTERM. It imports only
what it needs (bench.run would load the scan's bench, and the scan, into both servers).

    python -m bench.measured bot|bare N
"""

from __future__ import annotations

import io
import socket
import sys
from collections.abc import Iterable
from itertools import cycle
from typing import Any, cast
from wsgiref.simple_server import WSGIServer

from bench.signed import QUICK_TEXTS, signed


def _environ(body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/slack/events",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "0",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": headers["Content-Type"],
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }
    for name, value in headers.items():
        if name != "Content-Type":
            environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ


def _answer(application: Any, requests: Iterable[tuple[bytes, dict[str, str]]], n: int) -> None:
    """In the measured process: n requests through the WSGI application, each checked."""
    said: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], *_: object) -> None:
        said.append(status)

    for _, (body, headers) in zip(range(n), requests, strict=False):
        answer = b"".join(application(_environ(body, headers), start_response))
        if not said.pop().startswith("200"):
            raise SystemExit(f"a quick check was not answered: {answer[:200]!r}")


def measured(name: str, n: int) -> None:
    """The measured process: the server started as `make bench` starts it, whose serve loop
    answers n requests in process instead of listening, then returns (as on SIGTERM)."""
    from bot.server import http_server

    # one signed request per text, made before the server starts: the same in both servers
    requests = cycle([signed(text) for text in QUICK_TEXTS])

    def serve_n(self: WSGIServer, poll_interval: float = 0.5) -> None:
        _answer(self.get_app(), requests, n)

    cast(Any, http_server._BufferingServer).serve_forever = serve_n
    with socket.socket() as s:  # a port free now (the bot's --port refuses 0)
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    if name == "bare":
        from bench import bare_app

        sys.argv[1:] = [port]
        bare_app.main()
        return
    from bot.cli import main
    from bot.server import serve

    class NoPoller:
        def stop(self) -> None:
            pass

    # the watch's thread opens the database while the server already answers: left out
    cast(Any, serve).start_watching = lambda app, watching: NoPoller()
    code = main(["serve", "--http", "--port", port])
    if code:
        raise SystemExit(code)


if __name__ == "__main__":
    measured(sys.argv[1], int(sys.argv[2]))
