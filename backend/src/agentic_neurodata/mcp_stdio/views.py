"""What the assistant tools answer. Built from the same StatusResponse the web API serves, so
the MCP server and GET /api/status never disagree; trimmed to what an assistant acts on and
given a `next_step` sentence that names the tool to call."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..api.schemas import FailureView, ProgressView, StageView, StatusResponse
from ..batch import BatchState, BatchStatus, summary_paths, summary_row
from ..domain import (
    DetectionResult,
    FieldRequest,
    NWBVersion,
    OverallStatus,
    PendingRequest,
    PendingRequestType,
    SessionStream,
    SeverityCounts,
)
from ..state import GlobalState

WorkflowStatusName = Literal["idle", "processing", "awaiting_user_input", "completed", "failed"]


class DetectedFormatView(BaseModel):
    interface: str | None = Field(description="The NeuroConv interface or converter chosen")
    confidence: float = Field(description="0..1: share of the folder's bytes this reader explains, split among ties")
    needs_choice: bool = Field(description="True while the user still has to choose among alternatives")
    explanation: str = ""
    plan: list[str] = Field(
        default_factory=list,
        description="The session plan, one line per stream (raw recording, sorting, events ...): name, reader, "
        "kind, files, whether it is converted or left out, what a sorting is linked to, and why a stream cannot "
        "be read. set_stream_included(name, included) leaves a stream out or puts it back",
    )


class StatusView(BaseModel):
    session_id: str | None
    status: WorkflowStatusName
    validation_status: str | None = Field(
        description="passed, passed_accepted, passed_improved, "
        "failed_user_declined or failed_user_abandoned once decided"
    )
    overall_status: OverallStatus | None = Field(description="Latest evaluation: PASSED, PASSED_WITH_ISSUES or FAILED")
    message: str = Field(description="The latest thing the service said (the question, when it waits)")
    progress: ProgressView | None
    stages: list[StageView]
    pending_request: PendingRequest | None = Field(
        description="Exactly what the service waits for: its type, the fields to give (name, required, "
        "description, example) and the options to choose from; null when it waits for nothing"
    )
    detected_format: DetectedFormatView | None
    versions: list[NWBVersion] = Field(description="NWB files written so far: version, path, sha256, size_bytes")
    validation_details: SeverityCounts | None = Field(description="Issue counts by severity, latest evaluation")
    failure: FailureView | None
    next_step: str = Field(description="What to do now, naming the tool to call")


class WaitView(StatusView):
    settled: bool = Field(
        description="True when the service stopped working: it waits for the user, "
        "finished, failed or is idle. False: the time ran out; call wait again"
    )
    waited_s: float


class CandidateView(BaseModel):
    choice_id: str = Field(description="The value to give as the format choice")
    interface: str
    explanation: str
    files: int = Field(description="How many files this reader would read")


class DetectionView(BaseModel):
    folder: str
    interface: str | None = Field(description="The best reader (NeuroConv interface or converter)")
    confidence: float
    needs_choice: bool = Field(
        description="True when several readers fit, or the reader needs values only "
        "the user knows (see questions): start_conversion will then ask"
    )
    explanation: str
    alternatives: list[CandidateView]
    questions: list[FieldRequest] = Field(description="Values the reader needs that the files do not hold")
    files: int = Field(description="How many files the best reader reads")
    duration_s: float | None
    plan: list[str] = Field(
        default_factory=list,
        description="The session plan, one line per stream (raw recording, sorting, events ...): name, reader, "
        "kind, files, whether it is converted or left out, what a sorting is linked to, and why a stream cannot "
        "be read. set_stream_included(name, included) leaves a stream out or puts it back",
    )


class AnswerView(BaseModel):
    reply: str
    accepted: dict[str, Any] = Field(description="Values taken, as normalised and stored")
    rejected: dict[str, str] = Field(description="Values refused, each with the reason and an example")
    next_action: str
    status: StatusView


class ActionView(BaseModel):
    message: str
    next_action: str | None
    status: StatusView


class PlanView(BaseModel):
    plan: list[str] = Field(description="The session plan after the change, one line per stream")
    explanation: str
    status: StatusView


class IssueView(BaseModel):
    check_name: str
    severity: str
    message: str
    location: str | None
    how_to_fix: str | None


class ResultsView(BaseModel):
    session_id: str | None
    status: WorkflowStatusName
    finished: bool = Field(description="True when the session completed or failed for good")
    validation_status: str | None
    overall_status: OverallStatus | None
    nwb_file: str | None = Field(description="Absolute path of the latest NWB version")
    sha256: str | None = Field(description="SHA-256 of the latest NWB version")
    versions: list[NWBVersion]
    report_path: str | None = Field(description="PDF report (passed) or JSON correction context (failed)")
    report_exists: bool
    counts: SeverityCounts | None
    completeness_score: float | None
    issues: list[IssueView]
    failure: FailureView | None


# --------------------------------------------------------------------------- builders


def status_view(response: StatusResponse) -> StatusView:
    found = response.detected_format
    return StatusView(
        session_id=response.session_id,
        status=response.status,
        validation_status=response.validation_status,
        overall_status=response.overall_status,
        message=response.message,
        progress=response.progress,
        stages=response.stages,
        pending_request=response.pending_request,
        detected_format=None
        if found is None
        else DetectedFormatView(
            interface=found.interface,
            confidence=found.confidence,
            needs_choice=found.needs_choice,
            explanation=found.explanation,
            plan=plan_lines(found.streams),
        ),
        versions=response.versions,
        validation_details=response.validation_details,
        failure=response.failure,
        next_step=next_step(response),
    )


def next_step(response: StatusResponse) -> str:
    pending = response.pending_request
    if response.status == "awaiting_user_input" and pending is not None:
        return _answer_hint(pending)
    if response.status == "processing":
        return "The service is working: call wait() to follow it until it needs you or finishes."
    if response.status == "completed":
        return "Done: call get_results() for the NWB file, its SHA-256 and the report."
    if response.status == "failed":
        reason = response.failure.reason if response.failure else ""
        retry = "" if reason in ("user_declined", "user_abandoned") else " approve() tries this session again;"
        return (
            f"The session failed ({response.failure.message if response.failure else 'see message'})."
            f"{retry} get_results() lists what was produced; start_conversion(folder) starts anew."
        )
    return "Nothing is running: call detect_format(folder) to look at a folder, or start_conversion(folder, metadata)."


def _answer_hint(pending: PendingRequest) -> str:
    options = ", ".join(repr(o.value) for o in pending.options)
    if pending.type == PendingRequestType.FORMAT_SELECTION:
        return f"Choose the format: call answer(fields={{'format': <one of {options}>}})."
    if pending.type == PendingRequestType.RETRY_APPROVAL:
        return (
            "The file failed validation: call approve() to let the service correct it and convert again, or decline()."
        )
    if pending.type == PendingRequestType.IMPROVEMENT_APPROVAL:
        return "The file is valid with warnings: call approve() to improve it, or accept_as_is() to keep it."
    names = ", ".join(f.name + (" (required)" if f.required else "") for f in pending.fields)
    if names:
        return (
            f"Answer with answer(fields={{name: value}}) for: {names}; answer(skip=[names]) declines fields, "
            "answer(message='...') passes free text."
        )
    return "Answer with answer(message='...')" + (f", choosing among {options}." if options else ".")


def detection_view(folder: Path, found: DetectionResult) -> DetectionView:
    return DetectionView(
        folder=str(folder),
        interface=found.interface,
        confidence=found.confidence,
        needs_choice=found.needs_choice,
        explanation=found.explanation,
        alternatives=[
            CandidateView(
                choice_id=c.choice_id or c.interface,
                interface=c.interface,
                explanation=c.explanation,
                files=len(c.files),
            )
            for c in found.alternatives
        ],
        questions=found.questions,
        files=len(found.files),
        duration_s=found.duration_s,
        plan=plan_lines(found.streams),
    )


def plan_lines(streams: list[SessionStream]) -> list[str]:
    """The plan in words, one line per stream, e.g. "KiloSortSortingInterface: reader KiloSortSortingInterface,
    sorting, 9 files (6.3 kB); converted; units linked to the electrodes of imec0.ap"."""
    return [_plan_line(stream) for stream in streams]


