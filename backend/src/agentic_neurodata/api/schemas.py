"""Request and response bodies of the REST API (the domain types they carry are in domain.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..batch import BatchState
from ..config import LLMProviderName
from ..domain import (
    CorrectionAttempt,
    DetectionResult,
    FileInfo,
    NWBVersion,
    OverallStatus,
    PendingRequest,
    RequestOption,
    SessionEnding,
    SessionStream,
    SeverityCounts,
    ValidationIssue,
    ValueSource,
)
from ..sessions import SessionSummary


class UploadAccepted(BaseModel):
    session_id: str
    status: str
    files: int
    bytes: int
    message: str


class StreamChoiceRequest(BaseModel):
    """Leave one stream of the session out of the conversion, or put it back."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(description="The stream's name, from detected_format.streams[].name", max_length=2_000)
    included: bool


class SessionPlanResponse(BaseModel):
    """The session plan after the change: every stream, and which are converted."""

    streams: list[SessionStream]
    explanation: str


class UserInputRequest(BaseModel):
    """One of: free text (`message`), several fields (`fields`), one field (`field_name` +
    `value`), or fields the user declines to give (`skip`)."""

    model_config = ConfigDict(extra="forbid")

    message: str | None = Field(default=None, max_length=10_000)
    fields: dict[str, Any] | None = None
    field_name: str | None = None
    value: Any = None
    skip: list[str] | None = None


class UserInputResponse(BaseModel):
    reply: str
    accepted: dict[str, Any] = Field(default_factory=dict)
    rejected: dict[str, str] = Field(default_factory=dict)
    next_action: str


class RetryApprovalRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    approved: bool
    accept_as_is: bool = False


class ActionResponse(BaseModel):
    status: str
    message: str
    next_action: str | None = None


class ErrorBody(BaseModel):
    error_code: str
    message: str
    error_id: str
    details: dict[str, Any] = Field(default_factory=dict)


class ServiceInfo(BaseModel):
    name: str
    version: str
    llm_provider: LLMProviderName
    neuroconv_version: str
    nwbinspector_version: str
    pynwb_version: str
    supported_formats: list[str]
    auth_required: bool
    max_upload_size_gb: float


class HealthResponse(BaseModel):
    status: Literal["ok"]
    version: str
    uptime_s: float
    workflow_status: str


LogLevelName = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class StageView(BaseModel):
    name: str
    status: str
    started_at: datetime | None = None
    ended_at: datetime | None = None
    message: str | None = None


class ProgressView(BaseModel):
    stage: str | None = None
    percent: float = 0.0
    message: str = ""
    bytes_done: int | None = None
    bytes_total: int | None = None


class FailureView(BaseModel):
    reason: str
    message: str
    error_code: str | None = None
    error_id: str | None = None


class ChatTurnView(BaseModel):
    role: str
    text: str
    timestamp: datetime


class StatusResponse(BaseModel):
    """Everything a client needs to show where the session is and what it waits for."""

    session_id: str | None
    status: Literal["idle", "processing", "awaiting_user_input", "completed", "failed"]
    validation_status: (
        Literal["passed", "passed_accepted", "passed_improved", "failed_user_declined", "failed_user_abandoned"] | None
    )
    overall_status: OverallStatus | None
    message: str = Field(description="The latest thing the service said")
    stages: list[StageView]
    progress: ProgressView | None
    correction_attempt: int
    detected_format: DetectionResult | None
    versions: list[NWBVersion]
    validation_details: SeverityCounts | None = Field(description="Counts of issues by severity, latest evaluation")
    verdict: str | None = Field(
        default=None, description="The latest evaluation in words with its counts, e.g. 'Valid with 2 warnings'"
    )
    issues: list[ValidationIssue] = Field(default_factory=list)
    completeness_score: float | None = None
    file_info: FileInfo | None = None
    report_available: bool
    report_name: str | None = None
    report_sha256: str | None = None
    llm_provider: LLMProviderName
    pending_request: PendingRequest | None
    metadata: dict[str, Any]
    metadata_sources: dict[str, ValueSource] = Field(
        default_factory=dict, description="Where each value came from: form, words, confirmed, files, auto_fix"
    )
    extracted_metadata: dict[str, Any]
    declined_fields: list[str]
    uploaded_files: int
    upload_bytes: int
    conversation: list[ChatTurnView]
    correction_history: list[CorrectionAttempt]
    failure: FailureView | None
    ending: SessionEnding | None = Field(
        default=None, description="How the session ended (final status, what was accepted, declined, by whom)"
    )
    model_failure: FailureView | None = Field(
        default=None, description="The configured remote model failed; the service went on with offline wording"
    )
    updated_at: datetime


