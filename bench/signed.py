"""The bench's signed quick checks, apart from bench.run so that a measured process
(bench.instructions) can make them without loading the rest of the bench."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from slack_sdk.signature import SignatureVerifier

SECRET = "bench-signing-secret"
QUICK_TEXTS = [
    "county Smith 1204 Jones 1199 canvass 11/16",
    "question for 3237 against 3250 signers 12 canvass Nov 21",
    "municipal A=900 B=850 McGrew=694 Askew=692 seats 3",
    "state-question yes 201000 no 200600 signers 150 counties 7 canvass 2026-11-20",
]


def signed(text: str) -> tuple[bytes, dict[str, str]]:
    body = urlencode(
        {
            "command": "/recount",
            "text": text,
            "team_id": "T1",
            "channel_id": "C1",
            "user_id": "U1",
            "response_url": "http://127.0.0.1:9/none",
            "trigger_id": "1.2.3",
        }
    )
    ts = str(int(time.time()))
    signature = SignatureVerifier(SECRET).generate_signature(timestamp=ts, body=body)
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Slack-Request-Timestamp": ts,
        "X-Slack-Signature": str(signature),
    }
    return body.encode(), headers
