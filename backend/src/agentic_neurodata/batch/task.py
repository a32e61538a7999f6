"""One session as one task: the single-session pipeline (detection, conversion, evaluation, report)
run headless on a worker, the way `convert` runs without a terminal, then its file published in
DANDI's layout. Takes and returns paths and small values, never recording bytes.

A problem with the data ends the session with a status and a message; it is never raised, so Dask
retries a session only when its worker was lost."""

from __future__ import annotations

import re
import shutil
import time
import traceback
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ..config import Settings
from ..contracts import conversation
from ..domain import OverallStatus, PendingRequestType, utc_now
from ..errors import ServiceError
from ..headless import accepts_as_is
from ..state import GlobalState, WorkflowStatus
from .layout import publish, work_folder
from .models import SessionOutcome, SessionStatus

EVENT_TOPIC = "agentic-neurodata-batch"
# Correction rounds a batch approves by itself per session (the user approved them for all sessions).
MAX_APPROVED_ROUNDS = 2
BAD_INPUT_CODES = {"bad_input", "format_not_detected"}
# Settings a task takes from the service that submitted it (a worker's own .env does not count).
CARRIED_SETTINGS = (
    "compression",
    "compression_level",
    "conversion_threads",
    "conversion_buffer_mb",
    "detection_timeout_s",
)


class SessionJob(BaseModel):
    batch_id: str
    key: str
    folder: str = Field(description="Absolute path of the session's folder")
    output_dir: str = Field(description="The batch's output folder")
    metadata: dict[str, Any] = Field(default_factory=dict)
    format: str | None = None
    choices: list[str] = Field(default_factory=list, description="The options detection offered for the session")
    accept_warnings: bool = False
    approve_corrections: bool = False
    settings: dict[str, Any] = Field(default_factory=dict)


def job_settings(settings: Settings) -> dict[str, Any]:
    return settings.model_dump(mode="json", include=set(CARRIED_SETTINGS))


def _reader(choice: str) -> str:
    """The reader an option names ("Interface#stream", "Interface@folder" and "Interface~n" are its options)."""
    return re.split(r"[#@~]", choice)[0]


def forced_reader(job: SessionJob) -> str | None:
    """The one reader a session is converted with, as `convert --format` does, or None when detection
    decides. A `format` that answers the session's own question (one of its choices, or their reader)
    is given as that answer instead, so the session keeps every stream detection composed with it, as
    the single-session path does."""
    if not job.format:
        return None
    if job.format in job.choices or _reader(job.format) in {_reader(c) for c in job.choices}:
        return None
    return _reader(job.format)


def _worker_name() -> str:
    try:
        from distributed import get_worker

        worker = get_worker()
        return str(worker.name if worker.name is not None else worker.address)
    except (ImportError, ValueError):
        return "this process"


def _tell(job: SessionJob, **event: Any) -> None:
    """Report progress to the submitting service through Dask's event log (nothing outside Dask)."""
    try:
        from distributed import get_worker

        get_worker().log_event(EVENT_TOPIC, {"batch_id": job.batch_id, "key": job.key, **event})
    except (ImportError, ValueError):
        pass


def run_session(job_data: dict[str, Any]) -> dict[str, Any]:
    """The Dask task. Returns a SessionOutcome as a dict."""
    job = SessionJob.model_validate(job_data)
    started, clock = utc_now(), time.perf_counter()
    worker = _worker_name()
    _tell(job, status=SessionStatus.RUNNING.value, worker=worker, message=f"Started on {worker}")
    try:
        outcome = _convert(job)
    except ServiceError as exc:
        status = SessionStatus.INPUT_NEEDED if exc.error_code in BAD_INPUT_CODES else SessionStatus.FAILED
        outcome = SessionOutcome(status=status, message=f"{exc.message} (error id {exc.error_id})")
    except Exception as exc:  # noqa: BLE001 - the data's fault is the session's status, never a retry
        last = traceback.format_exc(limit=3).strip().splitlines()[-1]
        outcome = SessionOutcome(status=SessionStatus.FAILED, message=f"{type(exc).__name__}: {exc} ({last})")
    outcome.worker, outcome.started_at, outcome.ended_at = worker, started, utc_now()
    outcome.duration_s = round(time.perf_counter() - clock, 2)
    return outcome.model_dump(mode="json")


