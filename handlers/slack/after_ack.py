"""Work that must wait until Slack has its acknowledgement: views.open, views.update, delivery.

The app runs listeners inline (process_before_response), so a listener acknowledges and
returns at once; anything that calls Slack is handed to this small pool instead. A failure
there is reported like any listener failure: logged, and explained privately to the asker.

Work that can take long (a scan, a recount kit, a PDF) goes to a lane of its own
(`run_heavy`): a few threads, a bound on what may wait, and a bound per person, so a verdict,
a form, a stop or a reminder never queues behind nine uploads. Past a bound the asker is told
"busy, try again in a minute" at once, instead of waiting behind an unbounded queue.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, Final

from handlers.slack.metadata import NOT_VERIFIED
from handlers.slack.observability import report_failure

WORKERS: Final = 8
# The long lane: 2 threads (the machine's cores; each scan also keeps a reader child busy),
# at most 2 jobs per person running or waiting, and 12 in all (a canvass day's clerks)
HEAVY_WORKERS: Final = 2
PER_USER: Final = 2
HEAVY_IN_FLIGHT: Final = 12
BUSY_YOURS: Final = (
    f"You already have {PER_USER} scans or papers in progress. Try again in a minute, when "
    "one of them has been posted."
)
BUSY_ALL: Final = "The bot is busy with other scans and papers. Try again in a minute."


class AfterAck:
    def __init__(
        self,
        workers: int = WORKERS,
        *,
        heavy_workers: int = HEAVY_WORKERS,
        per_user: int = PER_USER,
        heavy_in_flight: int = HEAVY_IN_FLIGHT,
    ) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="recount-after-ack")
        self._heavy = ThreadPoolExecutor(
            max_workers=heavy_workers, thread_name_prefix="recount-long-work"
        )
        self._per_user = per_user
        self._heavy_in_flight = heavy_in_flight
        self._heavy_by_user: dict[str, int] = {}
        self._pending: set[Future[None]] = set()
        self._lock = threading.Lock()

    def run(
        self, work: Callable[[], object], *, body: dict[str, Any], request_id: str
    ) -> Future[None]:
        def guarded() -> None:
            try:
                work()
            except Exception as error:
                report_failure(error, body, request_id)

        future = self._pool.submit(guarded)
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._forget)
        return future

    def run_heavy(
        self,
        work: Callable[[], object],
        *,
        user: str | None,
        busy: Callable[[str], object],
        body: dict[str, Any],
        request_id: str,
    ) -> bool:
        """Runs a scan, a kit or a PDF in the long lane; False, with `busy(text)` said after
        the ack, where the asker already has PER_USER jobs there or the lane is full. A
        request that names nobody counts as one person ("?"), so it is bounded too."""
        who = user or "?"
        with self._lock:
            mine = self._heavy_by_user.get(who, 0)
            refused = (
                BUSY_YOURS
                if mine >= self._per_user
                else BUSY_ALL
                if sum(self._heavy_by_user.values()) >= self._heavy_in_flight
                else None
            )
            if refused is None:
                self._heavy_by_user[who] = mine + 1
        if refused is not None:
            self.run(lambda: busy(refused), body=body, request_id=request_id)
            return False

        def guarded() -> None:
            try:
                work()
            except Exception as error:
                report_failure(error, body, request_id)
            finally:
                with self._lock:
                    left = self._heavy_by_user[who] - 1
                    if left:
                        self._heavy_by_user[who] = left
                    else:
                        del self._heavy_by_user[who]

        future = self._heavy.submit(guarded)
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._forget)
        return True

    def run_heavy_for_clicker(
        self,
        respond: Callable[..., object],
        work: Callable[[], object],
        *,
        body: dict[str, Any],
        request_id: str,
    ) -> bool:
        """`run_heavy` for a button's work (a kit, a PDF): busy is said privately to the one
        who clicked, counted against them."""
        user = body.get("user")
        return self.run_heavy(
            work,
            user=str(user.get("id")) if isinstance(user, dict) and user.get("id") else None,
            busy=lambda text: respond(response_type="ephemeral", replace_original=False, text=text),
            body=body,
            request_id=request_id,
        )

    def tell(
        self, respond: Callable[..., object], text: str, *, body: dict[str, Any], request_id: str
    ) -> None:
        """Says `text` to the one who clicked, privately, once Slack has its acknowledgement."""
        self.run(
            lambda: respond(response_type="ephemeral", replace_original=False, text=text),
            body=body,
            request_id=request_id,
        )

    def _forget(self, future: Future[None]) -> None:
        with self._lock:
            self._pending.discard(future)

    def drain(self, timeout: float | None = None) -> bool:
        """Waits until all work handed over so far is done, and the work it handed on in turn
        (a click's reply that queues a scan); False if `timeout` ran out first. Tests drain
        before asserting that nothing was posted, instead of sleeping."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:  # a future done but not yet forgotten is not waited for again
                pending = {f for f in self._pending if not f.done()}
            if not pending:
                return True
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            _, not_done = wait(pending, timeout=left)
            if not_done:
                return False

    def pending(self) -> int:
        with self._lock:
            return len(self._pending)

    def shutdown(self, *, wait: bool = True) -> None:
        self._heavy.shutdown(wait=wait, cancel_futures=not wait)
        self._pool.shutdown(wait=wait, cancel_futures=not wait)


class Later:
    """The AfterAck bound to one request (handlers.slack.listener.Bind makes one for each):
    its request id for the log lines, its body for telling the asker when the work fails
    (its response_url). A listener hands it the work that calls Slack; `body` overrides the
    request's where the one to tell is elsewhere (a form's saved response_url) or nobody."""

    __slots__ = ("_after_ack", "_body", "request_id")

    def __init__(self, after_ack: AfterAck, body: dict[str, Any], request_id: str) -> None:
        self._after_ack = after_ack
        self._body = body
        self.request_id = request_id

    def run(self, work: Callable[[], object], *, body: dict[str, Any] | None = None) -> None:
        self._after_ack.run(
            work, body=self._body if body is None else body, request_id=self.request_id
        )

    def heavy(
        self,
        work: Callable[[], object],
        *,
        user: str | None,
        busy: Callable[[str], object],
        body: dict[str, Any] | None = None,
    ) -> bool:
        return self._after_ack.run_heavy(
            work,
            user=user,
            busy=busy,
            body=self._body if body is None else body,
            request_id=self.request_id,
        )

    def heavy_for_clicker(self, respond: Callable[..., object], work: Callable[[], object]) -> bool:
        return self._after_ack.run_heavy_for_clicker(
            respond, work, body=self._body, request_id=self.request_id
        )

    def tell(self, respond: Callable[..., object], text: str) -> None:
        self._after_ack.tell(respond, text, body=self._body, request_id=self.request_id)

    def not_verified(self, respond: Callable[..., object]) -> None:
        """Tells the clicker, privately, that a button's signed value did not verify (a forged
        button, or one signed before a rotation): nothing was done. Nobody to tell without a
        response_url."""
        if isinstance(self._body.get("response_url"), str):
            self.tell(respond, NOT_VERIFIED)
