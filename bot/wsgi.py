"""The WSGI entry for production: `gunicorn -c gunicorn.conf.py bot.wsgi:application`.

Settings come from the environment; the credentials are checked once as the worker starts
(a wrong token stops it with one plain line). `after_ack` is the worker's pool of Slack calls
queued after acknowledgements: gunicorn.conf.py drains it when the worker stops.
"""

from __future__ import annotations

import sys

from bot.app import create_app
from bot.http_server import wsgi_application
from bot.lifecycle import check_credentials
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError
from handlers.after_ack import AfterAck

setup_logging()
try:
    _settings = Settings.from_env()
    _settings.require_http()
    assert _settings.bot_token is not None
    check_credentials(_settings.bot_token.get_secret_value(), _settings.api_url)
except SettingsError as error:
    print(f"error: {error}", file=sys.stderr)
    raise SystemExit(2) from None
after_ack = AfterAck()
application = wsgi_application(
    create_app(_settings, after_ack=after_ack), _settings.signing_secret_text
)
