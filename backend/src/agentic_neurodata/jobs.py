"""One background worker for workflow steps: long work never runs on the event loop, and at
most one workflow step runs at a time (the service converts one session at a time)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from .logs import EventLog


class WorkflowWorker:
    def __init__(self, event_log: EventLog, session_id: Callable[[], str | None] = lambda: None) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="workflow")
        self._event_log = event_log
        self._session_id = session_id
        self._lock = threading.Lock()
        self._running = 0
        self._idle = threading.Event()
        self._idle.set()

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._running > 0

    def submit(self, job: Callable[[], Any], name: str) -> Future:
        with self._lock:
            self._running += 1
            self._idle.clear()
        return self._executor.submit(self._run, job, name)

    def wait_idle(self, timeout: float | None = None) -> bool:
        return self._idle.wait(timeout)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: Callable[[], Any], name: str) -> Any:
        try:
            return job()
        except Exception as exc:
            self._event_log.write_failure(self._session_id(), exc, f"workflow job {name}")
            raise
        finally:
            with self._lock:
                self._running -= 1
                if self._running == 0:
                    self._idle.set()
