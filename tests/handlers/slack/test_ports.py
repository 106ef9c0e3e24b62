"""The Slack surface's ports: a download's failure carries what went wrong."""

from __future__ import annotations

from handlers.slack.ports import DownloadFailed, DownloadProblem


def test_a_failed_download_says_which_problem() -> None:
    failed = DownloadFailed(DownloadProblem.GONE)
    assert failed.problem is DownloadProblem.GONE and str(failed) == "gone"
