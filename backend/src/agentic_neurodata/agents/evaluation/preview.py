"""The report's data preview, drawn in its own worker process while NWB Inspector checks the file:
the figure depends on the file's data alone, so a passed file's PDF need not wait for it afterwards,
and a version derived from another one (the same data, other metadata) reuses that one's figure."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ... import isolation
from .figures import Figure
from .worker import DRAW_PREVIEW

KEPT = 4  # figures remembered for versions derived later (a few hundred kB each)


class PreviewInAdvance:
    """The figure of the file being evaluated, and those of the last few files."""

    def __init__(self) -> None:
        self._path: str | None = None
        self._future: Future[Figure | None] | None = None
        self._stop = threading.Event()
        self._drawn: dict[str, Future[Figure | None]] = {}

    def start(self, nwb_path: str, cancelled: Callable[[], bool], same_data_as: str | None = None) -> None:
        """Draw the figure of `nwb_path`, or take the one of `same_data_as` (a file with the same data)."""
        earlier = self._drawn.get(same_data_as) if same_data_as else None
        if earlier is not None and not (earlier.done() and earlier.exception() is not None):
            # Still being drawn, or drawn: the same figure (not stopped, it is this file's too).
            self._path, self._future = nwb_path, earlier
            self._remember(nwb_path, earlier)
            return
        self._stop.set()
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
        self._remember(nwb_path, future)
        threading.Thread(target=draw, daemon=True, name="report-preview").start()

    def stop(self) -> None:
        """Not needed (the evaluation failed, or another file is evaluated): stop drawing."""
        self._stop.set()
        if self._path is not None:
            self._drawn.pop(self._path, None)
        self._path, self._future = None, None

    def take(self, nwb_path: str) -> tuple[bool, Figure | None]:
        """(True, the figure) once drawn for this file; (False, None) when there is none to take."""
        path, future = self._path, self._future
        if future is None or path != nwb_path:
            return False, None
        try:
            return True, future.result()
        except Exception:  # noqa: BLE001 - drawn again where the report is written, which reports its error
            return False, None

    def _remember(self, nwb_path: str, future: Future[Figure | None]) -> None:
        self._drawn[nwb_path] = future
        while len(self._drawn) > KEPT:
            del self._drawn[next(iter(self._drawn))]


def _no_progress(*args: Any, **kwargs: Any) -> None:
    return None
