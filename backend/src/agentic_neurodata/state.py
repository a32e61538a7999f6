"""GlobalState (the one shared session state) and StateStore, its only writer.

Agents and the API read snapshots (deep copies) and change state only through StateStore
methods. Each change is validated, timestamped, logged (ring buffer in state + JSON Lines on
disk), published to subscribers (the WebSocket broadcaster) and snapshotted to disk with an
atomic rename, so a restart never loses a session.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter

from .domain import (
    CorrectionAttempt,
    DetectionResult,
    NWBVersion,
    OverallStatus,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    SessionEnding,
    ValidationResult,
    ValueConfirmation,
    ValueSource,
    VersionOrigin,
    VersionRecipe,
    utc_now,
)
from .errors import BusyError, InvalidStateError, WorkflowCancelled
from .logs import EventLog

MAX_LOG_ENTRIES = 500
MAX_CONVERSATION_TURNS = 100
PROGRESS_SNAPSHOT_INTERVAL_S = 1.0
# Each session's own snapshot, beside its event log (LOG_DIR/<session>/): STATE_DIR holds only the
# current session, so this copy is how earlier sessions are listed, re-opened and bundled (sessions.py).
SESSION_SNAPSHOT = "session_state.json"


class WorkflowStatus(StrEnum):
    IDLE = "idle"
    PROCESSING = "processing"
    AWAITING_USER_INPUT = "awaiting_user_input"
    COMPLETED = "completed"
    FAILED = "failed"


class ValidationStatus(StrEnum):
    PASSED = "passed"
    PASSED_ACCEPTED = "passed_accepted"
    PASSED_IMPROVED = "passed_improved"
    FAILED_USER_DECLINED = "failed_user_declined"
    FAILED_USER_ABANDONED = "failed_user_abandoned"


class StageName(StrEnum):
    CONVERSION = "conversion"
    EVALUATION = "evaluation"
    REPORT_GENERATION = "report_generation"


class StageStatus(StrEnum):
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    FAILED = "failed"


class LogLevel(StrEnum):
    DEBUG = "DEBUG"
    INFO = "INFO"
    WARNING = "WARNING"
    ERROR = "ERROR"

    @property
    def rank(self) -> int:
        return ["DEBUG", "INFO", "WARNING", "ERROR"].index(self.value)


class EventType(StrEnum):
    PROGRESS = "progress"
    STAGE_UPDATE = "stage_update"
    NOTIFICATION = "notification"
    AWAITING_INPUT = "awaiting_input"
    ERROR = "error"


# Which workflow status may follow which. Starting a new session is separate (begin_session).
ALLOWED_TRANSITIONS: dict[WorkflowStatus, set[WorkflowStatus]] = {
    WorkflowStatus.IDLE: {WorkflowStatus.PROCESSING},
    WorkflowStatus.PROCESSING: {
        WorkflowStatus.AWAITING_USER_INPUT,
        WorkflowStatus.COMPLETED,
        WorkflowStatus.FAILED,
        WorkflowStatus.IDLE,
    },
    WorkflowStatus.AWAITING_USER_INPUT: {
        WorkflowStatus.PROCESSING,
        WorkflowStatus.COMPLETED,
        WorkflowStatus.FAILED,
        WorkflowStatus.IDLE,
    },
    WorkflowStatus.COMPLETED: {WorkflowStatus.IDLE},
    # A failed session may be tried again (e.g. after an interrupted conversion).
    WorkflowStatus.FAILED: {WorkflowStatus.PROCESSING, WorkflowStatus.IDLE},
}

STAGE_TRANSITIONS: dict[StageStatus, set[StageStatus]] = {
    StageStatus.PENDING: {StageStatus.IN_PROGRESS},
    StageStatus.IN_PROGRESS: {StageStatus.COMPLETED, StageStatus.FAILED},
    StageStatus.COMPLETED: {StageStatus.IN_PROGRESS},
    StageStatus.FAILED: {StageStatus.IN_PROGRESS},
}

BUSY_STATUSES = {WorkflowStatus.PROCESSING, WorkflowStatus.AWAITING_USER_INPUT}


class Stage(BaseModel):
    name: StageName
    status: StageStatus = StageStatus.PENDING
    started_at: datetime | None = None
    ended_at: datetime | None = None
    message: str | None = None


class LogEntry(BaseModel):
    timestamp: datetime = Field(default_factory=utc_now)
    level: LogLevel = LogLevel.INFO
    component: str
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class ChatTurn(BaseModel):
    role: str  # "user" or "assistant"
    text: str
    timestamp: datetime = Field(default_factory=utc_now)


class Progress(BaseModel):
    stage: StageName | None = None
    percent: float = 0.0
    message: str = ""
    bytes_done: int | None = None
    bytes_total: int | None = None


class Failure(BaseModel):
    reason: str  # short machine word: interrupted, conversion_failed, format_not_detected, ...
    message: str
    error_code: str | None = None
    error_id: str | None = None


def _fresh_stages() -> dict[StageName, Stage]:
    return {name: Stage(name=name) for name in StageName}


class GlobalState(BaseModel):
    """Everything the service knows about the current session."""

    session_id: str | None = None
    status: WorkflowStatus = WorkflowStatus.IDLE
    validation_status: ValidationStatus | None = None
    overall_status: OverallStatus | None = None
    stages: dict[StageName, Stage] = Field(default_factory=_fresh_stages)
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime = Field(default_factory=utc_now)

    # what came in
    input_path: str | None = None
    uploaded_files: list[str] = Field(default_factory=list)
    upload_bytes: int = 0
    output_dir: str | None = None
    output_name: str | None = None

    # metadata: what the user gave (normalised) and what the files told us
    metadata: dict[str, Any] = Field(default_factory=dict)
    extracted_metadata: dict[str, Any] = Field(default_factory=dict)
    declined_fields: list[str] = Field(default_factory=list)
    # Values understood in part, waiting for the rest (a start time waiting for its time zone).
    partial_metadata: dict[str, str] = Field(default_factory=dict)
    metadata_rounds: int = 0
    minimal_mode: bool = False
    # Said before the conversion (convert --accept-warnings): a file valid with warnings is kept as it is, so
    # there is no decision to wait for and the report is written once, with the ending.
    accept_warnings: bool = False
    # Where each value in `metadata` came from (form, words, confirmed, files, auto_fix).
    metadata_sources: dict[str, ValueSource] = Field(default_factory=dict)
    # Guesses read in the person's words, asked back one at a time before anything is written.
    confirmations: list[ValueConfirmation] = Field(default_factory=list)
    # The values read from words were shown once ("This goes into the file: ...") before converting.
    summary_shown: bool = False

    # conversion and evaluation
    detected_format: DetectionResult | None = None
    conversion_options: dict[str, Any] = Field(default_factory=dict)
    versions: list[NWBVersion] = Field(default_factory=list)
    # What each version was written from (by version number), for deriving the next one from it.
    version_recipes: dict[int, VersionRecipe] = Field(default_factory=dict)
    correction_attempt: int = 0
    validation_result: ValidationResult | None = None
    report_path: str | None = None
    report_sha256: str | None = None
    correction_history: list[CorrectionAttempt] = Field(default_factory=list)
    ending: SessionEnding | None = None  # how it ended, once the user decided (written into the final report)

    # conversation with the user
    pending_request: PendingRequest | None = None
    conversation: list[ChatTurn] = Field(default_factory=list)

    progress: Progress | None = None
    failure: Failure | None = None
    # A configured remote model that failed (the service went on with offline wording); said once.
    model_failure: Failure | None = None
    last_message: str | None = None
    logs: list[LogEntry] = Field(default_factory=list)

    @property
    def latest_version(self) -> NWBVersion | None:
        return self.versions[-1] if self.versions else None


Subscriber = Callable[[dict[str, Any]], None]


def _next_action(state: GlobalState) -> str:
    """What happens next, for clients following the events: whose move it is."""
    if state.pending_request is not None:
        return state.pending_request.type.value
    return {
        WorkflowStatus.PROCESSING: "wait",
        WorkflowStatus.COMPLETED: "download",
        WorkflowStatus.FAILED: "download_or_retry",
        WorkflowStatus.IDLE: "upload",
    }.get(state.status, "wait")


@cache
def _field_adapter(name: str) -> TypeAdapter[Any]:
    annotation = GlobalState.model_fields[name].annotation
    assert annotation is not None  # every field of GlobalState is annotated
    return TypeAdapter(annotation)


# Fields that have dedicated, validated methods and must not be set through `update`.
_GUARDED_FIELDS = {"status", "stages", "logs", "session_id", "updated_at", "created_at"}


class StateStore:
    """The single writer of GlobalState. Thread-safe; every method is one atomic change."""

    def __init__(self, snapshot_path: Path, event_log: EventLog) -> None:
        self.snapshot_path = Path(snapshot_path)
        self.event_log = event_log
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self._cancel = threading.Event()
        self._last_progress_snapshot = 0.0
        self._revision = 0  # counts changes, so readers can cache what they derive from the state
        self._state = self._restore()

    # ------------------------------------------------------------------ reading

    def snapshot(self, with_logs: bool = False) -> GlobalState:
        """A deep copy of the state; the log ring buffer only when asked (it is the bulk of it)."""
        with self._lock:
            if with_logs:
                return self._state.model_copy(deep=True)
            shallow = self._state.model_copy()
            shallow.logs = []
            return shallow.model_copy(deep=True)

    def logs(self, min_level: LogLevel = LogLevel.DEBUG, limit: int = MAX_LOG_ENTRIES) -> list[LogEntry]:
        """The newest `limit` entries at or above `min_level`, oldest first."""
        with self._lock:
            entries = [e.model_copy() for e in self._state.logs if e.level.rank >= min_level.rank][-limit:]
            ring_was_full = len(self._state.logs) >= MAX_LOG_ENTRIES
            session_id = self._state.session_id
        if len(entries) < limit and ring_was_full and min_level != LogLevel.DEBUG:
            # The ring keeps the newest entries of every level, so DEBUG chatter may have pushed out older
            # warnings; the session's JSON Lines log has them all (read outside the lock).
            from_disk = self._logs_from_disk(session_id, min_level, limit)
            if len(from_disk) > len(entries):
                return from_disk
        return entries

    @property
    def status(self) -> WorkflowStatus:
        with self._lock:
            return self._state.status

    @property
    def revision(self) -> int:
        """Changes with every change of the state (read without the lock: an int is read atomically)."""
        return self._revision

    @property
    def session_id(self) -> str | None:
        with self._lock:
            return self._state.session_id

    def context(self) -> dict[str, Any]:
        """The small state context attached to every MCP message."""
        with self._lock:
            s = self._state
            return {
                "session_id": s.session_id,
                "status": s.status.value,
                "validation_status": s.validation_status.value if s.validation_status else None,
                "correction_attempt": s.correction_attempt,
                "latest_version": s.latest_version.version if s.latest_version else None,
            }

    # ------------------------------------------------------------------ subscribers

    def subscribe(self, callback: Subscriber) -> None:
        with self._lock:
            self._subscribers.append(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        with self._lock:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

    # ------------------------------------------------------------------ cancellation

    def request_cancel(self) -> None:
        self._cancel.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def raise_if_cancelled(self) -> None:
        if self._cancel.is_set():
            raise WorkflowCancelled("The workflow was cancelled by the user.")

    # ------------------------------------------------------------------ session lifecycle

    def begin_session(self, session_id: str, input_path: str, output_dir: str, component: str = "api") -> GlobalState:
        """Claim the service for a new session. Raises BusyError while another one is active."""
        with self._lock:
            current = self._state
            if current.status in BUSY_STATUSES:
                raise BusyError(
                    "The system is busy with another conversion. Wait for it to finish, or cancel it "
                    "with POST /api/cancel, then upload again.",
                    details={"active_session_id": current.session_id, "status": current.status.value},
                )
            self._cancel.clear()
            self._state = GlobalState(
                session_id=session_id,
                status=WorkflowStatus.PROCESSING,
                input_path=input_path,
                output_dir=output_dir,
            )
            return self._commit(component, f"Session {session_id} started", EventType.NOTIFICATION)

    def end_session(self, component: str, message: str) -> GlobalState:
        """Back to idle with no session (cancelled upload or explicit reset)."""
        with self._lock:
            self._cancel.clear()
            self._check_transition(WorkflowStatus.IDLE)
            ended = self._state.model_copy(
                update={"status": WorkflowStatus.IDLE, "failure": Failure(reason="ended", message=message)}
            )
            self._write_session_snapshot(ended)  # its last word, for the sessions list
            self._state = GlobalState(logs=self._state.logs)
            return self._commit(component, message, EventType.NOTIFICATION)

    # ------------------------------------------------------------------ status and stages

    def set_status(
        self,
        status: WorkflowStatus,
        component: str,
        message: str,
        *,
        validation_status: ValidationStatus | None = None,
        failure: Failure | None = None,
        **changes: Any,
    ) -> GlobalState:
        with self._lock:
            self._check_transition(status)
            self._apply_changes(changes)
            if status == WorkflowStatus.PROCESSING:
                self._cancel.clear()
                self._state.failure = None
                self._state.validation_status = None
                self._state.ending = None
            if status != WorkflowStatus.AWAITING_USER_INPUT:
                self._state.pending_request = None
            self._state.status = status
            if validation_status is not None:
                self._state.validation_status = validation_status
            if failure is not None:
                self._state.failure = failure
            event = {
                WorkflowStatus.AWAITING_USER_INPUT: EventType.AWAITING_INPUT,
                WorkflowStatus.FAILED: EventType.ERROR,
            }.get(status, EventType.NOTIFICATION)
            level = LogLevel.ERROR if status == WorkflowStatus.FAILED else LogLevel.INFO
            return self._commit(component, message, event, level=level)

    def await_user(self, request: PendingRequest, component: str, **changes: Any) -> GlobalState:
        """Pause the workflow until the user answers `request`."""
        with self._lock:
            self._check_transition(WorkflowStatus.AWAITING_USER_INPUT, allow_same=True)
            self._apply_changes(changes)
            self._state.status = WorkflowStatus.AWAITING_USER_INPUT
            self._state.pending_request = request
            return self._commit(component, request.message, EventType.AWAITING_INPUT)

    def reset_stages(self, component: str) -> GlobalState:
        with self._lock:
            self._state.stages = _fresh_stages()
            self._state.progress = None
            return self._commit(
                component, "Stages reset for a new attempt", EventType.STAGE_UPDATE, level=LogLevel.DEBUG
            )

    def start_stage(self, stage: StageName, component: str, message: str) -> GlobalState:
        return self._move_stage(stage, StageStatus.IN_PROGRESS, component, message)

    def complete_stage(self, stage: StageName, component: str, message: str) -> GlobalState:
        return self._move_stage(stage, StageStatus.COMPLETED, component, message)

    def fail_stage(self, stage: StageName, component: str, message: str) -> GlobalState:
        return self._move_stage(stage, StageStatus.FAILED, component, message, level=LogLevel.ERROR)

    def _move_stage(
        self, stage: StageName, new: StageStatus, component: str, message: str, level: LogLevel = LogLevel.INFO
    ) -> GlobalState:
        with self._lock:
            current = self._state.stages[stage]
            if new not in STAGE_TRANSITIONS[current.status]:
                raise InvalidStateError(
                    f"Stage {stage.value} cannot go from {current.status.value} to {new.value}.",
                    component="state",
                )
            now = utc_now()
            if new == StageStatus.IN_PROGRESS:
                self._state.stages[stage] = Stage(name=stage, status=new, started_at=now, message=message)
                self._state.progress = Progress(stage=stage, percent=0.0, message=message)
            else:
                current.status, current.ended_at, current.message = new, now, message
                if new == StageStatus.COMPLETED:
                    self._state.progress = Progress(stage=stage, percent=100.0, message=message)
            # Followers (the command line's bars) see where the stage stands: a completed stage is at 100 %.
            extra: dict[str, Any] = {"stage_status": new.value}
            if self._state.progress is not None and self._state.progress.stage == stage:
                extra["percent"] = self._state.progress.percent
            return self._commit(component, message, EventType.STAGE_UPDATE, level=level, stage=stage, extra=extra)

    # ------------------------------------------------------------------ other changes

    def update(
        self,
        component: str,
        message: str,
        *,
        level: LogLevel = LogLevel.INFO,
        quiet: bool = False,
        extra: dict[str, Any] | None = None,
        **changes: Any,
    ) -> GlobalState:
        """Set plain fields (metadata, detected_format, versions, ...). Status goes through set_status.
        `extra` goes into the /ws event's metadata (e.g. the session plan when a detection is stored)."""
        with self._lock:
            self._apply_changes(changes)
            return self._commit(component, message, EventType.NOTIFICATION, level=level, publish=not quiet, extra=extra)

    def add_version(self, version: NWBVersion, component: str, recipe: VersionRecipe | None = None) -> GlobalState:
        with self._lock:
            if any(v.version == version.version for v in self._state.versions):
                raise InvalidStateError(f"Version v{version.version} already exists and is never overwritten.")
            self._state.versions.append(version)
            if recipe is not None:
                self._state.version_recipes[version.version] = recipe
            how = (
                f", derived from v{version.derived_from}"
                if version.made_by == VersionOrigin.DERIVATION and version.derived_from is not None
                else ""
            )
            return self._commit(
                component,
                f"Saved version v{version.version} ({version.size_bytes} bytes{how}, sha256 {version.sha256[:12]}…)",
                EventType.NOTIFICATION,
                extra={
                    "version": version.version,
                    "sha256": version.sha256,
                    "made_by": version.made_by.value,
                    "derived_from": version.derived_from,
                },
            )

    def set_validation(self, result: ValidationResult, component: str) -> GlobalState:
        with self._lock:
            self._state.validation_result = result
            self._state.overall_status = result.overall_status
            counts = result.counts
            return self._commit(
                component,
                f"Evaluation: {result.overall_status.value} ({counts.phrase()})",
                EventType.NOTIFICATION,
                extra={"overall_status": result.overall_status.value, "counts": counts.model_dump()},
            )

    def add_chat_turn(self, role: str, text: str) -> GlobalState:
        with self._lock:
            turns = [*self._state.conversation, ChatTurn(role=role, text=text)]
            self._state.conversation = turns[-MAX_CONVERSATION_TURNS:]
            return self._commit(
                "conversation_agent", text, EventType.NOTIFICATION, level=LogLevel.DEBUG, extra={"role": role}
            )

    def progress(
        self,
        stage: StageName,
        percent: float,
        message: str,
        *,
        bytes_done: int | None = None,
        bytes_total: int | None = None,
    ) -> None:
        """Progress is published every time but, being transient, snapshotted at most once a second."""
        with self._lock:
            self._state.progress = Progress(
                stage=stage,
                percent=round(max(0.0, min(100.0, percent)), 1),
                message=message,
                bytes_done=bytes_done,
                bytes_total=bytes_total,
            )
            self._state.updated_at = utc_now()
            self._revision += 1
            now = time.monotonic()
            if now - self._last_progress_snapshot >= PROGRESS_SNAPSHOT_INTERVAL_S:
                self._last_progress_snapshot = now
                self._persist()
            self._publish(
                EventType.PROGRESS,
                message,
                stage=stage,
                extra={"percent": self._state.progress.percent, "bytes_done": bytes_done, "bytes_total": bytes_total},
            )

    def log(self, level: LogLevel, component: str, message: str, **details: Any) -> None:
        """A log line that changes nothing else (still kept, written and pushed)."""
        with self._lock:
            event = EventType.ERROR if level == LogLevel.ERROR else EventType.NOTIFICATION
            self._commit(
                component, message, event, level=level, details=details, publish=level.rank >= LogLevel.INFO.rank
            )

    # ------------------------------------------------------------------ internals

    def _check_transition(self, new: WorkflowStatus, allow_same: bool = False) -> None:
        old = self._state.status
        if new == old and (allow_same or new == WorkflowStatus.IDLE):
            return
        if new not in ALLOWED_TRANSITIONS[old]:
            raise InvalidStateError(
                f"The workflow cannot go from '{old.value}' to '{new.value}'.",
                component="state",
                details={"from": old.value, "to": new.value},
            )

    def _apply_changes(self, changes: dict[str, Any]) -> None:
        bad = set(changes) & _GUARDED_FIELDS
        unknown = set(changes) - set(GlobalState.model_fields)
        if bad or unknown:
            raise ValueError(f"StateStore cannot set {sorted(bad | unknown)} this way")
        # Validate every value first so a wrong type never enters the state, and a bad one changes nothing.
        validated = {key: _field_adapter(key).validate_python(value) for key, value in changes.items()}
        for key, value in validated.items():
            setattr(self._state, key, value)

    def _commit(
        self,
        component: str,
        message: str,
        event: EventType,
        *,
        level: LogLevel = LogLevel.INFO,
        stage: StageName | None = None,
        details: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        publish: bool = True,
    ) -> GlobalState:
        state = self._state
        state.updated_at = utc_now()
        self._revision += 1
        entry = LogEntry(level=level, component=component, message=message, details=details or {})
        state.logs = ([*state.logs, entry])[-MAX_LOG_ENTRIES:]
        if level.rank >= LogLevel.INFO.rank:
            state.last_message = message
        self.event_log.write(
            state.session_id,
            {
                "kind": "state",
                "level": level.value,
                "component": component,
                "message": message,
                "status": state.status.value,
                "event": event.value,
                **({"details": details} if details else {}),
            },
        )
        self._persist()
        if publish:
            self._publish(event, message, stage=stage, extra=extra)
        return self.snapshot()

    def _publish(
        self, event: EventType, message: str, *, stage: StageName | None = None, extra: dict[str, Any] | None = None
    ) -> None:
        state = self._state
        payload = {
            "type": event.value,
            "message": message,
            "stage": stage.value
            if stage
            else (state.progress.stage.value if state.progress and state.progress.stage else None),
            "status": state.status.value,
            "timestamp": state.updated_at.isoformat(),
            "metadata": {
                "session_id": state.session_id,
                "validation_status": state.validation_status.value if state.validation_status else None,
                "overall_status": state.overall_status.value if state.overall_status else None,
                "correction_attempt": state.correction_attempt,
                "pending_request": state.pending_request.type.value if state.pending_request else None,
                "purpose": state.pending_request.purpose if state.pending_request else None,
                "next_action": _next_action(state),
                **(extra or {}),
            },
        }
        for callback in list(self._subscribers):
            # A broken subscriber must never break the workflow.
            with contextlib.suppress(Exception):
                callback(payload)

    def _persist(self) -> None:
        self.snapshot_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.snapshot_path.with_suffix(f".tmp{os.getpid()}")
        # The log ring buffer is not snapshotted: it is rebuilt from the JSON Lines log at start-up.
        text = self._state.model_dump_json(exclude={"logs"})
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.snapshot_path)
        self._write_session_snapshot(self._state, text)

    def _write_session_snapshot(self, state: GlobalState, text: str | None = None) -> None:
        if state.session_id is None:
            return
        path = self.event_log.session_dir(state.session_id) / SESSION_SNAPSHOT
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(text or state.model_dump_json(exclude={"logs"}), encoding="utf-8")
        os.replace(tmp, path)

    def _logs_from_disk(
        self, session_id: str | None, min_level: LogLevel = LogLevel.DEBUG, limit: int = MAX_LOG_ENTRIES
    ) -> list[LogEntry]:
        """The newest `limit` state log entries at or above `min_level` from the session's JSON Lines log."""
        newest: deque[LogEntry] = deque(maxlen=limit)
        for record in self.event_log.iter_records(session_id, kind="state"):
            level = LogLevel(record.get("level", "INFO"))
            if level.rank >= min_level.rank:
                newest.append(
                    LogEntry(
                        timestamp=record["timestamp"],
                        level=level,
                        component=record.get("component", "state"),
                        message=record.get("message", ""),
                        details=record.get("details") or {},
                    )
                )
        return list(newest)

    def _restore(self) -> GlobalState:
        if not self.snapshot_path.exists():
            return GlobalState()
        try:
            state = GlobalState.model_validate(json.loads(self.snapshot_path.read_text(encoding="utf-8")))
        except (ValueError, OSError) as exc:
            broken = self.snapshot_path.with_suffix(".corrupt")
            os.replace(self.snapshot_path, broken)
            self.event_log.write(
                None,
                {"kind": "state", "level": "ERROR", "message": f"Unreadable state snapshot moved to {broken}: {exc}"},
            )
            return GlobalState()
        state.logs = self._logs_from_disk(state.session_id)
        if state.status == WorkflowStatus.PROCESSING:
            # The service stopped while working: say so, keep uploads and versions, allow a new attempt.
            for stage in state.stages.values():
                if stage.status == StageStatus.IN_PROGRESS:
                    stage.status, stage.ended_at, stage.message = StageStatus.FAILED, utc_now(), "interrupted"
            state.status = WorkflowStatus.FAILED
            state.progress = None
            state.failure = Failure(
                reason="interrupted",
                message="The service stopped while this session was being processed. Your upload and "
                "earlier versions are intact; start a new attempt with POST /api/retry-approval "
                "or upload again.",
            )
            if state.input_path is not None:
                # Say what the service waits for: {"approved": true} on /api/retry-approval tries this
                # upload again (the conversation agent's retry of a failed session); a new upload also works.
                state.pending_request = PendingRequest(
                    type=PendingRequestType.RETRY_APPROVAL,
                    message="The service stopped while converting this session. Your upload and earlier "
                    'versions are intact: try again (POST /api/retry-approval {"approved": true}) or upload again.',
                    options=[
                        RequestOption(
                            value="approve", label="Try again", description="Convert this upload again from the start"
                        )
                    ],
                )
            message = "Session interrupted by a service restart"
            state.logs = ([*state.logs, LogEntry(level=LogLevel.ERROR, component="state", message=message)])[
                -MAX_LOG_ENTRIES:
            ]
            state.last_message = state.failure.message
            self.event_log.write(
                state.session_id,
                {
                    "kind": "state",
                    "level": "ERROR",
                    "component": "state",
                    "message": message,
                    "status": state.status.value,
                    "event": "error",
                },
            )
            self._state = state
            self._persist()
        return state
