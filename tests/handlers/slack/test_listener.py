"""What a listener is handed: the bot's services and its request's `later`, bound once."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App

from handlers.slack.after_ack import Later
from handlers.slack.services import Services

from ...fake_slack import payload_body
from ...slack_helpers import button_payload, dispatch


def test_every_request_hands_its_listener_the_services_and_its_own_later(app: App) -> None:
    seen: list[tuple[Services, Later, str]] = []

    def probe(ack: Ack, services: Services, later: Later, context: Any) -> None:
        ack()
        seen.append((services, later, context["request_id"]))

    app.action("probe")(probe)
    click = button_payload("value")
    click["actions"][0]["action_id"] = "probe"
    for _ in range(2):
        assert dispatch(app, payload_body(click)).status == 200
    (first, one, id_one), (second, two, id_two) = seen
    assert isinstance(first, Services) and first is second  # built once, for every request
    assert (one.request_id, two.request_id) == (id_one, id_two) and id_one != id_two
