"""Every session on disk: list, describe, delete, free uploads.

A session is whatever carries its id under UPLOAD_DIR, OUTPUT_DIR or LOG_DIR (folders named after
it). What it was and how it ended comes from its own snapshot beside its event log
(LOG_DIR/<session>/session_state.json, written by StateStore with every change), so sessions of
earlier runs, of the command line and of the MCP server are listed too; the current session is read
from the store itself. A folder without a snapshot (older than this feature) is listed as unknown.

Only folders under the three configured roots are ever deleted: a folder the command line read in
place, or an --output-dir elsewhere, is the user's own and is left alone (and said so).
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from .config import Settings
from .domain import NWBVersion, OverallStatus, SeverityCounts
from .errors import BadInputError, BusyError, NotFoundError
from .logs import SERVICE_LOG
from .state import BUSY_STATUSES, SESSION_SNAPSHOT, GlobalState, LogLevel, StateStore, WorkflowStatus

# Session ids are folder names the service made (20240305-143000-a1b2c3); nothing else is looked up.
SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$")
FINISHED_BY_DECISION = {"passed", "passed_accepted", "passed_improved", "failed_user_declined", "failed_user_abandoned"}


class SessionSummary(BaseModel):
    session_id: str
    started_at: datetime | None = Field(description="When the session began (its snapshot, else its oldest folder)")
    updated_at: datetime | None = None
    upload_name: str | None = Field(description="The uploaded folder's (or the converted folder's) name")
    status: str = Field(description="idle, processing, awaiting_user_input, completed, failed, or unknown")
    validation_status: str | None = None
    overall_status: OverallStatus | None = None
    final_status: str = Field(description="How it ended, in words (or what it is doing now)")
    upload_bytes: int = Field(description="Bytes of its upload under UPLOAD_DIR (0 once freed)")
    output_bytes: int = Field(description="Bytes of its NWB versions and reports under OUTPUT_DIR")
    log_bytes: int = Field(description="Bytes of its logs under LOG_DIR")
    versions: int = 0
    current: bool = Field(description="The service's current session (what GET /api/status shows)")
    running: bool = Field(description="Being processed or waiting for an answer: it cannot be deleted")


class SessionDetail(SessionSummary):
    versions_list: list[NWBVersion] = Field(default_factory=list, description="Each NWB version, oldest first")
    report_name: str | None = None
    report_available: bool = False
    counts: SeverityCounts | None = None
    failure_message: str | None = None


class SessionDeleted(BaseModel):
    session_id: str
    freed_bytes: int
    removed: list[str] = Field(description="Which of its folders were removed: uploads, outputs, logs")
    kept: list[str] = Field(
        default_factory=list, description="Folders of the session outside the service's folders, left untouched"
    )
    message: str


@dataclass(frozen=True)
class Roots:
    uploads: Path
    outputs: Path
    logs: Path

    @classmethod
    def of(cls, settings: Settings) -> Roots:
        return cls(settings.upload_dir.resolve(), settings.output_dir.resolve(), settings.log_dir.resolve())

    def folders(self, session_id: str) -> dict[str, Path]:
        return {
            "uploads": self.uploads / session_id,
            "outputs": self.outputs / session_id,
            "logs": self.logs / session_id,
        }


def folder_bytes(path: Path) -> int:
    """Bytes of the files under `path` (links are not followed)."""
    total = 0
    stack = [path]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                elif entry.is_file(follow_symlinks=False):
                    total += entry.stat(follow_symlinks=False).st_size
            except OSError:
                continue
    return total


def check_session_id(session_id: str) -> str:
    if not SESSION_ID.match(session_id):
        raise BadInputError(
            f"{session_id!r} is not a session id. Session ids look like 20240305-143000-a1b2c3 "
            "(see GET /api/sessions).",
            details={"session_id": session_id, "example": "20240305-143000-a1b2c3"},
        )
    return session_id


def read_snapshot(settings: Settings, session_id: str) -> GlobalState | None:
    path = settings.log_dir / session_id / SESSION_SNAPSHOT
    try:
        return GlobalState.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class SessionCatalog:
    """Sessions on disk, for the API and the command line. Reads only; `delete` and `free_upload`
    remove folders under the configured roots."""

    def __init__(self, settings: Settings, store: StateStore | None = None) -> None:
        self.settings = settings
        self.roots = Roots.of(settings)
        self.store = store

    # ------------------------------------------------------------------ reading

    def ids(self) -> set[str]:
        found: set[str] = set()
        for root in (self.roots.uploads, self.roots.outputs, self.roots.logs):
            for child in _children(root):
                if child.is_dir() and SESSION_ID.match(child.name) and child.name != SERVICE_LOG:
                    found.add(child.name)
        current = self._current()
        if current is not None and current.session_id:
            found.add(current.session_id)
        return found

    def list(self) -> list[SessionSummary]:
        summaries = [self.summary(session_id) for session_id in self.ids()]
        oldest = datetime.min.replace(tzinfo=UTC)
        return sorted(summaries, key=lambda s: (s.started_at or oldest, s.session_id), reverse=True)

    def state_of(self, session_id: str) -> GlobalState | None:
        current = self._current()
        if current is not None and current.session_id == session_id:
            return current
        return read_snapshot(self.settings, session_id)

    def summary(self, session_id: str) -> SessionSummary:
        return self._describe(session_id, self.state_of(session_id))

    def detail(self, session_id: str) -> SessionDetail:
        check_session_id(session_id)
        if session_id not in self.ids():
            raise NotFoundError(f"There is no session {session_id} on disk (see GET /api/sessions).")
        state = self.state_of(session_id)
        summary = self._describe(session_id, state).model_dump()
        if state is None:
            return SessionDetail(**summary)
        report = Path(state.report_path) if state.report_path else None
        return SessionDetail(
            **summary,
            versions_list=state.versions,
            report_name=report.name if report else None,
            report_available=bool(report and report.is_file()),
            counts=state.validation_result.counts if state.validation_result else None,
            failure_message=state.failure.message if state.failure else None,
        )

    def _describe(self, session_id: str, state: GlobalState | None) -> SessionSummary:
        folders = self.roots.folders(session_id)
        current = self._current()
        is_current = current is not None and current.session_id == session_id
        upload_name = None
        if state is not None:
            upload_name = state.output_name or (Path(state.input_path).name if state.input_path else None)
        if upload_name is None:
            upload_name = next((child.name for child in _children(folders["uploads"])), None)
        return SessionSummary(
            session_id=session_id,
            started_at=state.created_at if state else _oldest_mtime(folders.values()),
            updated_at=state.updated_at if state else None,
            upload_name=upload_name,
            status=state.status.value if state else "unknown",
            validation_status=state.validation_status.value if state and state.validation_status else None,
            overall_status=state.overall_status if state else None,
            final_status=final_words(state),
            upload_bytes=folder_bytes(folders["uploads"]),
            output_bytes=folder_bytes(folders["outputs"]),
            log_bytes=folder_bytes(folders["logs"]),
            versions=len(state.versions) if state else 0,
            current=is_current,
            running=is_current and state is not None and state.status in BUSY_STATUSES,
        )

    def _current(self) -> GlobalState | None:
        return self.store.snapshot() if self.store is not None else None

    # ------------------------------------------------------------------ files of a session

    def version_file(self, session_id: str, number: int) -> NWBVersion:
        detail = self.detail(session_id)
        found = next((v for v in detail.versions_list if v.version == number), None)
        if found is None:
            raise NotFoundError(f"Session {session_id} has no version v{number}.")
        return found

    def report_file(self, session_id: str) -> Path:
        state = self.state_of(check_session_id(session_id))
        if state is None or not state.report_path:
            raise NotFoundError(f"Session {session_id} has no report.")
        return Path(state.report_path)

    # ------------------------------------------------------------------ removing

    def delete(self, session_id: str) -> SessionDeleted:
        check_session_id(session_id)
        if session_id not in self.ids():
            raise NotFoundError(f"There is no session {session_id} on disk (see GET /api/sessions).")
        state = self.state_of(session_id)
        if self.store is not None and self.store.session_id == session_id:
            if self.store.status in BUSY_STATUSES:
                raise BusyError(
                    f"Session {session_id} is running: cancel it first (POST /api/cancel), then delete it.",
                    details={"session_id": session_id, "status": self.store.status.value},
                )
            # The current session goes too: the service forgets it before its files vanish.
            self.store.end_session("sessions", f"Session {session_id} deleted")
        freed, removed = 0, []
        for name, folder in self.roots.folders(session_id).items():
            if folder.is_symlink():
                folder.unlink()
                removed.append(name)
            elif folder.is_dir():
                freed += folder_bytes(folder)
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(name)
        kept = [str(p) for p in _outside_roots(state, self.roots)]
        message = f"Deleted session {session_id}: {freed / 1e6:.1f} MB freed."
        if kept:
            message += " Left untouched (not the service's folders): " + ", ".join(kept) + "."
        return SessionDeleted(session_id=session_id, freed_bytes=freed, removed=removed, kept=kept, message=message)

    def free_upload(self, session_id: str) -> int:
        """Remove the session's upload (KEEP_UPLOADS=unfinished); the bytes freed."""
        folder = self.roots.uploads / check_session_id(session_id)
        if folder.is_symlink() or not folder.is_dir():
            return 0
        freed = folder_bytes(folder)
        shutil.rmtree(folder, ignore_errors=True)
        return freed


