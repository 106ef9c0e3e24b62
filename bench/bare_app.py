"""The floor: a Bolt app that only acknowledges /recount, configured and served like the bot
(same listener mode, authorize without auth.test, signature check, threaded WSGI server)."""

from __future__ import annotations

import os
import sys

from slack_bolt import Ack, App
from slack_bolt.authorization import AuthorizeResult

from bot.server.http_server import make_http_server


def main() -> None:
    token = os.environ["SLACK_BOT_TOKEN"]

    def authorize(
        enterprise_id: str | None, team_id: str | None, user_id: str | None
    ) -> AuthorizeResult:
        return AuthorizeResult(enterprise_id=enterprise_id, team_id=team_id, bot_token=token)

    app = App(
        process_before_response=True,
        signing_secret=os.environ["SLACK_SIGNING_SECRET"],
        authorize=authorize,
    )

    @app.command("/recount")
    def only_ack(ack: Ack) -> None:
        ack()

    server = make_http_server(
        app, "127.0.0.1", int(sys.argv[1]), os.environ["SLACK_SIGNING_SECRET"]
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
