"""The after-ack pool: work runs after the acknowledgement, failures are reported, drain waits."""

from __future__ import annotations

import threading

import pytest

from handlers.slack.after_ack import AfterAck


def test_drain_waits_for_what_was_handed_over() -> None:
    pool = AfterAck(workers=2)
    release = threading.Event()
    done: list[int] = []

    def slow() -> None:
        release.wait(5)
        done.append(1)

    pool.run(slow, body={}, request_id="r1")
    assert pool.drain(timeout=0.05) is False  # still running
    release.set()
    assert pool.drain(timeout=5) is True
    assert done == [1]
    pool.shutdown()


def test_a_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    reported: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "handlers.slack.after_ack.report_failure",
        lambda error, body, request_id: reported.append((type(error).__name__, request_id)),
    )
    pool = AfterAck(workers=1)

    def broken() -> None:
        raise RuntimeError("boom")

    pool.run(broken, body={}, request_id="r2").result(timeout=5)
    assert reported == [("RuntimeError", "r2")]
    assert pool.drain(timeout=5)
    pool.shutdown()


def test_tell_says_it_privately_after_the_ack() -> None:
    after_ack = AfterAck(workers=1)
    said: list[dict[str, object]] = []
    after_ack.tell(lambda **kwargs: said.append(kwargs), "no such check", body={}, request_id="r")
    assert after_ack.drain(timeout=5)
    assert said == [
        {"response_type": "ephemeral", "replace_original": False, "text": "no such check"}
    ]
    after_ack.shutdown()