class LogEntryView(BaseModel):
    timestamp: datetime
    level: str
    component: str
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class LogsResponse(BaseModel):
    session_id: str | None
    count: int
    entries: list[LogEntryView]


# --------------------------------------------------------------------------- metadata fields and rules


class MetadataFieldView(BaseModel):
    """One metadata field as the web app shows it; the rule that checks it lives on the server."""

    name: str
    level: Literal["required", "recommended", "optional"]
    required: bool
    label: str
    description: str
    example: str
    why: str
    kind: Literal["text", "multiline", "species", "sex", "age", "datetime", "date", "experimenter", "keywords"]
    alternative: str | None = Field(
        default=None, description="A field that satisfies the same need (age / date_of_birth)"
    )
    options: list[RequestOption] = Field(default_factory=list, description="The values to choose from (sex)")


class SpeciesView(BaseModel):
    latin: str
    common: str
    taxon_id: int
    url: str
    stored_as: str = Field(description="What is written into the file: the binomial, or the taxon link of a trinomial")
    names: list[str] = Field(description="Names people use that mean exactly this species (lower case)")


class MetadataCatalogue(BaseModel):
    """The field list, examples and species table the web app renders from (one source of truth)."""

    fields: list[MetadataFieldView]
    species: list[SpeciesView]
    aliases: dict[str, str] = Field(description="Other names of fields, e.g. location -> electrode_location")


class MetadataCheckRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    values: dict[str, str | list[str]] = Field(
        description="What the person typed, by field name", examples=[{"species": "monkey", "age": "12 weeks"}]
    )


class ValueProposalView(BaseModel):
    value: str
    label: str


class FieldCheck(BaseModel):
    """The server's rule applied to one typed value: nothing is stored."""

    ok: bool
    value: Any = Field(default=None, description="The value as it would be stored")
    shown: str = Field(default="", description="The stored value as a form field shows it")
    note: str = ""
    error: str = ""
    example: str = ""
    question: str = Field(default="", description="When the words may mean more than one value: what to ask")
    proposals: list[ValueProposalView] = Field(default_factory=list)


class MetadataCheckResponse(BaseModel):
    results: dict[str, FieldCheck]


class SessionList(BaseModel):
    sessions: list[SessionSummary] = Field(description="Newest first")
    current_session_id: str | None
    total_bytes: int = Field(description="Uploads, outputs and logs of every session")


# --------------------------------------------------------------------------- batches


class BatchCreateRequest(BaseModel):
    """A batch on a parent folder the service (and its Dask workers) can read in place."""

    model_config = ConfigDict(extra="forbid")

    folder: str = Field(description="Absolute path of the experiment's parent folder, e.g. /data/experiment1")
    output_dir: str | None = Field(default=None, description="Default: OUTPUT_DIR/batches/<batch_id>")
    pattern: str | None = Field(default=None, description="Where sessions sit, e.g. {subject_id}/{session_id}")
    shared: dict[str, Any] | None = Field(default=None, description="Values every session shares, by field name")


class BatchSharedRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    values: dict[str, Any] = Field(default_factory=dict, description="Shared metadata, timezone, dandiset_id")
    accept_warnings: bool | None = Field(default=None, description="Accept files that pass with warnings as is")
    approve_corrections: bool | None = Field(default=None, description="Apply proposed automatic fixes")


class BatchTableRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rows: list[dict[str, Any]] = Field(description="One row per session: folder + metadata fields (+ format)")


class BatchDiscoverRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pattern: str | None = Field(default=None, description="None: inferred from the tree")


class BatchView(BaseModel):
    """A batch: its sessions (with their table row and result), what each still lacks, its settings."""

    batch: BatchState
    columns: list[str] = Field(description="The sessions table's columns, in order")
    missing: dict[str, list[str]] = Field(description="Per session key: what only the user can give")
    shared_settings: dict[str, str] = Field(description="Shared values that are not metadata fields")
    table_only: dict[str, str] = Field(description="Table columns that are not metadata fields")


class BatchList(BaseModel):
    batches: list[BatchState]
