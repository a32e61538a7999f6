"""SHA-256 of new versions computed in a background thread, so the evaluation runs meanwhile
(HDF5 writes out of order: a file is hashed once it is complete, not while it is written)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from .versions import sha256_of


class Checksums:
    """The versions whose checksum is still being computed, by version number."""

    def __init__(self) -> None:
        self._running: dict[int, Future[Any]] = {}
        self._lock = threading.Lock()

    def start(self, version: int, path: Path, then: Callable[[str], Any]) -> None:
        """Hash `path` in a thread, then call `then(sha256)` there (it records the version)."""
        future: Future[Any] = Future()

        def run() -> None:
            try:
                future.set_result(then(sha256_of(path)))
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits for it
                future.set_exception(exc)

        with self._lock:
            self._running[version] = future
        threading.Thread(target=run, daemon=True, name=f"sha256-v{version}").start()

    def wait(self, version: int) -> None:
        """Until the version's checksum is recorded; re-raises what went wrong computing it."""
        with self._lock:
            future = self._running.get(version)
        if future is None:
            return
        try:
            future.result()
        finally:
            with self._lock:
                if self._running.get(version) is future:
                    del self._running[version]

    def wait_all(self) -> None:
        with self._lock:
            versions = list(self._running)
        for version in versions:
            self.wait(version)
