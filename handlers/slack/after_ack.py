"""Work that must wait until Slack has its acknowledgement: views.open, views.update, delivery.

The app runs listeners inline (process_before_response), so a listener acknowledges and
returns at once; anything that calls Slack is handed to this small pool instead. A failure
there is reported like any listener failure: logged, and explained privately to the asker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, Final

from handlers.slack.observability import report_failure

WORKERS: Final = 8


class AfterAck:
    def __init__(self, workers: int = WORKERS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="recount-after-ack")
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
        """Waits until all work handed over so far is done; False if `timeout` ran out first.
        Tests drain before asserting that nothing was posted, instead of sleeping."""
        with self._lock:
            pending = set(self._pending)
        _, not_done = wait(pending, timeout=timeout)
        return not not_done

    def pending(self) -> int:
        with self._lock:
            return len(self._pending)

    def shutdown(self, *, wait: bool = True) -> None:
        self._pool.shutdown(wait=wait, cancel_futures=not wait)
