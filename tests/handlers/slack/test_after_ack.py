"""The after-ack pool: work runs after the acknowledgement, failures are reported, drain waits."""

from __future__ import annotations

import threading

import pytest

from handlers.slack.after_ack import BUSY_ALL, BUSY_YOURS, AfterAck


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


def held_lane(**bounds: int) -> tuple[AfterAck, threading.Event, list[str]]:
    """A long lane whose jobs wait for `release`; `said` collects the busy replies."""
    return AfterAck(workers=2, **bounds), threading.Event(), []


def test_the_long_lane_bounds_each_person_and_the_whole() -> None:
    lane, release, said = held_lane(heavy_workers=1, per_user=2, heavy_in_flight=3)

    def job() -> None:
        release.wait(10)

    def ask(user: str | None) -> bool:
        return lane.run_heavy(job, user=user, busy=said.append, body={}, request_id="r")

    assert ask("U1") and ask("U1")  # at the bound per person: taken (one runs, one waits)
    assert not ask("U1")  # one above it: told
    assert ask("U2")  # someone else: taken, and the lane is now full (3)
    assert not ask("U3")  # one above the whole: told, whoever asks
    assert not ask(None)  # nobody named counts as someone, and is bounded the same
    release.set()
    assert lane.drain(timeout=10)
    assert said == [BUSY_YOURS, BUSY_ALL, BUSY_ALL]
    assert ask("U1") and ask("U1") and ask("U3")  # finished jobs free their places
    assert lane.drain(timeout=10)
    lane.shutdown()


def test_a_failed_long_job_frees_its_place_and_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    reported: list[str] = []
    monkeypatch.setattr(
        "handlers.slack.after_ack.report_failure",
        lambda error, body, request_id: reported.append(request_id),
    )
    lane, _, said = held_lane(heavy_workers=1, per_user=1, heavy_in_flight=1)

    def broken() -> None:
        raise RuntimeError("boom")

    assert lane.run_heavy(broken, user="U1", busy=said.append, body={}, request_id="r9")
    assert lane.drain(timeout=10)
    assert reported == ["r9"]
    assert lane.run_heavy(lambda: None, user="U1", busy=said.append, body={}, request_id="r")
    assert lane.drain(timeout=10) and said == []
    lane.shutdown()


def test_quick_work_never_waits_behind_the_long_lane() -> None:
    lane, release, said = held_lane(heavy_workers=2, per_user=2, heavy_in_flight=12)
    for n in range(9):  # nine long jobs from nine people: two run, seven wait
        assert lane.run_heavy(
            lambda: release.wait(10), user=f"U{n}", busy=said.append, body={}, request_id="r"
        )
    quick = threading.Event()
    lane.run(quick.set, body={}, request_id="r")
    assert quick.wait(3), "a verdict's work ran while nine long jobs held the lane"
    release.set()
    assert lane.drain(timeout=10) and said == []
    lane.shutdown()
