"""Downloading a file a clerk shared in Slack: an authenticated GET of the address Slack gave,
at most `limit` bytes, within a time limit. The listener (handlers.slack.scan.scanning)
holds only the `Download` port and says what failed in a clerk's words.

The request carries the bot token, so it goes only to Slack's file hosts, over HTTPS: an
address that `files.info` gives anywhere else, or over http://, is refused before anything is
sent, and so is a redirect off those hosts (followed by hand, each hop checked, so urllib
never carries the `Authorization` header along). The operator's own SLACK_API_URL (a fake
Slack in the tests, a gateway of the operator's) names the one other origin allowed, as it
is written. The time limit is the transfer's in all (bot.net.deadline), however slowly the
bytes come.
"""

from __future__ import annotations

import http.client
import logging
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bot.net.deadline import Deadline
from bot.net.fetch import ConnectingHTTP, ConnectingHTTPS
from handlers.slack.ports import DownloadFailed, DownloadProblem

log = logging.getLogger("recount")

# Where Slack serves the files of a workspace (url_private, url_private_download): the
# commercial hosts, and GovSlack's.
SLACK_FILE_HOSTS: Final = frozenset(
    {"files.slack.com", "files-edu.slack.com", "files-origin.slack.com", "files.slack-gov.com"}
)
_REDIRECTS: Final = (301, 302, 303, 307, 308)
_MAX_REDIRECTS: Final = 5
_BY_STATUS = {
    401: DownloadProblem.FORBIDDEN,
    403: DownloadProblem.FORBIDDEN,
    404: DownloadProblem.GONE,
    410: DownloadProblem.GONE,
}


def _origin(url: str) -> tuple[str, str, int | None] | None:
    parts = urllib.parse.urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        return None
    return (parts.scheme.lower(), (parts.hostname or "").lower(), port)


def slack_may_serve(url: str, own_origin: str | None = None) -> bool:
    """Whether the bot token may go to `url`: one of Slack's file hosts over https, or
    exactly the origin (scheme, host, port) of the operator's `own_origin`."""
    origin = _origin(url)
    if origin is None:
        return False
    scheme, host, port = origin
    if scheme == "https" and host in SLACK_FILE_HOSTS and port in (None, 443):
        return True
    return own_origin is not None and origin == _origin(own_origin)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Each redirect is checked here before it is followed (download), never by urllib."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _opener(deadline: Deadline) -> urllib.request.OpenerDirector:
    def create(address: tuple[str, int], timeout: float, *_: object) -> socket.socket:
        return deadline.watch(socket.create_connection(address, deadline.timeout(timeout)))

    connect: Callable[..., socket.socket] = create
    return urllib.request.build_opener(
        _NoRedirects, ConnectingHTTP(connect), ConnectingHTTPS(connect)
    )


def download(
    url: str, token: str | None, limit: int, timeout_s: float, *, own_origin: str | None = None
) -> bytes:
    """The body, cut after `limit` + 1 bytes (so that the caller sees it is too large).
    Raises DownloadFailed with what went wrong. `own_origin`: SLACK_API_URL, when set."""
    with Deadline(timeout_s) as deadline:
        try:
            body = _download(url, token, limit, deadline, own_origin)
        except DownloadFailed:
            if deadline.expired:
                raise DownloadFailed(DownloadProblem.TOO_SLOW) from None
            raise
        if deadline.expired:  # the socket shut at the deadline: what came is not the file
            raise DownloadFailed(DownloadProblem.TOO_SLOW)
        return body


def _download(
    url: str, token: str | None, limit: int, deadline: Deadline, own_origin: str | None
) -> bytes:
    for _ in range(_MAX_REDIRECTS + 1):
        if not slack_may_serve(url, own_origin):
            # never the path or the query: the host says enough
            log.warning(
                "download refused: %s is not one of Slack's file hosts over https",
                urllib.parse.urlsplit(url).hostname or "an address without a host",
            )
            raise DownloadFailed(DownloadProblem.UNREACHABLE)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        request = urllib.request.Request(url, headers=headers)
        try:
            with _opener(deadline).open(request, timeout=deadline.timeout(30.0)) as response:
                body: bytes = response.read(limit + 1)
                return body
        except urllib.error.HTTPError as error:
            if error.code in _REDIRECTS and error.headers.get("Location"):
                url = urllib.parse.urljoin(url, error.headers["Location"])
                continue
            raise DownloadFailed(_BY_STATUS.get(error.code, DownloadProblem.UNREACHABLE)) from None
        except TimeoutError:
            raise DownloadFailed(DownloadProblem.TOO_SLOW) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
            timed_out = isinstance(getattr(error, "reason", None), TimeoutError)
            problem = DownloadProblem.TOO_SLOW if timed_out else DownloadProblem.UNREACHABLE
            raise DownloadFailed(problem) from None
    raise DownloadFailed(DownloadProblem.UNREACHABLE)


@dataclass(frozen=True)
class SlackDownload:
    """The Download port (handlers.slack.ports) of one app: Slack's file hosts, and the
    origin of its SLACK_API_URL when one is set."""

    api_url: str | None = None

    def __call__(self, url: str, token: str | None, limit: int, timeout_s: float) -> bytes:
        return download(url, token, limit, timeout_s, own_origin=self.api_url)
