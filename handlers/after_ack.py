"""Work that must wait until Slack has its acknowledgement: views.open, views.update, delivery.

The app runs listeners inline (process_before_response), so a listener acknowledges and
returns at once; anything that calls Slack is handed to this small pool instead. A failure
there is reported like any listener failure: logged, and explained privately to the asker.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Final

from handlers.observability import report_failure

WORKERS: Final = 8


class AfterAck:
    def __init__(self, workers: int = WORKERS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="recount-after-ack")

    def run(
        self, work: Callable[[], object], *, body: dict[str, Any], request_id: str
    ) -> Future[None]:
        def guarded() -> None:
            try:
                work()
            except Exception as error:
                report_failure(error, body, request_id)

        return self._pool.submit(guarded)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True)
