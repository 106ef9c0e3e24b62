"""Context that rides along in a view's `private_metadata`, signed so it cannot be forged.

The form must post where `/recount` was typed. Slack returns `private_metadata` untouched,
but the bot treats it as untrusted anyway: it carries an HMAC made with a key derived from
the app's secret, and anything that fails the check is ignored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import asdict, dataclass
from typing import Any, Final

from handlers.slack.text import is_channel_id, is_user_id

MAX_METADATA: Final = 3000  # Slack's limit for private_metadata


@dataclass(frozen=True)
class FormContext:
    channel: str  # where the verdict goes
    user: str  # who asked
    response_url: str | None = None  # the command's (or message's) response_url, for fallback
    thread_ts: str | None = None  # post as a reply in this thread (what-if)


# What a clicker reads when a button or form does not verify: what happened, and what to do.
NOT_VERIFIED: Final = (
    "This button could not be verified: it was made before the bot's secret was changed, or "
    "it was altered. Nothing was done. Check the race again (/recount ...) for a fresh "
    "verdict and its buttons."
)


def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"recount private_metadata v1", hashlib.sha256).digest()


class MetadataSigner:
    """Signs with the current secret; verifies with it or, through a rotation, with the
    previous one (SLACK_SIGNING_SECRET_PREVIOUS), so buttons already posted keep working."""

    def __init__(self, secret: str, previous: tuple[str, ...] = ()) -> None:
        self._key = _key(secret)
        self._previous = tuple(_key(p) for p in previous if p and p != secret)

    def _mac(self, body: bytes, key: bytes | None = None) -> str:
        return hmac.new(key or self._key, body, hashlib.sha256).hexdigest()[:32]

    def sign(self, data: dict[str, Any]) -> str:
        """Any small JSON object, signed: what a form or a button carries back to us."""
        return self.sign_json(json.dumps(data, separators=(",", ":")))

    def sign_json(self, written: str) -> str:
        """A JSON object already written, signed as written (`verify` reads it back)."""
        body = written.encode()
        return f"{base64.urlsafe_b64encode(body).decode()}.{self._mac(body)}"

    def verify(self, value: object) -> dict[str, Any] | None:
        """The object, or None when it is missing, malformed or not signed by us."""
        if not isinstance(value, str) or "." not in value:
            return None
        encoded, mac = value.rsplit(".", 1)
        try:
            body = base64.urlsafe_b64decode(encoded.encode())
        except ValueError:
            return None
        if not any(
            hmac.compare_digest(mac, self._mac(body, key)) for key in (self._key, *self._previous)
        ):
            return None
        try:
            data = json.loads(body)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def dumps(self, context: FormContext) -> str:
        value = self.sign(asdict(context))
        if len(value) > MAX_METADATA:  # only a freakishly long response_url could do this
            return self.dumps(FormContext(context.channel, context.user, None, context.thread_ts))
        return value

    def loads(self, value: str | None) -> FormContext | None:
        """The context, or None when it is missing, malformed or not signed by us."""
        data = self.verify(value)
        if data is None:
            return None
        try:
            context = FormContext(**data)
        except TypeError:
            return None
        # a channel, or a user's id where the verdict goes to the user's DM (the Home tab)
        where = context.channel
        if not ((is_channel_id(where) or is_user_id(where)) and is_user_id(context.user)):
            return None
        return context
