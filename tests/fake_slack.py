"""A fake Slack on loopback: the Web API methods the bot calls, plus response_url endpoints.

Like bolt-python's own tests/mock_web_api_server: the bot's WebClient is pointed at it with a
base URL, and it records every call so tests can assert what the bot sent.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode

from slack_sdk.signature import SignatureVerifier

SIGNING_SECRET = "test-signing-secret-0123456789abcdef"
BOT_TOKEN = "xoxb-test-bot-token-0123456789"
APP_TOKEN = "xapp-test-app-token-0123456789"


# The methods that take a message's blocks and attachments.
MESSAGE_METHODS = frozenset({"chat.postMessage", "chat.update", "chat.postEphemeral"})


def table_in_blocks(body: dict[str, Any]) -> bool:
    """A table block in a message's top-level blocks: Slack's reference sends a table in
    attachments[].blocks (one a message), so this fake refuses it elsewhere, as a workspace
    may, and a test through it cannot pass with the table in the wrong place."""
    blocks = body.get("blocks") or []
    if isinstance(blocks, str):
        blocks = json.loads(blocks)
    return any(isinstance(b, dict) and b.get("type") == "table" for b in blocks)


@dataclass
class Reply:
    """One scripted answer: an HTTP status, a JSON body and headers (e.g. Retry-After)."""

    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Call:
    path: str  # "chat.postMessage", or "respond/<name>" for a response_url
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeSlack:
    calls: list[Call] = field(default_factory=list)
    # method -> the JSON to answer (default {"ok": true}); "respond/..." -> HTTP status;
    # or a list of Reply, used one per call in order (then the default)
    answers: dict[str, Any] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering (slow Slack)
    # files the bot may fetch: id -> (name, content); served by files.info and a download URL
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    # a download's HTTP status instead of the file (403: refused, 404: gone), by file id
    download_status: dict[str, int] = field(default_factory=dict)
    uploads: list[bytes] = field(default_factory=list)  # bytes POSTed to an upload URL
    # chat.scheduleMessage's queue, as chat.scheduledMessages.list returns it
    scheduled: list[dict[str, Any]] = field(default_factory=list)
    now: float | None = None  # Slack's clock for scheduling; None: the real one
    # method -> an event its answers wait for (at most `held_s`): a Slack that has done the
    # call (a message posted is in `messages`) and answers late, later than the client waits
    hold: dict[str, threading.Event] = field(default_factory=dict)
    held_s: float = 10.0
    # the messages posted (chat.postMessage answered ok), as conversations.history lists them
    messages: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def handle(self) -> None:
                # a held answer is written after the client stopped waiting for it
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    super().handle()

            def do_GET(self) -> None:
                file_id = self.path.rsplit("/", 1)[-1]
                fake.calls.append(
                    Call(f"GET {self.path.lstrip('/')}", {}, dict(self.headers.items()))
                )
                authorized = self.headers.get("Authorization") == f"Bearer {BOT_TOKEN}"
                found = fake.files.get(file_id)
                status = 404 if found is None else (200 if authorized else 403)
                status = fake.download_status.get(file_id, status)
                data = found[1] if found is not None and status == 200 else b"no"
                self.send_response(status)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if self.path.startswith("/upload/"):  # files_upload_v2's step 2: raw bytes
                    fake.uploads.append(self.rfile.read(length))
                    fake.calls.append(Call("upload", {}, dict(self.headers.items())))
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain")
                    self.end_headers()
                    self.wfile.write(b"OK - 1")
                    return
                raw = self.rfile.read(length).decode()
                if "json" in (self.headers.get("Content-Type") or ""):
                    body = json.loads(raw or "{}")
                else:
                    body = {k: v[0] for k, v in parse_qs(raw).items()}
                path = self.path.split("/api/", 1)[-1].lstrip("/")
                fake.calls.append(Call(path, body, dict(self.headers.items())))
                if fake.delay:
                    time.sleep(fake.delay)
                answer = fake.answers.get(path)
                if isinstance(answer, list):
                    scripted: Reply | None = answer.pop(0) if answer else None
                    if scripted is not None:
                        data = json.dumps(scripted.body or {"ok": False}).encode()
                        fake.held(path)
                        self.send_response(scripted.status)
                        for name, value in scripted.headers.items():
                            self.send_header(name, value)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", str(len(data)))
                        self.end_headers()
                        self.wfile.write(data)
                        return
                    answer = None
                if path.startswith("respond/"):
                    status = int(answer or 200)
                    self.send_response(status)
                    self.send_header("Content-Type", "text/plain")
                    self.end_headers()
                    self.wfile.write(b"ok" if status == 200 else b"error")
                    return
                if answer is None:
                    answer = fake.default_answer(path, body)
                if answer is None:
                    answer = {"ok": True}
                    if path in {"views.open", "views.update"}:
                        answer["view"] = {"id": "V123", **(body.get("view") or {})}
                    if path == "chat.postMessage":
                        answer.update(channel=body.get("channel"), ts="1700000000.000100")
                        fake.posted(body, answer["ts"])
                data = json.dumps(answer).encode()
                fake.held(path)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.thread.start()

    def held(self, path: str) -> None:
        """A slow answer: waits for the test to release it (or `held_s`)."""
        event = self.hold.get(path)
        if event is not None:
            event.wait(self.held_s)

    def posted(self, body: dict[str, Any], ts: str) -> None:
        """A message Slack now has, with its metadata as sent (a JSON string in a form)."""
        metadata = body.get("metadata")
        if isinstance(metadata, str):
            metadata = json.loads(metadata)
        self.messages.append(
            {
                "channel": body.get("channel"),
                "ts": ts,
                "text": body.get("text"),
                "metadata": metadata,
                "at": time.time(),  # the fake's ts are fixed: `oldest` is read against this
            }
        )

    def history(self, body: dict[str, Any]) -> dict[str, Any]:
        """conversations.history as documented (docs.slack.dev/reference/methods/
        conversations.history): the channel's messages newest first, those after `oldest`;
        `metadata` only with include_all_metadata; one page."""
        oldest = float(body.get("oldest") or 0)
        with_metadata = str(body.get("include_all_metadata")).lower() in ("1", "true")
        found = []
        for message in reversed(self.messages):
            if message["channel"] != body.get("channel") or message["at"] < oldest:
                continue
            shown = {"type": "message", "ts": message["ts"], "text": message["text"]}
            if with_metadata and message["metadata"] is not None:
                shown["metadata"] = message["metadata"]
            found.append(shown)
        return {"ok": True, "messages": found, "has_more": False, "response_metadata": {}}

    def default_answer(self, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
        """The answers of the file methods, from `files` (None: the plain default)."""
        if path in MESSAGE_METHODS and table_in_blocks(body):
            return {"ok": False, "error": "invalid_blocks"}
        if path == "conversations.history":
            return self.history(body)
        if path == "files.info":
            found = self.files.get(str(body.get("file")))
            if found is None:
                return {"ok": False, "error": "file_not_found"}
            name, data = found
            return {
                "ok": True,
                "file": {
                    "id": body.get("file"),
                    "name": name,
                    "size": len(data),
                    "url_private_download": f"{self.base}/download/{body.get('file')}",
                },
            }
        if path == "files.getUploadURLExternal":
            return {"ok": True, "upload_url": f"{self.base}/upload/F0UP", "file_id": "F0UP"}
        if path == "files.completeUploadExternal":
            return {"ok": True, "files": [{"id": "F0UP", "title": "report"}]}
        if path == "chat.update":
            return {"ok": True, "channel": body.get("channel"), "ts": body.get("ts")}
        return self._scheduling(path, body)

    def _scheduling(self, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
        """As documented: docs.slack.dev/reference/methods/chat.scheduleMessage (channel,
        post_at in Unix seconds, text, thread_ts -> scheduled_message_id, post_at),
        chat.scheduledMessages.list (channel optional -> scheduled_messages of id,
        channel_id, post_at, date_created, text), chat.deleteScheduledMessage (channel,
        scheduled_message_id), chat.getPermalink (channel, message_ts -> permalink)."""
        if path == "chat.scheduleMessage":
            post_at = int(body["post_at"])
            now = time.time() if self.now is None else self.now
            if post_at <= now:
                return {"ok": False, "error": "time_in_past"}
            if post_at > now + 120 * 86400:
                return {"ok": False, "error": "time_too_far"}
            item = {
                "id": f"Q{len(self.scheduled) + 1:04d}",
                "channel_id": body["channel"],
                "post_at": post_at,
                "date_created": int(now),
                "text": body.get("text", ""),
                "thread_ts": body.get("thread_ts"),
            }
            self.scheduled.append(item)
            return {
                "ok": True,
                "channel": body["channel"],
                "scheduled_message_id": item["id"],
                "post_at": post_at,
                "message": {"text": item["text"]},
            }
        if path == "chat.scheduledMessages.list":
            channel = body.get("channel")
            found = [
                {k: v for k, v in item.items() if k != "thread_ts"}
                for item in self.scheduled
                if channel in (None, item["channel_id"])
            ]
            return {
                "ok": True,
                "scheduled_messages": found,
                "response_metadata": {"next_cursor": ""},
            }
        if path == "chat.deleteScheduledMessage":
            wanted = body.get("scheduled_message_id")
            kept = [i for i in self.scheduled if i["id"] != wanted]
            if len(kept) == len(self.scheduled):
                return {"ok": False, "error": "invalid_scheduled_message_id"}
            self.scheduled[:] = kept
            return {"ok": True}
        if path == "chat.getPermalink":
            ts = str(body.get("message_ts", "")).replace(".", "")
            return {
                "ok": True,
                "channel": body.get("channel"),
                "permalink": f"https://montana.slack.com/archives/{body.get('channel')}/p{ts}",
            }
        return None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    @property
    def api_url(self) -> str:
        return f"{self.base}/api/"

    def response_url(self, name: str = "cmd") -> str:
        return f"{self.base}/respond/{name}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def to(self, path: str) -> list[Call]:
        return [c for c in self.calls if c.path == path]

    def wait_for(self, path: str, count: int = 1, timeout: float = 5.0) -> list[Call]:
        """Listeners run after the ack; wait until `count` calls to `path` have arrived."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(path)
            if len(found) >= count:
                return found
            time.sleep(0.01)
        raise AssertionError(
            f"no {path} call within {timeout}s; saw {[c.path for c in self.calls]}"
        )


def signed_headers(
    body: str, *, secret: str = SIGNING_SECRET, timestamp: int | None = None, content_type: str = ""
) -> dict[str, str]:
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
    assert signature is not None
    return {
        "content-type": content_type or "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": ts,
        "x-slack-signature": signature,
    }


def command_body(
    text: str, response_url: str, *, channel: str = "C0CANVASS", user: str = "U0CLERK"
) -> str:
    fields: dict[str, str] = {
        "token": "legacy",
        "team_id": "T0MONTANA",
        "team_domain": "mt",
        "channel_id": channel,
        "channel_name": "canvass",
        "user_id": user,
        "user_name": "clerk",
        "command": "/recount",
        "text": text,
        "api_app_id": "A0RECOUNT",
        "response_url": response_url,
        "trigger_id": "1337.42.abcd",
    }
    return urlencode(fields)


def payload_body(payload: dict[str, Any]) -> str:
    return urlencode({"payload": json.dumps(payload)})