class UploadJanitor:
    """KEEP_UPLOADS=unfinished: a session's upload is deleted once the session finished (completed,
    declined or stopped by the user); a session that failed on an error keeps it to be tried again.
    Subscribed to the state store, so it hears every ending; `sweep` catches up at start-up."""

    def __init__(self, catalog: SessionCatalog) -> None:
        self.catalog = catalog
        self._lock = threading.Lock()
        self._freed: set[str] = set()

    def __call__(self, event: dict[str, object]) -> None:
        metadata = event.get("metadata")
        if not isinstance(metadata, dict):
            return
        session_id = metadata.get("session_id")
        if isinstance(session_id, str) and metadata.get("validation_status") in FINISHED_BY_DECISION:
            # Subscribers run under the store's lock: the removal runs beside it.
            threading.Thread(target=self.free, args=(session_id,), daemon=True, name="free-upload").start()

    def free(self, session_id: str) -> int:
        with self._lock:
            if session_id in self._freed:
                return 0
            self._freed.add(session_id)
        freed = self.catalog.free_upload(session_id)
        if freed:
            message = (
                f"Upload deleted now that the session has finished ({freed / 1e6:.1f} MB freed; "
                "KEEP_UPLOADS=unfinished)"
            )
            store = self.catalog.store
            if store is not None and store.session_id == session_id:
                store.log(LogLevel.INFO, "sessions", message)
            elif store is not None:
                store.event_log.write(
                    session_id, {"kind": "state", "level": "INFO", "component": "sessions", "message": message}
                )
        return freed

    def sweep(self) -> int:
        """Free the uploads of every finished session on disk (those that finished while this setting was off)."""
        total = 0
        for session_id in self.catalog.ids():
            state = self.catalog.state_of(session_id)
            if state is not None and finished_by_decision(state):
                total += self.free(session_id)
        return total


