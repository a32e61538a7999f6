"""The domain's data types, shared by the agents, the router contracts and the API: validation
results, file information, corrections, format detection, versions and what the service asks."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


def utc_now() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------- validation


class Severity(StrEnum):
    """Our severity, derived from NWB Inspector's *importance* (see `to_severity`)."""

    CRITICAL = "CRITICAL"
    ERROR = "ERROR"
    WARNING = "WARNING"
    BEST_PRACTICE = "BEST_PRACTICE"
    INFO = "INFO"


class IssueCategory(StrEnum):
    MISSING_METADATA = "missing_metadata"
    DATA_INTEGRITY = "data_integrity"
    FORMAT = "format"
    BEST_PRACTICE = "best_practice"
    INSPECTOR_INTERNAL = "inspector_internal"


class OverallStatus(StrEnum):
    PASSED = "PASSED"
    PASSED_WITH_ISSUES = "PASSED_WITH_ISSUES"
    FAILED = "FAILED"


class FixKind(StrEnum):
    AUTO = "auto"
    ASK = "ask"
    NONE = "none"


class ValidationIssue(BaseModel):
    check_name: str
    severity: Severity
    importance: str = Field(description="NWB Inspector importance name, e.g. CRITICAL, BEST_PRACTICE_VIOLATION")
    inspector_severity: str | None = Field(default=None, description="NWB Inspector severity: HIGH or LOW")
    message: str
    location: str | None = None
    object_type: str | None = None
    object_name: str | None = None
    category: IssueCategory = IssueCategory.BEST_PRACTICE
    fix_kind: FixKind = FixKind.ASK
    explanation: str | None = None
    why_it_matters: str | None = None
    how_to_fix: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        """Identity of an issue across attempts: the check and where it fired."""
        return (self.check_name, self.location or "")


class SeverityCounts(BaseModel):
    CRITICAL: int = 0
    ERROR: int = 0
    WARNING: int = 0
    BEST_PRACTICE: int = 0
    INFO: int = 0

    @property
    def blocking(self) -> int:
        return self.CRITICAL + self.ERROR

    @property
    def non_blocking(self) -> int:
        return self.WARNING + self.BEST_PRACTICE + self.INFO


class AcquisitionEntry(BaseModel):
    name: str
    neurodata_type: str
    shape: list[int] | None = None
    dtype: str | None = None
    bytes: int | None = None
    rate_hz: float | None = None
    unit: str | None = None


class SubjectInfo(BaseModel):
    subject_id: str | None = None
    species: str | None = None
    age: str | None = None
    sex: str | None = None
    strain: str | None = None
    description: str | None = None
    date_of_birth: str | None = None


class FileInfo(BaseModel):
    """What the NWB file holds. Every field is optional: absent parts are simply absent."""

    file_path: str | None = None
    file_size_bytes: int | None = None
    nwb_version: str | None = None
    identifier: str | None = None
    session_description: str | None = None
    session_id: str | None = None
    session_start_time: str | None = None
    file_create_date: str | None = None
    experimenter: list[str] = Field(default_factory=list)
    institution: str | None = None
    lab: str | None = None
    experiment_description: str | None = None
    keywords: list[str] = Field(default_factory=list)
    subject: SubjectInfo | None = None
    devices: list[dict[str, Any]] = Field(default_factory=list)
    electrode_groups: list[dict[str, Any]] = Field(default_factory=list)
    electrode_count: int | None = None
    electrode_columns: list[str] = Field(default_factory=list)
    acquisition: list[AcquisitionEntry] = Field(default_factory=list)
    processing_modules: list[dict[str, Any]] = Field(default_factory=list)
    units_count: int | None = None
    units_with_electrodes: int | None = Field(default=None, description="Units linked to rows of the electrodes table")
    temporal_coverage_s: list[float] | None = Field(default=None, description="[start, stop] in seconds")
    duration_s: float | None = None


class ValidationResult(BaseModel):
    nwb_path: str
    version: int | None = None
    overall_status: OverallStatus
    readable: bool = True
    read_error: str | None = None
    issues: list[ValidationIssue] = Field(default_factory=list)
    counts: SeverityCounts = Field(default_factory=SeverityCounts)
    counts_by_category: dict[str, int] = Field(default_factory=dict)
    completeness_score: float | None = Field(default=None, description="0..100, see evaluation/scoring.py")
    file_info: FileInfo | None = None
    inspector_version: str | None = None
    evaluated_at: datetime = Field(default_factory=utc_now)
    duration_s: float | None = None


# --------------------------------------------------------------------------- corrections


class FixStrategy(BaseModel):
    check_name: str
    kind: FixKind
    description: str
    field: str | None = Field(default=None, description="metadata field the fix sets, when it sets one")
    question: str | None = None
    example: str | None = None
    rule: str | None = None


