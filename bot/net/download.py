"""Downloading a file a clerk shared in Slack: an authenticated GET of the address Slack gave,
at most `limit` bytes, within a time limit. The listener (handlers.slack.scanning)
holds only the `Download` port and says what failed in a clerk's words."""

from __future__ import annotations

import urllib.error
import urllib.request

from handlers.slack.services import DownloadFailed, DownloadProblem

_BY_STATUS = {
    401: DownloadProblem.FORBIDDEN,
    403: DownloadProblem.FORBIDDEN,
    404: DownloadProblem.GONE,
    410: DownloadProblem.GONE,
}


def download(url: str, token: str | None, limit: int, timeout_s: float) -> bytes:
    """The body, cut after `limit` + 1 bytes (so that the caller sees it is too large).
    Raises DownloadFailed with what went wrong."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            body: bytes = response.read(limit + 1)
            return body
    except urllib.error.HTTPError as error:
        raise DownloadFailed(_BY_STATUS.get(error.code, DownloadProblem.UNREACHABLE)) from None
    except TimeoutError:
        raise DownloadFailed(DownloadProblem.TOO_SLOW) from None
    except (urllib.error.URLError, OSError) as error:
        timed_out = isinstance(getattr(error, "reason", None), TimeoutError)
        problem = DownloadProblem.TOO_SLOW if timed_out else DownloadProblem.UNREACHABLE
        raise DownloadFailed(problem) from None
