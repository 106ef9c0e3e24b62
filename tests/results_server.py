"""A results server on loopback for the watch tests: serves bytes that a test changes, with or
without ETag and Last-Modified, answers conditional GETs with 304, and records every request
(path and headers), so a test can see what was asked and that a refusal asked nothing."""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Served:
    body: bytes
    etag: bool = True
    last_modified: bool = True
    status: int = 200
    location: str | None = None  # a redirect's target
    stamp: float = 1_700_000_000.0  # when the body last changed (Last-Modified)
    # A slow peer: one byte of the answer every `trickle_s` seconds, from its status line
    # (`trickle_head`) or from its body; never fast enough for a socket timeout to fire.
    trickle_s: float | None = None
    trickle_head: bool = False


@dataclass
class ResultsServer:
    files: dict[str, Served] = field(default_factory=dict)
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                server.requests.append((self.path, dict(self.headers.items())))
                served = server.files.get(self.path)
                if served is None:
                    self._answer(404, b"not here", {})
                    return
                if served.trickle_s is not None:
                    self._trickle(served)
                    return
                if served.location is not None:
                    self._answer(served.status, b"", {"Location": served.location})
                    return
                tag = f'"{hashlib.sha256(served.body).hexdigest()[:16]}"'
                modified = formatdate(served.stamp, usegmt=True)
                headers = {}
                if served.etag:
                    headers["ETag"] = tag
                if served.last_modified:
                    headers["Last-Modified"] = modified
                if (served.etag and self.headers.get("If-None-Match") == tag) or (
                    served.last_modified
                    and not served.etag
                    and self.headers.get("If-Modified-Since") == modified
                ):
                    self._answer(304, b"", headers)
                    return
                self._answer(served.status, served.body, headers)

            def _trickle(self, served: Served) -> None:
                assert served.trickle_s is not None
                head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(served.body)}\r\n\r\n"
                slow = head.encode() + served.body if served.trickle_head else served.body
                try:
                    if not served.trickle_head:
                        self.wfile.write(head.encode())
                        self.wfile.flush()
                    for byte in slow:
                        time.sleep(served.trickle_s)
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                except OSError:
                    pass  # the client gave up: what a trickle is for
                self.close_connection = True

            def _answer(self, status: int, body: bytes, headers: dict[str, str]) -> None:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if status != 304:
                    self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return f"{self.base}{path}"

    def change(self, path: str, body: bytes) -> None:
        served = self.files[path]
        served.body, served.stamp = body, served.stamp + 60

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
