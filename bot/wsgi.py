"""The WSGI entry for production: `gunicorn bot.wsgi:application` (settings from the env)."""

from __future__ import annotations

from bot.app import create_app
from bot.http_server import wsgi_application
from bot.settings import Settings

_settings = Settings.from_env()
_settings.require_http()
application = wsgi_application(create_app(_settings), _settings.signing_secret_text)
