"""What the watch tests share."""

from __future__ import annotations

import json

from handlers.watch.records import Place

from ...slack_helpers import CHANNEL

PLACE = Place.slack("T0MONTANA", CHANNEL)


def answer(response: object) -> str:
    body = json.loads(str(getattr(response, "body", "")) or "{}")
    return str(body.get("text", ""))
