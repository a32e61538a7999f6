"""Run heavy work (NeuroConv writes, NWB Inspector, report rendering) in a child process.

Why a process and not a thread: h5py and NeuroConv hold the GIL for long stretches (gzip inside
H5Dwrite, pure-Python checks), which starved the API's event loop (/api/status p99 was 4.2 s
with 50 clients during a plain NeuroConv conversion in a thread). A child has its own GIL, its
memory is returned to the system when it ends, and cancelling is a clean terminate.

Children fork from a forkserver that imported NeuroConv once, so each start costs milliseconds,
not the seconds of a fresh import. A child exits by itself if the service dies (kill -9), so no
orphan keeps writing files.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import pickle
import queue
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from .errors import ServiceError, WorkflowCancelled

ProgressCallback = Callable[..., None]
# Imported once by the forkserver: the libraries (isolation_preload also readies the report's
# reportlab and fonts, and the validation's type map), and the workers' own modules.
PRELOAD = [
    "agentic_neurodata.isolation_preload",
    "agentic_neurodata.agents.conversion.writing.worker",
    "agentic_neurodata.agents.evaluation.worker",
]
POLL_S = 0.1
WORKER_NICENESS = 10
_context: multiprocessing.context.BaseContext | None = None
_context_lock = threading.Lock()
_warming = False


def _get_context() -> multiprocessing.context.BaseContext:
    global _context
    with _context_lock:
        if _context is None:
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                context.set_forkserver_preload(PRELOAD)
            _context = context
        return _context


def warm_up() -> None:
    """Start the forkserver (and its NeuroConv import) ahead of the first conversion."""
    run_isolated("agentic_neurodata.isolation_preload:ready", {}, lambda *a, **k: None, lambda: False)


def warm_up_in_background() -> None:
    """warm_up() on a daemon thread, once per process. A failure here shows again, with its reason,
    when the first real work starts its worker."""
    global _warming
    with _context_lock:
        if _warming:
            return
        _warming = True

    def warm() -> None:
        with contextlib.suppress(Exception):
            warm_up()

    threading.Thread(target=warm, daemon=True, name="warm-workers").start()


def shutdown() -> None:
    """Stop the forkserver (it also ends with the service). The next run starts a fresh one, which
    takes the process's limits of that moment (resource limits are inherited from the forkserver)."""
    with _context_lock:
        if _context is not None and _context.get_start_method() == "forkserver":
            from multiprocessing import forkserver

            # No public API; the attribute exists since Python 3.8.
            forkserver._forkserver._stop()  # type: ignore[attr-defined]


class ChildFailed(ServiceError):
    """The child raised something that is not one of our ServiceErrors."""

    error_code = "child_failed"


def run_isolated(
    target: str,
    kwargs: dict[str, Any],
    on_progress: ProgressCallback,
    cancelled: Callable[[], bool],
    niceness: int = WORKER_NICENESS,
) -> Any:
    """Call `module:function(**kwargs, progress=...)` in a child; relay its progress calls to
    `on_progress`; terminate it when `cancelled()` turns true (then raise WorkflowCancelled);
    return its result or re-raise its error. `niceness`: how much the child yields the CPU."""
    context = _get_context()
    messages = context.Queue()
    # BaseContext does not declare Process; the forkserver and spawn contexts both have it.
    child = context.Process(  # type: ignore[attr-defined]
        target=_child_main, args=(target, kwargs, messages, os.getpid(), niceness), daemon=True
    )
    child.start()
    try:
        while True:
            if cancelled():
                raise WorkflowCancelled("The work was cancelled by the user.")
            try:
                kind, payload = messages.get(timeout=POLL_S)
            except queue.Empty:
                if not child.is_alive():
                    # It may have put its last message just before exiting.
                    try:
                        kind, payload = messages.get(timeout=1.0)
                    except queue.Empty:
                        raise ChildFailed(
                            f"The worker process stopped unexpectedly (exit code {child.exitcode}).",
                            details={"exit_code": child.exitcode},
                        ) from None
                else:
                    continue
            if kind == "progress":
                args, progress_kwargs = payload
                on_progress(*args, **progress_kwargs)
            elif kind == "result":
                return payload
            elif kind == "error":
                raise _rebuild_error(payload)
    finally:
        if child.is_alive():
            child.terminate()
        child.join(timeout=10)
        if child.is_alive():
            child.kill()
            child.join(timeout=5)
        messages.close()


def _child_main(target: str, kwargs: dict[str, Any], messages: Any, service_pid: int, niceness: int) -> None:
    _die_with(service_pid)
    # Heavy work yields the CPU to the service: requests are answered first, the work takes the rest.
    os.nice(niceness)
    module_name, _, function_name = target.partition(":")

    def progress(*args: Any, **progress_kwargs: Any) -> None:
        messages.put(("progress", (args, progress_kwargs)))

    try:
        function = getattr(importlib.import_module(module_name), function_name)
        result = function(**kwargs, progress=progress)
        pickle.dumps(result)  # here, not in the queue's feeder thread where the error would be lost
        messages.put(("result", result))
    except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent
        messages.put(("error", _describe_error(exc)))
    finally:
        messages.close()
        messages.join_thread()


def _die_with(service_pid: int) -> None:
    """Exit as soon as the service process is gone (a kill -9 must not leave a writer behind)."""

    def watch() -> None:
        while True:
            try:
                os.kill(service_pid, 0)
            except ProcessLookupError:
                os._exit(70)
            except PermissionError:
                pass
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True, name="service-watchdog").start()


def _describe_error(exc: BaseException) -> dict[str, Any]:
    # The full stack (with the cause an explained error was raised from) goes back for the session log.
    stack = "".join(traceback.format_exception(exc))
    if isinstance(exc, ServiceError):
        return {
            "service_error": type(exc).__name__,
            "module": type(exc).__module__,
            "message": exc.message,
            "details": exc.details,
            "error_code": exc.error_code,
            "status_code": exc.status_code,
            "component": exc.component,
            "traceback": stack,
        }
    return {"type": type(exc).__name__, "message": str(exc), "traceback": stack}


def _rebuild_error(payload: dict[str, Any]) -> ServiceError:
    error: ServiceError
    if "service_error" in payload:
        cls = getattr(importlib.import_module(payload["module"]), payload["service_error"], ServiceError)
        error = cls(
            payload["message"],
            details=payload["details"],
            component=payload["component"],
            error_code=payload["error_code"],
            status_code=payload["status_code"],
        )
    else:
        error = ChildFailed(f"{payload['type']}: {payload['message']}", details={"type": payload["type"]})
    error.worker_traceback = payload.get("traceback") or None
    return error
