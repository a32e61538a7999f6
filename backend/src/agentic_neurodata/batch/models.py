"""A batch: many sessions of one experiment, converted alike. Its state (`BatchState`) is the batch's
own, persisted beside its outputs; the single-session `GlobalState` is not involved."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from ..domain import SeverityCounts, utc_now


class SessionStatus(StrEnum):
    WAITING = "waiting"  # not started yet (the table is being prepared, or the session is queued)
    RUNNING = "running"
    PASSED = "passed"  # a valid file: it passed, or passed with warnings the user accepted
    PASSED_WITH_ISSUES = "passed_with_issues"  # a valid file with warnings nobody accepted yet
    FAILED = "failed"  # the file failed validation, or the data could not be converted
    INPUT_NEEDED = "input_needed"  # nothing converted: values or a choice only the user can give
    LOST = "lost"  # the worker running it was lost, also on the retry (the machine, not the data)


FINAL = frozenset(
    {
        SessionStatus.PASSED,
        SessionStatus.PASSED_WITH_ISSUES,
        SessionStatus.FAILED,
        SessionStatus.INPUT_NEEDED,
        SessionStatus.LOST,
    }
)
# A session that ends with a file DANDI takes.
VALID = frozenset({SessionStatus.PASSED, SessionStatus.PASSED_WITH_ISSUES})


class BatchStatus(StrEnum):
    DISCOVERING = "discovering"
    DRAFT = "draft"  # sessions found: the table and shared values can be edited, then run
    RUNNING = "running"
    FINISHED = "finished"  # every session reached a final status
    FAILED = "failed"  # the batch could not start (no sessions, workers cannot see the folder, ...)


class SessionOutcome(BaseModel):
    """What one session's task reports back (small and JSON-able: tasks pass paths, not bytes)."""

    status: SessionStatus
    message: str = ""
    nwb_file: str | None = Field(default=None, description="The published NWB file (DANDI layout)")
    work_file: str | None = Field(default=None, description="The latest version in the session's work folder")
    report: str | None = None
    sha256: str | None = None
    size_bytes: int | None = None
    overall_status: str | None = None
    validation_status: str | None = None
    counts: SeverityCounts | None = None
    versions: int = 0
    worker: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    duration_s: float | None = None
    missing: list[str] = Field(default_factory=list, description="What only the user can give")
    proposal: str | None = Field(default=None, description="The correction the service proposes, in words")


class BatchSession(BaseModel):
    key: str = Field(description="Stable identifier of the session in this batch (from its folder)")
    folder: str = Field(description="The session's folder, relative to the batch's parent folder")
    interface: str | None = None
    detection: str = ""
    choices: list[str] = Field(default_factory=list, description="Formats to choose from (the `format` column)")
    start_time_from_files: str | None = None
    start_time_has_zone: bool = False
    values: dict[str, str] = Field(default_factory=dict, description="Its row of the sessions table")
    status: SessionStatus = SessionStatus.WAITING
    outcome: SessionOutcome | None = None
    runs: int = 0
    stage: str | None = None


class NotASession(BaseModel):
    folder: str
    reason: str


class BatchState(BaseModel):
    batch_id: str
    parent: str
    output_dir: str
    pattern: str | None = None
    pattern_inferred: bool = False
    status: BatchStatus = BatchStatus.DISCOVERING
    message: str = ""
    shared: dict[str, str] = Field(default_factory=dict, description="Values every session shares")
    accept_warnings: bool = False
    approve_corrections: bool = False
    sessions: list[BatchSession] = Field(default_factory=list)
    not_sessions: list[NotASession] = Field(default_factory=list)
    scheduler: str | None = None
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime = Field(default_factory=utc_now)

    def session(self, key: str) -> BatchSession | None:
        return next((s for s in self.sessions if s.key == key), None)

    def counts(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        for session in self.sessions:
            counted[session.status.value] = counted.get(session.status.value, 0) + 1
        return counted


def summary_row(session: BatchSession) -> dict[str, Any]:
    """One session as the CLI's JSON and the summary files show it."""
    outcome = session.outcome
    counts = outcome.counts if outcome and outcome.counts else None
    return {
        "session": session.folder,
        "subject_id": session.values.get("subject_id"),
        "session_id": session.values.get("session_id"),
        "status": session.status.value,
        "nwb_file": outcome.nwb_file if outcome else None,
        "sha256": outcome.sha256 if outcome else None,
        "report": outcome.report if outcome else None,
        "critical": counts.CRITICAL if counts else None,
        "errors": counts.ERROR if counts else None,
        "warnings": counts.WARNING if counts else None,
        "best_practice": counts.BEST_PRACTICE if counts else None,
        "worker": outcome.worker if outcome else None,
        "started_at": outcome.started_at.isoformat() if outcome and outcome.started_at else None,
        "duration_s": outcome.duration_s if outcome else None,
        "message": outcome.message if outcome else "",
    }
