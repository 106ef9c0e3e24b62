"""`recount serve` (Socket Mode or HTTP) and `recount run` (the bot if set up, else the console)."""

from __future__ import annotations

import logging
import time
from typing import TextIO

from slack_sdk.errors import SlackClientError

from bot.app import create_app
from bot.clock import montana_today
from bot.server.http_server import EVENTS_PATH, HEALTH_PATH, make_http_server
from bot.server.lifecycle import check_credentials, finish, on_stop
from bot.server.logs import setup_logging
from bot.settings import Settings, SettingsError, slack_variables_set
from bot.watcher import start_watching, watching_from_settings
from handlers.slack.after_ack import AfterAck
from handlers.terminal.console import run_console
from handlers.terminal.output import EXIT_OK, EXIT_USAGE

log = logging.getLogger("recount")


def _serve_http(settings: Settings, port: int) -> int:
    settings.require_http()
    assert settings.bot_token is not None
    check_credentials(settings.bot_token.get_secret_value(), settings.api_url)
    after_ack = AfterAck()
    watching = watching_from_settings(settings.database_url, settings.watch_hosts)
    # the gate (bot.server.http_server) verifies every request before Bolt sees it
    app = create_app(settings, after_ack=after_ack, watching=watching, verified_upstream=True)
    # HOST, as gunicorn.conf.py reads it: the unit's 127.0.0.1 keeps it behind the proxy
    secret = settings.signing_secret_text
    server = make_http_server(app, settings.host, port, secret, watching.ready)
    poller = start_watching(app, watching)
    log.info(
        "recount listening on %s port %d: POST %s, GET %s",
        settings.host,
        server.server_port,
        EVENTS_PATH,
        HEALTH_PATH,
    )
    stopping = on_stop(server.shutdown)  # stop accepting; serve_forever returns
    server.serve_forever()
    started = time.monotonic()
    # requests in flight finish (the server's threads are joined), then the queued Slack calls
    server.server_close()
    poller.stop()
    finish(after_ack, started if stopping.is_set() else time.monotonic())
    return EXIT_OK


def _serve_socket_mode(settings: Settings) -> int:
    settings.require_socket_mode()
    assert settings.app_token is not None and settings.bot_token is not None
    check_credentials(settings.bot_token.get_secret_value(), settings.api_url)
    after_ack = AfterAck()
    watching = watching_from_settings(settings.database_url, settings.watch_hosts)
    app = create_app(settings, after_ack=after_ack, watching=watching)
    # Imported here, on purpose: the Socket Mode adapter takes about 80 ms to import, which
    # the HTTP server (every production replica) never needs (make bench, start-up).
    from slack_bolt.adapter.socket_mode import SocketModeHandler

    handler = SocketModeHandler(app, settings.app_token.get_secret_value())
    log.info("recount connecting to Slack in Socket Mode")
    try:
        handler.connect()  # type: ignore[no-untyped-call]  # slack_bolt leaves it unannotated
    except (SlackClientError, OSError) as error:
        raise SettingsError(
            f"Socket Mode could not connect with SLACK_APP_TOKEN ({type(error).__name__}); "
            "check the token (xapp-, scope connections:write) and the network"
        ) from None
    poller = start_watching(app, watching)
    stopping = on_stop(lambda: None)
    stopping.wait()
    started = time.monotonic()
    handler.close()  # type: ignore[no-untyped-call]
    poller.stop()
    finish(after_ack, started)
    return EXIT_OK


def serve(
    err: TextIO, *, http: bool = False, port: int | None = None, settings: Settings | None = None
) -> int:
    """`recount serve [--http [--port N]]` (its options are read by bot.cli)."""
    try:
        settings = settings or Settings.from_env()
        setup_logging()
        if http:
            return _serve_http(settings, port or settings.port)
        if port is not None:
            print("error: --port goes with --http", file=err)
            return EXIT_USAGE
        return _serve_socket_mode(settings)
    except SettingsError as error:
        print(f"error: {error}", file=err)
        return EXIT_USAGE


def run(stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """`make run`: the bot when Slack credentials are set, the local console otherwise."""
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"error: {error}", file=err)
        return EXIT_USAGE
    if settings.has_socket_mode:
        return serve(err, settings=settings)
    if settings.has_http:
        return serve(err, http=True, settings=settings)
    given = slack_variables_set()
    if given:
        # Half a set-up under a service manager must fail loudly, not sit in a console.
        missing = "SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP)"
        if "SLACK_BOT_TOKEN" not in given:
            missing = "SLACK_BOT_TOKEN"
        print(
            f"error: {', '.join(given)} set but not {missing}; see 'Slack set-up' in README.md",
            file=err,
        )
        return EXIT_USAGE
    if not stdin.isatty():
        print(
            "error: no Slack credentials and no terminal: set SLACK_BOT_TOKEN with "
            "SLACK_APP_TOKEN or SLACK_SIGNING_SECRET (see 'Slack set-up' in README.md), or run "
            "recount console",
            file=err,
        )
        return EXIT_USAGE
    print(
        "No Slack credentials (SLACK_BOT_TOKEN with SLACK_APP_TOKEN, or with "
        "SLACK_SIGNING_SECRET), so this is the local console; see 'Slack set-up' in README.md.",
        file=err,
    )
    return run_console(stdin, out, err, today=montana_today)
