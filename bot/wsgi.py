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
from bot.watching import start_watching
from handlers.after_ack import AfterAck
from handlers.watch.service import Watching

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
watching = Watching.from_settings(_settings.database_url, _settings.watch_hosts)
_app = create_app(_settings, after_ack=after_ack, watching=watching)
application = wsgi_application(_app, _settings.signing_secret_text)
# Every worker polls; the lease in the database lets one read each watch's round.
start_watching(_app, watching)
