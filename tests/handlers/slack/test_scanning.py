"""A shared file's download as a clerk hears of it: each failure names the file and what to do."""

from __future__ import annotations

from typing import Any, cast

import pytest
from slack_sdk import WebClient

from handlers.results import ResultsFileError
from handlers.slack.scanning import FORBIDDEN, GONE, TOO_SLOW, SharedFile, download_shared
from handlers.slack.services import DownloadFailed, DownloadProblem

SHARED = SharedFile("F0TABLE", "results.xlsx")


class Files:
    """files.info as Slack answers it, and the client's token."""

    token = "xoxb-1"

    def __init__(self, info: dict[str, Any]) -> None:
        self.info = info

    def files_info(self, file: str) -> dict[str, Any]:
        return {"file": self.info}


def failing(problem: DownloadProblem) -> Any:
    def download(url: str, token: str | None, limit: int, timeout_s: float) -> bytes:
        raise DownloadFailed(problem)

    return download


INFO = {"name": "results.xlsx", "size": 10, "url_private_download": "https://files.example/f"}


@pytest.mark.parametrize(
    ("problem", "said"),
    [
        (DownloadProblem.FORBIDDEN, FORBIDDEN),
        (DownloadProblem.GONE, GONE),
        (DownloadProblem.TOO_SLOW, TOO_SLOW),
    ],
)
def test_each_problem_in_a_clerks_words(problem: DownloadProblem, said: str) -> None:
    with pytest.raises(ResultsFileError) as refused:
        download_shared(cast(WebClient, Files(INFO)), failing(problem), SHARED)
    assert str(refused.value) == said.format(name="results.xlsx")


def test_the_bytes_with_the_clients_token() -> None:
    asked: list[tuple[str, str | None]] = []

    def download(url: str, token: str | None, limit: int, timeout_s: float) -> bytes:
        asked.append((url, token))
        return b"PK"

    name, data = download_shared(cast(WebClient, Files(INFO)), download, SHARED)
    assert (name, data) == ("results.xlsx", b"PK")
    assert asked == [("https://files.example/f", "xoxb-1")]


def test_a_file_over_20_mb_is_not_downloaded() -> None:
    big = {**INFO, "size": 21 * 1024 * 1024}
    with pytest.raises(ResultsFileError, match="over the 20 MB"):
        download_shared(cast(WebClient, Files(big)), failing(DownloadProblem.GONE), SHARED)
