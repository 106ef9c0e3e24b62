"""`create_app(settings)`: the Bolt app with every listener registered."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from slack_bolt import App
from slack_bolt.authorization import AuthorizeResult
from slack_bolt.logger.messages import warning_client_prioritized_and_token_skipped
from slack_sdk import WebClient

from bot.clock import montana_now, montana_today
from bot.net.download import SlackDownload
from bot.settings import Settings, SettingsError
from bot.watcher import watching_from_settings
from handlers.slack.after_ack import AfterAck
from handlers.slack.metadata import MetadataSigner
from handlers.slack.register import register_all
from handlers.slack.retries import HTTP_TIMEOUT, Pause, retry_handlers
from handlers.slack.services import Services
from handlers.watch.service import Watching

log = logging.getLogger(__name__)


class _TokenFromClient(logging.Filter):
    """Bolt reads SLACK_BOT_TOKEN from the environment and, since we also give it the client
    built with that token, warns on every start that the token "will be unused". It is the
    same token: the warning says nothing an operator can act on."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != warning_client_prioritized_and_token_skipped()


logging.getLogger("slack_bolt.App").addFilter(_TokenFromClient())


def create_app(
    settings: Settings,
    today: Callable[[], date] = montana_today,
    after_ack: AfterAck | None = None,
    now: Callable[[], datetime] | None = None,
    watching: Watching | None = None,
    verified_upstream: bool = False,
    retry_pause: Pause = time.sleep,
) -> App:
    """The app; `today` and `after_ack` are the tests' to fix (a date, a pool they can drain),
    and `retry_pause` the wait between Slack retries (the tests record it instead)."""
    if settings.bot_token is None:
        raise SettingsError("SLACK_BOT_TOKEN is not set; see 'Slack set-up' in README.md")
    bot_token = settings.bot_token.get_secret_value()

    def authorize(
        enterprise_id: str | None, team_id: str | None, user_id: str | None, **_: Any
    ) -> AuthorizeResult:
        # One workspace, one token: authorize without the auth.test call Bolt makes by default,
        # so a request never waits on (or fails because of) the Web API.
        return AuthorizeResult(
            enterprise_id=enterprise_id, team_id=team_id, user_id=user_id, bot_token=bot_token
        )

    # Bounded retries (429 with a short Retry-After, 5xx, connection errors) and a timeout,
    # so no listener hangs on a slow Slack.
    client_options: dict[str, Any] = {
        "timeout": HTTP_TIMEOUT,
        "retry_handlers": retry_handlers(retry_pause),
    }
    if settings.api_url:
        client_options["base_url"] = settings.api_url.rstrip("/") + "/"
    app = App(
        # Named here: without a name Bolt reads it from inspect.stack(), which reads the source
        # lines of every frame (30-100 ms of each start-up, make bench).
        name="recount",
        # Listeners run inline and answer at once; the few Slack calls that follow an ack go
        # to our own pool (handlers.slack.after_ack) instead of Bolt polling for the ack
        # every 10 ms.
        process_before_response=True,
        signing_secret=(
            settings.signing_secret.get_secret_value() if settings.signing_secret else None
        ),
        # Socket Mode requests come over an authenticated socket, not signed HTTP. Behind the
        # gate (bot.server.gate, HTTP mode) every request has had its signature and timestamp
        # checked already: Bolt need not check them a second time.
        request_verification_enabled=settings.signing_secret is not None and not verified_upstream,
        authorize=authorize,
        client=WebClient(**client_options),
        token_verification_enabled=False,
    )
    services = Services(
        MetadataSigner(settings.metadata_secret(), settings.previous_metadata_secrets()),
        today,
        after_ack or AfterAck(),
        now or montana_now,
        watching or watching_from_settings(settings.database_url, settings.watch_hosts),
        # the token goes only to Slack's file hosts, or to the SLACK_API_URL the operator set
        SlackDownload(settings.api_url),
    )
    register_all(app, services)
    return app