class AppliedFix(BaseModel):
    check_name: str
    field: str | None = None
    old_value: Any = None
    new_value: Any = None
    reason: str


class CorrectionAttempt(BaseModel):
    attempt: int
    version: int | None = None
    started_at: datetime = Field(default_factory=utc_now)
    issues_before: list[ValidationIssue] = Field(default_factory=list)
    fixes_applied: list[AppliedFix] = Field(default_factory=list)
    user_input: dict[str, Any] = Field(default_factory=dict)
    issues_after: list[ValidationIssue] | None = None
    status_after: OverallStatus | None = None


class IssueExplanation(BaseModel):
    check_name: str
    severity: Severity
    location: str | None = None
    message: str
    explanation: str
    how_to_fix: str
    fix_kind: FixKind
    field: str | None = None


class RoadmapStep(BaseModel):
    priority: int
    action: str
    issues: list[str] = Field(default_factory=list)
    fix_kind: FixKind


class CorrectionContext(BaseModel):
    """What failed and how to fix it: written as JSON for FAILED files and served by the API."""

    session_id: str | None = None
    nwb_file: str
    version: int | None = None
    overall_status: OverallStatus
    generated_at: datetime = Field(default_factory=utc_now)
    summary: str
    counts: SeverityCounts
    issues: list[IssueExplanation] = Field(default_factory=list)
    auto_fixable: list[str] = Field(default_factory=list)
    needs_user_input: list[str] = Field(default_factory=list)
    roadmap: list[RoadmapStep] = Field(default_factory=list)
    correction_history: list[CorrectionAttempt] = Field(default_factory=list)
    # What the file was written from: each stream of the session with the reader that wrote it.
    streams: list[SessionStream] = Field(default_factory=list)


# --------------------------------------------------------------------------- format detection


class StreamKind(StrEnum):
    """What one stream of a session holds (decided from the reader NeuroConv opened, not from file names)."""

    RECORDING = "recording"
    SORTING = "sorting"
    EVENTS = "events"
    VIDEO = "video"
    BEHAVIOR = "behavior"
    IMAGING = "imaging"
    OTHER = "other"


class StreamLink(BaseModel):
    """Whether a sorting's units are linked to the electrodes of a recording of the same session, and why."""

    linked: bool
    recording: str | None = Field(default=None, description="The recording the units were sorted from (a plan name)")
    reason: str


class SessionPiece(BaseModel):
    """One piece of a recording that was paused and resumed (a neo segment): written at its own time."""

    index: int
    start_s: float
    duration_s: float


class SessionStream(BaseModel):
    """One part of a session: one NeuroConv reader on its own files. A session of several parts is
    converted with one NWBConverter (docs/architecture.md, "One session, start to end")."""

    name: str = Field(description="Unique in the plan: how the stream is named in answers, logs and the report")
    interface: str = Field(description="The NeuroConv interface or converter that reads it")
    kind: StreamKind
    source_data: dict[str, Any] = Field(default_factory=dict)
    files: list[str] = Field(default_factory=list)
    bytes: int = 0
    stream: str | None = Field(default=None, description="The reader's own stream name, when it has several")
    conversion_options: dict[str, Any] = Field(default_factory=dict)
    included: bool = Field(default=True, description="False when left out (by the user, or because it cannot be read)")
    explanation: str = ""
    channel_count: int | None = None
    sampling_rate_hz: float | None = None
    unit_count: int | None = None
    start_time: str | None = Field(default=None, description="When the stream started, as its files say (ISO 8601)")
    start_offset_s: float | None = Field(default=None, description="Seconds after the session start it is written at")
    alignment: str | None = Field(default=None, description="How its times were aligned to the session, in words")
    link: StreamLink | None = None
    pieces: list[SessionPiece] = Field(default_factory=list, description="Empty for a recording in one piece")
    problem: str | None = Field(default=None, description="Why it cannot be converted (then it is not included)")


class FormatCandidate(BaseModel):
    interface: str
    source_data: dict[str, Any] = Field(default_factory=dict)
    explanation: str = ""
    bytes_explained: int = 0
    files: list[str] = Field(default_factory=list)
    is_converter: bool = False
    score: float = 0.0
    # Unique among the alternatives of one detection (the interface name, or "Interface#stream" /
    # "Interface@folder" when two alternatives share an interface): the value a user's choice names.
    choice_id: str = ""
    stream: str | None = None
    conversion_options: dict[str, Any] = Field(default_factory=dict)
    questions: list[FieldRequest] = Field(default_factory=list)
    # The whole session this option converts (empty: this reader alone).
    streams: list[SessionStream] = Field(default_factory=list)
    label: str | None = Field(default=None, description="How the option is shown, when not by its reader's name")
    # A second question this option leads to (which reader of two that read the same files), asked next.
    follow_up: list[FormatCandidate] = Field(default_factory=list)
    follow_up_message: str | None = None


