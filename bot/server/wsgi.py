"""The WSGI entry for production: `gunicorn -c gunicorn.conf.py bot.server.wsgi:application`.

Settings come from the environment; the credentials are checked once, in gunicorn's master
(a wrong token stops gunicorn with one plain line and exit 2). `after_ack` is the worker's
pool of Slack calls queued after acknowledgements: gunicorn.conf.py drains it when the
worker stops.
"""

from __future__ import annotations

from bot.app import create_app
from bot.server.http_server import wsgi_application
from bot.server.logs import setup_logging
from bot.server.startup import check_http_settings_or_exit
from bot.watcher import start_watching, watching_from_settings
from handlers.slack.after_ack import AfterAck

setup_logging()
# gunicorn's master has checked the token already (gunicorn.conf.py on_starting); run by
# another WSGI server, the check happens here.
_settings = check_http_settings_or_exit()
after_ack = AfterAck()
watching = watching_from_settings(_settings.database_url, _settings.watch_hosts)
# the gate (bot.server.http_server) verifies every request before Bolt sees it
_app = create_app(_settings, after_ack=after_ack, watching=watching, verified_upstream=True)
application = wsgi_application(_app, _settings.signing_secret_text, watching.ready)
# Every worker polls; the lease in the database lets one read each watch's round.
poller = start_watching(_app, watching)
