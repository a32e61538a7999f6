"""BatchService: what every door (REST, command line, MCP server) does with batches. It finds the
sessions, holds the table and the shared values (checked with the metadata rules), and runs the
sessions on Dask. Agents are reached only through the router (a read-only runtime for previews)."""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..config import Settings
from ..contracts import conversion
from ..domain import DetectionResult, FileFacts
from ..errors import BadInputError, InvalidStateError, NotFoundError, ServiceError
from .cluster import Cluster
from .discovery import find_sessions
from .models import VALID, BatchSession, BatchState, BatchStatus, SessionOutcome, SessionStatus
from .runner import Runner
from .store import BatchStore, Subscriber, state_path
from .summary import write_summary
from .table import apply_table
from .values import check_value, field_name, known_name, missing_for

BATCHES_FOLDER = "batches"


def new_batch_id() -> str:
    return "batch-" + datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def existing_folder(folder: str | Path) -> Path:
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise BadInputError(
            f"There is no folder {path}. Give the experiment's parent folder, the one holding the session "
            "folders (e.g. /data/experiment1 with m042/day1, m042/day2, ...).",
            details={"folder": str(path)},
        )
    return path


class BatchService:
    def __init__(self, settings: Settings, *, address: str | None = None, workers: int | None = None) -> None:
        self.settings = settings
        self.cluster = Cluster(settings, address, workers)
        self.runner = Runner(settings, self.cluster)
        self._stores: dict[str, BatchStore] = {}
        self._subscribers: list[Subscriber] = []
        self._threads: list[threading.Thread] = []
        self._preview_runtime: Any = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ the stores

    def load_saved(self) -> list[str]:
        """Batches saved under OUTPUT_DIR/batches; returns those that were running (to resume)."""
        interrupted = []
        for path in sorted((self.settings.output_dir / BATCHES_FOLDER).glob(f"*/{state_path(Path('.')).as_posix()}")):
            try:
                store = self.open(path.parents[1])
            except (OSError, ValueError):
                continue
            if store.snapshot().status in (BatchStatus.RUNNING, BatchStatus.DISCOVERING):
                interrupted.append(store.batch_id)
        return interrupted

    def open(self, output_dir: Path) -> BatchStore:
        """A batch saved in `output_dir` (a restart, or the same command run again)."""
        store = BatchStore.load(state_path(Path(output_dir)))
        self._register(store)
        return store

    def _register(self, store: BatchStore) -> None:
        with self._lock:
            self._stores[store.batch_id] = store
            for callback in self._subscribers:
                store.subscribe(callback)

    def subscribe(self, callback: Subscriber) -> None:
        with self._lock:
            self._subscribers.append(callback)
            for store in self._stores.values():
                store.subscribe(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        with self._lock:
            if callback in self._subscribers:
                self._subscribers.remove(callback)
            for store in self._stores.values():
                store.unsubscribe(callback)

    def get(self, batch_id: str) -> BatchStore:
        store = self._stores.get(batch_id)
        if store is None:
            raise NotFoundError(f"There is no batch {batch_id}. GET /api/batches lists them.")
        return store

    def all(self) -> list[BatchState]:
        return sorted((s.snapshot() for s in self._stores.values()), key=lambda b: b.created_at, reverse=True)

    # ------------------------------------------------------------------ finding sessions

    def _runtime(self) -> Any:
        """A runtime of its own for read-only previews: the single session's state and log stay untouched."""
        with self._lock:
            if self._preview_runtime is None:
                from ..runtime import build_runtime

                own = self.settings.model_copy(update={"state_dir": self.settings.state_dir / "batch-previews"})
                self._preview_runtime = build_runtime(own, in_background=False)
            return self._preview_runtime

    def preview(self, folder: Path) -> DetectionResult:
        return self._runtime().call(conversion.PREVIEW_FORMAT, input_path=str(folder))

    def facts(self, folder: Path, detection: DetectionResult) -> FileFacts:
        return self._runtime().call(conversion.PREVIEW_METADATA, input_path=str(folder), detection_result=detection)

    def create(
        self,
        parent: str | Path,
        *,
        output_dir: str | Path | None = None,
        pattern: str | None = None,
        shared: dict[str, Any] | None = None,
        background: bool = True,
    ) -> BatchState:
        folder = existing_folder(parent)
        batch_id = new_batch_id()
        target = (
            Path(output_dir).expanduser().resolve()
            if output_dir
            else (self.settings.output_dir.resolve() / BATCHES_FOLDER / batch_id)
        )
        accepted = self._checked_shared(shared or {})
        store = BatchStore(BatchState(batch_id=batch_id, parent=str(folder), output_dir=str(target), shared=accepted))
        self._register(store)
        store.set_status(BatchStatus.DISCOVERING, f"Looking for sessions in {folder}")
        self._in_background(lambda: self._discover(store, pattern), background)
        return store.snapshot()

    def rediscover(self, batch_id: str, pattern: str | None, background: bool = True) -> BatchState:
        store = self._editable(batch_id)
        store.set_status(BatchStatus.DISCOVERING, f"Looking again for sessions (pattern {pattern or 'inferred'})")
        self._in_background(lambda: self._discover(store, pattern), background)
        return store.snapshot()

    def _discover(self, store: BatchStore, pattern: str | None) -> None:
        state = store.snapshot()
        try:
            found = find_sessions(Path(state.parent), pattern, self.preview, self.facts)
        except ServiceError as exc:
            store.set_status(BatchStatus.FAILED, exc.message)
            return
        before = {s.folder: s.values for s in state.sessions}

        def apply(draft: BatchState) -> None:
            for session in found.sessions:  # values typed earlier are kept over the proposals
                session.values = {**session.values, **before.get(session.folder, {})}
            draft.sessions, draft.not_sessions = found.sessions, found.not_sessions
            draft.pattern, draft.pattern_inferred = found.pattern, found.pattern_inferred
            draft.status = BatchStatus.DRAFT if found.sessions else BatchStatus.FAILED

        inferred = f" (pattern {found.pattern}, inferred: please confirm)" if found.pattern_inferred else ""
        message = (
            f"Found {len(found.sessions)} sessions{inferred}"
            if found.sessions
            else "No session found: no sub-folder is a recording a reader explains. Give a --pattern such as "
            "{subject_id}/{session_id}, or check the folder."
        )
        store.change(message, apply)

    # ------------------------------------------------------------------ values

    def _editable(self, batch_id: str) -> BatchStore:
        store = self.get(batch_id)
        status = store.snapshot().status
        if status in (BatchStatus.RUNNING, BatchStatus.DISCOVERING):
            raise InvalidStateError(f"Batch {batch_id} is {status.value}; change it when that is over.")
        return store

    def _checked_shared(self, values: dict[str, Any]) -> dict[str, str]:
        problems: dict[str, str] = {}
        accepted: dict[str, str] = {}
        for name, value in values.items():
            if not known_name(name, shared=True):
                problems[name] = "not a metadata field or batch setting (e.g. species, experimenter, timezone)"
                continue
            why = check_value(field_name(name), value)
            if why:
                problems[name] = why
            elif value is not None:
                accepted[field_name(name)] = ", ".join(value) if isinstance(value, list) else str(value).strip()
        if problems:
            raise BadInputError(
                "These shared values were not used: " + "; ".join(f"{k}: {v}" for k, v in problems.items()),
                details={"rejected": problems},
            )
        return accepted

    def set_shared(
        self,
        batch_id: str,
        values: dict[str, Any],
        *,
        accept_warnings: bool | None = None,
        approve_corrections: bool | None = None,
    ) -> BatchState:
        store = self._editable(batch_id)
        accepted = self._checked_shared(values)

        def apply(draft: BatchState) -> None:
            draft.shared = {k: v for k, v in {**draft.shared, **accepted}.items() if v}
            if accept_warnings is not None:
                draft.accept_warnings = accept_warnings
            if approve_corrections is not None:
                draft.approve_corrections = approve_corrections

        return store.change("Shared values saved", apply)

    def set_table(self, batch_id: str, rows: list[dict[str, Any]]) -> BatchState:
        store = self._editable(batch_id)
        text_rows = [{str(k).strip(): "" if v is None else str(v).strip() for k, v in row.items()} for row in rows]
        draft = store.snapshot()
        apply_table(draft, text_rows)  # raises with every bad row; nothing is changed then

        def apply(state: BatchState) -> None:
            state.sessions = draft.sessions

        return store.change(f"Sessions table applied ({len(rows)} rows)", apply)

    def missing(self, state: BatchState) -> dict[str, list[str]]:
        return {s.key: gaps for s in state.sessions if s.status not in VALID and (gaps := missing_for(state.shared, s))}

    # ------------------------------------------------------------------ running

    def start(self, batch_id: str, *, background: bool = True) -> BatchState:
        """Run every session that has no valid file yet (finished ones are never redone)."""
        store = self._editable(batch_id)
        state = store.snapshot()
        if not state.sessions:
            raise InvalidStateError("This batch has no sessions to run.")
        _refuse_same_names(state.sessions)
        gaps = self.missing(state)
        for key, missing in gaps.items():
            store.update_session(
                key,
                f"{key}: input needed",
                status=SessionStatus.INPUT_NEEDED,
                outcome=SessionOutcome(
                    status=SessionStatus.INPUT_NEEDED,
                    message="Not converted: missing " + "; ".join(missing),
                    missing=missing,
                ),
            )
        keys = [s.key for s in state.sessions if s.status not in VALID and s.key not in gaps]
        store.set_status(BatchStatus.RUNNING, f"Starting {len(keys)} sessions")
        self._in_background(lambda: self._run(store, keys), background)
        return store.snapshot()

    def resume(self, batch_id: str, *, background: bool = True) -> BatchState:
        """After a restart: the sessions without a final status run again; finished ones are kept."""
        store = self.get(batch_id)
        state = store.snapshot()
        if state.status == BatchStatus.DISCOVERING:
            return self.rediscover(batch_id, state.pattern if not state.pattern_inferred else None, background)
        keys = [s.key for s in state.sessions if s.status in (SessionStatus.WAITING, SessionStatus.RUNNING)]
        store.set_status(BatchStatus.RUNNING, f"Resuming: {len(keys)} sessions were not finished")
        self._in_background(lambda: self._run(store, keys), background)
        return store.snapshot()

    def approve_for_all(self, batch_id: str, *, background: bool = True) -> BatchState:
        """Apply the correction the user approved to every session that proposed one, and run those again."""
        store = self._editable(batch_id)
        proposed = [s.key for s in store.snapshot().sessions if s.outcome and s.outcome.proposal]
        if not proposed:
            raise InvalidStateError("No session has a correction to approve.")

        def apply(draft: BatchState) -> None:
            draft.approve_corrections = True
            for session in draft.sessions:
                if session.key in proposed:
                    session.status = SessionStatus.WAITING

        store.change(f"Correction approved for {len(proposed)} sessions", apply)
        store.set_status(BatchStatus.RUNNING, f"Correcting {len(proposed)} sessions")
        self._in_background(lambda: self._run(store, proposed), background)
        return store.snapshot()

    def _run(self, store: BatchStore, keys: list[str]) -> None:
        try:
            if keys:
                self.runner.run(store, keys)
                return
            write_summary(store.snapshot())
            store.set_status(BatchStatus.FINISHED, "Nothing to convert: every session is done or needs input")
        except ServiceError as exc:
            _back_to_draft(store, exc.message)
            raise
        except Exception as exc:
            _back_to_draft(store, f"{type(exc).__name__}: {exc}")
            raise

    def _in_background(self, work: Callable[[], None], background: bool) -> None:
        if not background:
            work()
            return

        def guarded() -> None:
            # Already recorded in the batch's state and message; nothing else waits for it.
            with contextlib.suppress(Exception):
                work()

        thread = threading.Thread(target=guarded, name="batch", daemon=True)
        self._threads.append(thread)
        thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Until the background work started so far is over (tests, shutdown)."""
        for thread in list(self._threads):
            thread.join(timeout)

    def close(self) -> None:
        self.cluster.close()
        if self._preview_runtime is not None:
            self._preview_runtime.close()


def _back_to_draft(store: BatchStore, why: str) -> None:
    def apply(draft: BatchState) -> None:
        draft.status = BatchStatus.DRAFT
        for session in draft.sessions:
            if session.status in (SessionStatus.WAITING, SessionStatus.RUNNING):
                session.status, session.stage = SessionStatus.WAITING, None

    store.change(f"Not run: {why}", apply)


def _refuse_same_names(sessions: list[BatchSession]) -> None:
    """Two sessions with the same subject and session IDs would get the same DANDI file name."""
    seen: dict[tuple[str, str], str] = {}
    clashes = []
    for session in sessions:
        subject, name = session.values.get("subject_id", ""), session.values.get("session_id", "")
        if subject and name:
            if (subject, name) in seen:
                clashes.append(f"{seen[(subject, name)]} and {session.folder} (sub-{subject}, ses-{name})")
            seen.setdefault((subject, name), session.folder)
    if clashes:
        raise BadInputError(
            "Two sessions would get the same DANDI file name; give each its own session_id: " + "; ".join(clashes),
            details={"clashes": clashes},
        )