def _plan_line(stream: SessionStream) -> str:
    size = f"{stream.bytes / 1e6:.1f} MB" if stream.bytes >= 1e6 else f"{stream.bytes / 1e3:.1f} kB"
    files = f"{len(stream.files)} file" + ("" if len(stream.files) == 1 else "s")
    parts = [
        f"{stream.name}: reader {stream.interface}, {stream.kind.value}, {files} ({size})",
        "converted" if stream.included else "left out",
    ]
    if stream.link is not None and stream.link.linked:
        parts.append(f"units linked to the electrodes of {stream.link.recording}")
    elif stream.link is not None:
        parts.append(f"not linked to a recording: {stream.link.reason}")
    if stream.problem:
        parts.append(f"problem: {stream.problem}")
    return "; ".join(parts)


def results_view(state: GlobalState) -> ResultsView:
    latest = state.latest_version
    result = state.validation_result
    report = Path(state.report_path) if state.report_path else None
    return ResultsView(
        session_id=state.session_id,
        status=state.status.value,
        finished=state.status.value in ("completed", "failed"),
        validation_status=state.validation_status.value if state.validation_status else None,
        overall_status=state.overall_status,
        nwb_file=latest.path if latest else None,
        sha256=latest.sha256 if latest else None,
        versions=state.versions,
        report_path=str(report) if report else None,
        report_exists=bool(report and report.is_file()),
        counts=result.counts if result else None,
        completeness_score=result.completeness_score if result else None,
        issues=[
            IssueView(
                check_name=i.check_name,
                severity=i.severity.value,
                message=i.message,
                location=i.location,
                how_to_fix=i.how_to_fix,
            )
            for i in (result.issues if result else [])
        ],
        failure=FailureView.model_validate(state.failure.model_dump()) if state.failure else None,
    )


