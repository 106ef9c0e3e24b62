"""`recount serve` (Socket Mode or HTTP) and `recount run` (the bot if set up, else the console)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TextIO

from slack_bolt.adapter.socket_mode import SocketModeHandler

from bot.app import create_app
from bot.console import run_console
from bot.http_server import EVENTS_PATH, HEALTH_PATH, make_http_server
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError
from bot.terminal import EXIT_OK, EXIT_USAGE

log = logging.getLogger("recount")


def _serve_http(settings: Settings, port: int) -> int:
    settings.require_http()
    server = make_http_server(create_app(settings), "0.0.0.0", port, settings.signing_secret_text)
    log.info(
        "recount listening on port %d: POST %s, GET %s",
        server.server_port,
        EVENTS_PATH,
        HEALTH_PATH,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return EXIT_OK


def _serve_socket_mode(settings: Settings) -> int:
    settings.require_socket_mode()
    assert settings.app_token is not None
    log.info("recount connecting to Slack in Socket Mode")
    handler = SocketModeHandler(create_app(settings), settings.app_token.get_secret_value())
    handler.start()  # type: ignore[no-untyped-call]  # slack_bolt leaves start() unannotated
    return EXIT_OK


def serve(args: Sequence[str], err: TextIO, settings: Settings | None = None) -> int:
    http = "--http" in args
    port: int | None = None
    rest = [a for a in args if a != "--http"]
    while rest:
        arg = rest.pop(0)
        if arg == "--port" and rest:
            value = rest.pop(0)
        elif arg.startswith("--port="):
            value = arg.partition("=")[2]
        else:
            print(
                f'error: serve does not take "{arg}". Usage: recount serve [--http [--port N]]',
                file=err,
            )
            return EXIT_USAGE
        if not value.isdigit() or not 0 < int(value) < 65536:
            print(f'error: --port "{value}" is not a port number', file=err)
            return EXIT_USAGE
        port = int(value)
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
        return serve([], err, settings)
    if settings.has_http:
        return serve(["--http"], err, settings)

    print(
        "No Slack credentials (SLACK_BOT_TOKEN with SLACK_APP_TOKEN, or with "
        "SLACK_SIGNING_SECRET), so this is the local console; see 'Slack set-up' in README.md.",
        file=err,
    )
    return run_console(stdin, out, err)