def final_words(state: GlobalState | None) -> str:
    """How a session ended, in the words the page and the report use."""
    if state is None:
        return "unknown (no snapshot of this session)"
    if state.ending is not None:
        return state.ending.headline
    if state.failure is not None:
        return state.failure.message
    return {
        WorkflowStatus.IDLE: "not started",
        WorkflowStatus.PROCESSING: "converting",
        WorkflowStatus.AWAITING_USER_INPUT: "waiting for an answer",
        WorkflowStatus.COMPLETED: "completed",
        WorkflowStatus.FAILED: "failed",
    }[state.status]


def finished_by_decision(state: GlobalState) -> bool:
    return state.validation_status is not None and state.validation_status.value in FINISHED_BY_DECISION


def _children(folder: Path) -> Iterator[Path]:
    try:
        yield from sorted(folder.iterdir())
    except OSError:
        return


def _oldest_mtime(folders: Iterable[Path]) -> datetime | None:
    times = []
    for folder in folders:
        try:
            times.append(folder.stat().st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(min(times), UTC) if times else None


def _outside_roots(state: GlobalState | None, roots: Roots) -> list[Path]:
    if state is None:
        return []
    found = []
    for value, root in ((state.input_path, roots.uploads), (state.output_dir, roots.outputs)):
        if value and Path(value).exists() and not Path(value).resolve().is_relative_to(root):
            found.append(Path(value))
    return found