class BatchSessionView(BaseModel):
    session: str = Field(description="The session's folder, relative to the parent")
    key: str
    status: str = Field(description="waiting, running, passed, passed_with_issues, failed, input_needed, lost")
    subject_id: str | None = None
    session_id: str | None = None
    nwb_file: str | None = None
    worker: str | None = None
    message: str = ""
    missing: list[str] = Field(default_factory=list, description="What only the user can give, before it runs")


class BatchToolView(BaseModel):
    batch_id: str
    status: str = Field(description="discovering, draft, running, finished, failed")
    message: str
    parent: str
    output_dir: str
    pattern: str | None = None
    pattern_inferred: bool = Field(description="True: inferred from the tree; confirm it with the user")
    shared: dict[str, str]
    sessions: list[BatchSessionView]
    not_sessions: list[str] = Field(default_factory=list, description="Folders that are not sessions, and why")
    summary: dict[str, str] = Field(default_factory=dict, description="Summary files once the batch has finished")
    settled: bool = True


def batch_view(state: BatchState, missing: dict[str, list[str]]) -> BatchToolView:
    rows = {s.key: summary_row(s) for s in state.sessions}
    finished = state.status in (BatchStatus.FINISHED,)
    return BatchToolView(
        batch_id=state.batch_id,
        status=state.status.value,
        message=state.message,
        parent=state.parent,
        output_dir=state.output_dir,
        pattern=state.pattern,
        pattern_inferred=state.pattern_inferred,
        shared=state.shared,
        sessions=[
            BatchSessionView(
                session=s.folder,
                key=s.key,
                status=s.status.value,
                subject_id=s.values.get("subject_id"),
                session_id=s.values.get("session_id"),
                nwb_file=rows[s.key]["nwb_file"],
                worker=rows[s.key]["worker"],
                message=rows[s.key]["message"],
                missing=missing.get(s.key, []),
            )
            for s in state.sessions
        ],
        not_sessions=[f"{n.folder}: {n.reason}" for n in state.not_sessions],
        summary={k: str(v) for k, v in summary_paths(Path(state.output_dir)).items()} if finished else {},
        settled=state.status not in (BatchStatus.DISCOVERING, BatchStatus.RUNNING),
    )
