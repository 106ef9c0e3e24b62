"""The HTTP server's start-up check, shared by gunicorn's master and each worker: settings
read, the token accepted by Slack; otherwise one line on stderr and exit 2."""

from __future__ import annotations

import sys
from typing import Final

from bot.server.lifecycle import check_credentials
from bot.settings import ENV_CREDENTIALS_CHECKED, Settings, SettingsError, credentials_checked

CHECKED: Final = ENV_CREDENTIALS_CHECKED  # set by the master once it has checked


def check_http_settings_or_exit() -> Settings:
    try:
        settings = Settings.from_env()
        settings.require_http()
        assert settings.bot_token is not None
        if not credentials_checked():
            check_credentials(settings.bot_token.get_secret_value(), settings.api_url)
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
    return settings
