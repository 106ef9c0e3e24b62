"""What the Home tab tests share."""

from __future__ import annotations

import json
from typing import Any

from ...fake_slack import FakeSlack
from ...slack_helpers import USER


def opened(user: str = USER) -> str:
    return json.dumps(
        {
            "type": "event_callback",
            "team_id": "T0MONTANA",
            "api_app_id": "A0RECOUNT",
            "event_id": "Ev0HOME",
            "event_time": 1700000000,
            "event": {"type": "app_home_opened", "user": user, "channel": "D0CLERK", "tab": "home"},
        }
    )


def published(fake: FakeSlack) -> dict[str, Any]:
    call = fake.to("views.publish")[-1]
    view = call.body["view"]
    assert call.body["user_id"] == USER
    return json.loads(view) if isinstance(view, str) else dict(view)