def _convert(job: SessionJob) -> SessionOutcome:
    from ..runtime import build_runtime

    work = work_folder(Path(job.output_dir), job.key)
    # Each run starts afresh (a run cut short by a lost worker left its state behind); versions stay.
    shutil.rmtree(work / "state", ignore_errors=True)
    settings = Settings(
        _env_file=None,
        upload_dir=work / "uploads",
        output_dir=work,
        log_dir=work / "logs",
        state_dir=work / "state",
        llm_provider="offline",  # nothing leaves a worker; no question is worded in a batch
        output_naming="dandi",
        **job.settings,
    )
    runtime = build_runtime(settings, in_background=False)

    def forward(event: dict[str, Any]) -> None:
        if event.get("type") == "stage_update" and event.get("stage"):
            _tell(job, stage=event["stage"], message=event.get("message", ""))

    runtime.store.subscribe(forward)
    try:
        runtime.start_local(Path(job.folder), job.metadata, forced_format=forced_reader(job), output_dir=work)
        skipped: list[str] = []
        state = _drive(runtime, job, skipped)
    finally:
        runtime.close()
    outcome = _outcome(state, Path(job.output_dir))
    if skipped:
        outcome.missing += [name for name in skipped if name not in outcome.missing]
        outcome.message += f" The correction left out values only you know: {', '.join(skipped)}."
    return outcome


def _drive(runtime: Any, job: SessionJob, skipped: list[str]) -> GlobalState:
    """Answer only what the user settled up front for every session; stop at anything else. In an
    approved correction, values only the user knows are skipped (listed in `skipped`), so the
    automatic fixes still make a new version; a session is never asked twice for the same value."""
    format_answered, rounds = False, 0
    while (state := runtime.store.snapshot()).status == WorkflowStatus.AWAITING_USER_INPUT:
        request = state.pending_request
        assert request is not None
        asked = [f.name for f in request.fields]
        if rounds and request.type == PendingRequestType.USER_INPUT and asked and not set(asked) & set(skipped):
            skipped += asked
            runtime.call(conversation.HANDLE_USER_INPUT, skip=asked)
        elif request.type == PendingRequestType.FORMAT_SELECTION and job.format and not format_answered:
            format_answered = True
            runtime.call(conversation.HANDLE_USER_INPUT, fields={"format": job.format})
        elif (
            job.approve_corrections
            and request.type in (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL)
            and rounds < MAX_APPROVED_ROUNDS
        ):
            rounds += 1
            runtime.call(conversation.HANDLE_CORRECTION, approved=True)
        elif job.accept_warnings and accepts_as_is(request, state):
            runtime.call(conversation.HANDLE_CORRECTION, approved=False, accept_as_is=True)
        else:
            break
    return state


def _outcome(state: GlobalState, output_dir: Path) -> SessionOutcome:
    latest = state.latest_version
    result = state.validation_result
    request = state.pending_request
    valid = state.overall_status in (OverallStatus.PASSED, OverallStatus.PASSED_WITH_ISSUES)
    if state.status == WorkflowStatus.COMPLETED:
        status = SessionStatus.PASSED
    elif latest is None:
        status = (
            SessionStatus.INPUT_NEEDED
            if state.status == WorkflowStatus.AWAITING_USER_INPUT
            or (state.failure and state.failure.error_code in BAD_INPUT_CODES)
            else SessionStatus.FAILED
        )
    else:
        status = SessionStatus.PASSED_WITH_ISSUES if valid else SessionStatus.FAILED
    message = (
        state.failure.message
        if state.failure
        else request.message
        if request is not None and status == SessionStatus.INPUT_NEEDED
        else state.last_message or ""
    )
    outcome = SessionOutcome(
        status=status,
        message=message,
        work_file=latest.path if latest else None,
        sha256=latest.sha256 if latest else None,
        size_bytes=latest.size_bytes if latest else None,
        overall_status=state.overall_status.value if state.overall_status else None,
        validation_status=state.validation_status.value if state.validation_status else None,
        counts=result.counts if result else None,
        versions=len(state.versions),
        report=state.report_path,
        missing=[f.name for f in request.fields] + [o.value for o in request.options if not request.fields]
        if request is not None and status == SessionStatus.INPUT_NEEDED
        else [],
        proposal=request.message
        if request is not None
        and request.type in (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL)
        else None,
    )
    if latest is not None and status in (SessionStatus.PASSED, SessionStatus.PASSED_WITH_ISSUES):
        nwb, report = publish(output_dir, Path(latest.path), Path(state.report_path) if state.report_path else None)
        if nwb is None:
            outcome.message += " Not placed in DANDI's layout: the file has no subject ID."
        else:
            outcome.nwb_file, outcome.report = str(nwb), str(report) if report else outcome.report
    return outcome
