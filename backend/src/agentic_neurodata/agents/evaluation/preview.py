"""The report's data preview, drawn in its own worker process while NWB Inspector checks the file:
the figure depends on the file alone, so a passed file's PDF need not wait for it afterwards."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ... import isolation
from .figures import Figure
from .worker import DRAW_PREVIEW


class PreviewInAdvance:
    """At most one preview at a time: the file being evaluated."""

    def __init__(self) -> None:
        self._path: str | None = None
        self._future: Future[Figure | None] | None = None
        self._stop = threading.Event()

    def start(self, nwb_path: str, cancelled: Callable[[], bool]) -> None:
        self.stop()
        future: Future[Figure | None] = Future()
        stop = threading.Event()

        def draw() -> None:
            try:
                figure = isolation.run_isolated(
                    DRAW_PREVIEW, {"nwb_path": nwb_path}, _no_progress, lambda: stop.is_set() or cancelled()
                )
                future.set_result(figure)
            except BaseException as exc:  # noqa: BLE001 - the report draws it again itself
                future.set_exception(exc)

        self._path, self._future, self._stop = nwb_path, future, stop
        threading.Thread(target=draw, daemon=True, name="report-preview").start()

    def stop(self) -> None:
        """Not needed (the file failed, or another file is evaluated): stop drawing."""
        self._stop.set()
        self._path, self._future = None, None

    def take(self, nwb_path: str) -> tuple[bool, Figure | None]:
        """(True, the figure) once drawn for this file; (False, None) when there is none to take."""
        path, future = self._path, self._future
        self._path, self._future = None, None
        if future is None or path != nwb_path:
            return False, None
        try:
            return True, future.result()
        except Exception:  # noqa: BLE001 - drawn again where the report is written, which reports its error
            return False, None


def _no_progress(*args: Any, **kwargs: Any) -> None:
    return None
