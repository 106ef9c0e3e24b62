"""gunicorn settings for HTTP mode: `gunicorn -c gunicorn.conf.py bot.server.wsgi:application`.

The app keeps no state between requests (form context travels signed in private_metadata),
so any number of workers and instances can serve the same Slack app.

HOST and PORT say where to listen (0.0.0.0:3000 by default; the systemd unit sets HOST to
127.0.0.1, behind a reverse proxy). The settings and the token are checked once, in the
master, before any worker starts: a wrong token stops gunicorn with one line and exit 2.
"""

import os

from bot.server.cpus import usable_cpus
from bot.server.startup import CHECKED, check_http_settings_or_exit

# In the master, as gunicorn reads this file and before it logs or starts any worker: the
# settings and the token, checked once. A failure is one line on stderr and exit 2, never
# workers restarted forever.
check_http_settings_or_exit()
os.environ[CHECKED] = "1"  # the workers need not ask Slack again

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '3000')}"
# Listeners are short and CPU-bound (a check takes well under a millisecond); the Slack calls
# after an acknowledgement run in each worker's own small thread pool. One process per CPU
# this process may use (a container's quota, not the host's count), a few threads each.
workers = int(os.environ.get("WEB_CONCURRENCY") or usable_cpus())
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# gthread, reading each request whole (head and body, 10 s at most, else 408) in its event
# loop before a thread runs it: a slow client costs a socket, never one of these threads, so
# eight of them (or hundreds) cannot take the bot offline, /healthz included.
worker_class = "bot.server.worker.BufferingWorker"
# Slack gives up on an acknowledgement after 3 s; a request still running after 30 s is stuck.
timeout = 30
# On SIGTERM a worker stops accepting and finishes its requests and the Slack calls queued
# after acknowledgements (worker_exit below) within this many seconds.
graceful_timeout = 25
keepalive = 5
backlog = 1024
# Access logs would carry Slack's request paths only, but our own JSON lines already have
# one entry per request with its id; keep gunicorn's error log on stderr.
accesslog = None
errorlog = "-"
loglevel = "info"
# gunicorn's own lines ("Booting worker", "Worker exiting") as the app's: one JSON object a
# line on stderr, so a log shipper reads one format from the whole service.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "bot.server.logs.JsonFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stderr",
        },
    },
    "root": {"level": "INFO", "handlers": ["console"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
    },
}
# gunicorn 23+ opens a control socket in the working directory's .gunicorn (or the user's
# home): nothing here uses it, and the service user may not write there.
control_socket_disable = True


def post_worker_init(worker: object) -> None:
    from bot.server.logs import setup_logging

    setup_logging()


def worker_exit(server: object, worker: object) -> None:
    """Finish the verdicts this worker has already promised before it goes."""
    import time

    from bot.server import wsgi
    from bot.server.lifecycle import finish

    wsgi.poller.stop()  # its leases given back: another worker takes its watches at once
    finish(wsgi.after_ack, time.monotonic())