class DetectionResult(BaseModel):
    interface: str | None = None
    source_data: dict[str, Any] = Field(default_factory=dict)
    confidence: float = 0.0
    files: list[str] = Field(default_factory=list)
    alternatives: list[FormatCandidate] = Field(default_factory=list)
    needs_choice: bool = False
    explanation: str = ""
    duration_s: float | None = None
    choice_id: str = ""
    conversion_options: dict[str, Any] = Field(default_factory=dict)
    # Arguments the reader needs that only the user knows (e.g. sampling rate of a headerless binary).
    questions: list[FieldRequest] = Field(default_factory=list)
    # The folder `files` are relative to.
    root: str | None = None
    # The session plan: every stream the conversion combines into one NWB file, the detected reader
    # (`interface`) first. One stream: a plain conversion; several: one NWBConverter.
    streams: list[SessionStream] = Field(default_factory=list)

    def included_streams(self) -> list[SessionStream]:
        return [s for s in self.streams if s.included]

    def plan_summary(self) -> list[dict[str, Any]]:
        """The session plan in short, for /ws events: stream, reader, kind, files, bytes, whether it is in."""
        return [
            {
                "stream": s.name,
                "reader": s.interface,
                "kind": s.kind.value,
                "files": len(s.files),
                "bytes": s.bytes,
                "included": s.included,
                "linked_to": s.link.recording if s.link and s.link.linked else None,
                "problem": s.problem,
            }
            for s in self.streams
        ]

    @property
    def composed(self) -> bool:
        """More than one stream is converted together."""
        return len(self.included_streams()) > 1


class StreamFacts(BaseModel):
    """One stream the chosen reader reads: a recording (rate, channels, samples) or a sorting (units)."""

    name: str
    kind: StreamKind
    sampling_rate_hz: float | None = None
    channel_count: int | None = None
    samples: int | None = None
    duration_s: float | None = None
    dtype: str | None = None
    bit_depth: int | None = None
    bit_depth_source: str | None = None
    sample_type_bits: int | None = None
    unit_count: int | None = None


class FileFacts(BaseModel):
    """What the files already know, read with the detected reader (stored as `extracted_metadata`).
    The rate, channels, duration and data type are the largest recording stream's."""

    interface: str | None = None
    session_start_time: str | None = None
    session_start_time_source: str | None = Field(default=None, description="file header or folder name")
    session_start_time_has_timezone: bool = False
    streams: list[StreamFacts] = Field(default_factory=list)
    devices: list[dict[str, Any]] = Field(default_factory=list)
    electrode_groups: list[dict[str, Any]] = Field(default_factory=list)
    questions: list[FieldRequest] = Field(default_factory=list, description="What the files do not say")
    sampling_rate_hz: float | None = None
    channel_count: int | None = None
    duration_s: float | None = None
    dtype: str | None = None
    bit_depth: int | None = None
    bit_depth_source: str | None = None
    sample_type_bits: int | None = None


class NWBVersion(BaseModel):
    version: int
    path: str
    sha256: str
    size_bytes: int
    created_at: datetime = Field(default_factory=utc_now)
    # Beside the NWB file: the NeuroConv YAML specification that re-runs this conversion with the
    # `neuroconv` command (None when the reader cannot be written as one) and the final metadata.
    specification_path: str | None = None
    metadata_path: str | None = None
    # The streams this version was written from, each with its reader, links and time offset.
    streams: list[SessionStream] = Field(default_factory=list)


# --------------------------------------------------------------------------- pending requests


class PendingRequestType(StrEnum):
    FORMAT_SELECTION = "format_selection"
    METADATA = "metadata"
    RETRY_APPROVAL = "retry_approval"
    IMPROVEMENT_APPROVAL = "improvement_approval"
    USER_INPUT = "user_input"


class FieldRequest(BaseModel):
    name: str
    required: bool = True
    description: str = ""
    example: str | None = None
    why: str | None = None
    # The rule an answer must follow (correction questions carry it from the catalogue).
    rule: str | None = None
    options: list[str] = Field(default_factory=list)
    suggested: str | None = None


class RequestOption(BaseModel):
    value: str
    label: str
    description: str = ""


class PendingRequest(BaseModel):
    type: PendingRequestType
    message: str
    fields: list[FieldRequest] = Field(default_factory=list)
    options: list[RequestOption] = Field(default_factory=list)
    purpose: str | None = Field(
        default=None,
        description="What a user_input request is for: format_arguments, correction_values or no_progress",
    )


# Models that name a model defined further down (or themselves) are completed once all exist.
CorrectionContext.model_rebuild()
FormatCandidate.model_rebuild()
