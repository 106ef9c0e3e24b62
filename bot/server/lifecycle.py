"""Starting and stopping the bot as an operator expects.

Start-up checks the credentials once (auth.test) and turns Slack's answer into one plain line.
Stopping (SIGTERM or SIGINT) stops accepting, lets requests in flight finish, drains the work
queued after acknowledgements for at most SHUTDOWN_GRACE seconds, logs what was still pending,
and exits 0: a deploy or a scale-in never loses a verdict already promised.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Final

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError

from bot.net.errors import network_reason
from bot.settings import SettingsError, https_proxy
from handlers.slack.after_ack import AfterAck
from handlers.slack.retries import HTTP_TIMEOUT

log = logging.getLogger("recount")
SHUTDOWN_GRACE: Final = 20.0  # seconds; under an orchestrator's usual 30 s kill timeout


def check_credentials(token: str, api_url: str | None) -> None:
    """auth.test once at start-up. Raises SettingsError with one plain line."""
    # One try, and no lines of slack_sdk's own: the promised one line is the only thing said
    # (its default handler retries a refused connection, logging ERROR and INFO lines first).
    options: dict[str, object] = {"token": token, "timeout": HTTP_TIMEOUT, "retry_handlers": []}
    if api_url:
        options["base_url"] = api_url.rstrip("/") + "/"
    quiet = logging.getLogger("slack_sdk.web.base_client")
    was = quiet.disabled
    quiet.disabled = True
    try:
        WebClient(**options).auth_test()  # type: ignore[arg-type]
    except SlackApiError as error:
        reason = error.response.get("error", "unknown_error")
        raise SettingsError(f"Slack rejected SLACK_BOT_TOKEN ({reason})") from None
    except (SlackClientError, OSError) as error:
        host = api_url or "slack.com"
        proxy = https_proxy()
        if proxy and isinstance(error, OSError | SlackClientError) and _refused(error):
            # the proxy, not Slack, turned us away: name it, never its password
            raise SettingsError(
                f"the proxy {_shown_proxy(proxy)} refused the connection to {host}: "
                f"{network_reason(error)} — check HTTPS_PROXY"
            ) from None
        raise SettingsError(
            f"cannot reach {host}: {network_reason(error)} — check the network or HTTPS_PROXY"
        ) from None
    finally:
        quiet.disabled = was


def _refused(error: BaseException) -> bool:
    """A connection refused or reset: with a proxy set, the proxy's doing."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, ConnectionRefusedError | ConnectionResetError):
            return True
        if "refused" in str(seen).lower() or "407" in str(seen) or "403" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _shown_proxy(proxy: str) -> str:
    """The proxy's URL without a password."""
    scheme, sep, rest = proxy.partition("://")
    host = rest.rsplit("@", 1)[-1] if sep else proxy.rsplit("@", 1)[-1]
    return f"{scheme}://{host}" if sep else host


def on_stop(stop: Callable[[], None]) -> threading.Event:
    """Calls `stop` (in a thread) on the first SIGTERM or SIGINT; the event is set then."""
    stopping = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        if not stopping.is_set():
            log.info("stopping on %s", signal.Signals(signum).name)
            stopping.set()
            threading.Thread(target=stop, name="recount-stop").start()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)
    return stopping


def finish(after_ack: AfterAck, started: float, grace: float = SHUTDOWN_GRACE) -> None:
    """Waits for the after-ack work within what is left of the grace; logs what is not done."""
    left = max(0.0, grace - (time.monotonic() - started))
    if after_ack.drain(timeout=left):
        log.info("stopped: all work after acknowledgements finished")
    else:
        log.warning("stopped with %d Slack calls still pending", after_ack.pending())
    after_ack.shutdown(wait=False)
