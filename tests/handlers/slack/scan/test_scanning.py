"""A shared file's download as a clerk hears of it: each failure names the file and what to do."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any, cast

import pytest
from slack_sdk import WebClient

from handlers.results import ResultsFileError
from handlers.results.scan import ScanOptions
from handlers.slack.ports import DownloadFailed, DownloadProblem
from handlers.slack.scan.scanning import (
    FORBIDDEN,
    GONE,
    TOO_SLOW,
    ScanTarget,
    SharedFile,
    download_shared,
    run_scan,
)

from ....fake_slack import FakeSlack, Reply
from ....slack_helpers import block_texts
from ..scan_payloads import TABLE, blocks_of

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


def scan_through(fake: FakeSlack, *, timeout: int = 5) -> None:
    """One DM scan of TABLE by run_scan, its posts to the fake Slack (no retries, so each
    failure the fake is told to give is seen once)."""
    client = WebClient(token="xoxb-1", base_url=fake.api_url, timeout=timeout, retry_handlers=[])
    fake.files["F0TABLE"] = ("results.csv", TABLE)

    def download(url: str, token: str | None, limit: int, timeout_s: float) -> bytes:
        return TABLE

    to = ScanTarget("D0DM", "1700000000.000001", "U0CLERK")
    run_scan(
        client,
        download,
        to,
        [SharedFile("F0TABLE", "results.csv")],
        ScanOptions(today=date(2026, 11, 18), canvass=date(2026, 11, 16)),
    )


def test_a_refused_summary_update_is_tried_once_more_and_the_csv_still_posted(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    fake.answers["chat.update"] = [Reply(body={"ok": False, "error": "internal_error"})]
    scan_through(fake)
    first, second = fake.to("chat.update")
    assert first.body == second.body  # the same summary, so it lands once
    assert "Scan: 2 contests, 1 recount available" in block_texts(blocks_of(second.body))
    assert len(fake.uploads) == 1
    assert "the summary was not posted, attempt 1 (Slack answered internal_error)" in caplog.text


def test_a_progress_post_that_times_out_is_a_failed_post_not_a_hang(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    fake.hold["chat.postMessage"] = threading.Event()  # answered after held_s, past timeout
    fake.held_s = 3.0
    scan_through(fake, timeout=1)  # returns: the listener's thread is not stuck
    fake.hold["chat.postMessage"].set()
    assert fake.to("chat.update") == [] and fake.uploads == []
    assert "the progress message was not posted (Slack did not answer in time)" in caplog.text


def test_a_csv_upload_that_fails_is_logged_and_not_tried_again(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    fake.answers["files.getUploadURLExternal"] = [Reply(body={"ok": False, "error": "fatal"})]
    scan_through(fake)
    (summary,) = fake.to("chat.update")
    assert "Scan: 2 contests" in block_texts(blocks_of(summary.body))
    assert len(fake.to("files.getUploadURLExternal")) == 1 and fake.uploads == []
    assert "the CSV was not posted (Slack answered fatal)" in caplog.text
