"""The domain's data types, shared by the agents, the router contracts and the API: validation
results, file information, corrections, format detection, versions and what the service asks."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

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
    def key(self) -> tuple[str, str, str]:
        """Identity of an issue across attempts: the check and where it fired (the Inspector names no
        location for a table's columns, so the object's name tells them apart)."""
        return (self.check_name, self.location or "", self.object_name or "")


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

    def phrase(self) -> str:
        """The counts in words, as the page, the reports and the command line say them
        ("2 errors, 5 best-practice suggestions"; "no issues")."""
        parts = [
            f"{n} {COUNT_WORDS[severity][0 if n == 1 else 1]}"
            for severity in Severity
            if (n := getattr(self, severity.value))
        ]
        return ", ".join(parts) or "no issues"


# One name per severity, singular and plural, for every place counts are said (the page's chips
# use the plural as their label).
COUNT_WORDS: dict[Severity, tuple[str, str]] = {
    Severity.CRITICAL: ("critical issue", "critical issues"),
    Severity.ERROR: ("error", "errors"),
    Severity.WARNING: ("warning", "warnings"),
    Severity.BEST_PRACTICE: ("best-practice suggestion", "best-practice suggestions"),
    Severity.INFO: ("note", "notes"),
}


def verdict_words(overall: OverallStatus, counts: SeverityCounts) -> str:
    """The verdict of one evaluation in words, with its counts."""
    if overall == OverallStatus.PASSED:
        return "Passed with no issues"
    if overall == OverallStatus.PASSED_WITH_ISSUES:
        return f"Valid with {counts.phrase()}"
    return f"Failed validation with {counts.phrase()}"


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


class ColumnInfo(BaseModel):
    """One column of a table of the file (electrodes, units): what it says it holds and how it is stored."""

    table: str = Field(description="The table's name in the file: electrodes, units, ...")
    name: str
    description: str | None = None
    dtype: str | None = None
    binary: bool = Field(default=False, description="Every value is 0 or 1 (could be stored in one byte)")


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
    device_models: list[dict[str, Any]] = Field(default_factory=list, description="NWB 2.9 DeviceModel objects")
    electrode_groups: list[dict[str, Any]] = Field(default_factory=list)
    electrode_count: int | None = None
    electrode_columns: list[str] = Field(default_factory=list)
    columns: list[ColumnInfo] = Field(default_factory=list, description="Columns of the electrodes and units tables")
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


class ObjectChange(BaseModel):
    """One attribute of one object of the NWB file, before and after: "the device
    PlaceholderElectrodeDevice's name becomes OpenEphysAcquisitionSystem", "the electrodes
    table's column port gets the description X". Every metadata change of a correction round is
    one of these; `dtype` is the only attribute whose change rewrites data (a small column)."""

    object_type: str = Field(description="Device, DeviceModel, ElectrodeGroup, Subject, NWBFile, or a table's name")
    object_name: str = Field(description="The object's name in the file before the change (a column's name)")
    attribute: str = Field(description="name, description, location, dtype, or a field of Subject / NWBFile")
    before: Any = None
    after: Any = None

    @property
    def target(self) -> tuple[str, str, str]:
        return (self.object_type, self.object_name, self.attribute)


class AppliedFix(BaseModel):
    check_name: str
    field: str | None = None
    old_value: Any = None
    new_value: Any = None
    reason: str
    changes: list[ObjectChange] = Field(default_factory=list, description="What the fix sets, object by object")
    took_effect: bool | None = Field(
        default=None, description="Checked on the next version: every change is in the file (None: not yet checked)"
    )


class Leftover(BaseModel):
    """An issue no automatic fix and no answer can remove, and why."""

    check_name: str
    title: str
    object_name: str | None = None
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
    # What the file held before the round, to tell what the round changed once the new version is read.
    file_before: FileInfo | None = None
    changes: list[ObjectChange] = Field(
        default_factory=list, description="What changed in the file, object by object (read from both versions)"
    )
    leftovers: list[Leftover] = Field(
        default_factory=list, description="What no fix and no answer could change when the round started, and why"
    )


class EndingDecision(StrEnum):
    FIXED = "fixed"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    LEFT_UNFIXED = "left_unfixed"


DecidedBy = Literal["user", "automatic"]


class EndingItem(BaseModel):
    """One thing the ending says: an issue accepted, declined or left unfixed, a fix, a skipped value."""

    what: str = Field(description="In words: the issue's title, the fix's reason, the value given or skipped")
    decision: EndingDecision
    decided_by: DecidedBy
    check_name: str | None = None
    severity: Severity | None = None
    count: int = Field(default=1, description="How many places an issue occurs in")


class SessionEnding(BaseModel):
    """How a session ended, written into its final report once the user decided (or nothing needed deciding)."""

    validation_status: str = Field(
        description="passed, passed_accepted, passed_improved, failed_user_declined or failed_user_abandoned"
    )
    headline: str = Field(description="The ending in one sentence, as the page, the report and the CLI say it")
    decided_by: DecidedBy
    decided_at: datetime = Field(default_factory=utc_now)
    nwb_file: str | None = None
    version: int | None = None
    verdict: str | None = Field(default=None, description="The final file's verdict with its counts")
    counts: SeverityCounts | None = None
    items: list[EndingItem] = Field(default_factory=list)

    def of(self, decision: EndingDecision) -> list[EndingItem]:
        return [item for item in self.items if item.decision == decision]


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
    ending: SessionEnding | None = Field(default=None, description="How the session ended, once it has")
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


class VersionOrigin(StrEnum):
    """How a version was made: converted from the recording, or derived from the previous version
    (a metadata-only round: the data are copied as they are, compressed chunks untouched)."""

    CONVERSION = "conversion"
    DERIVATION = "derivation"


class ValueChange(BaseModel):
    """A value that differs from the previous version's: a metadata field, a conversion option, or a
    stream of the session left out or put back (old and new: "included" or "left out")."""

    name: str
    kind: Literal["metadata", "option", "stream"] = "metadata"
    old: Any = None
    new: Any = None


class VersionFacts(BaseModel):
    """What every version says about itself, its checksum aside."""

    version: int
    path: str
    size_bytes: int
    created_at: datetime = Field(default_factory=utc_now)
    # Beside the NWB file: the NeuroConv YAML specification that re-runs this conversion with the
    # `neuroconv` command (None when the reader cannot be written as one) and the final metadata.
    specification_path: str | None = None
    metadata_path: str | None = None
    # What the writer changed by itself to be able to write the file (e.g. text HDF5 cannot store).
    writing_fixes: list[str] = Field(default_factory=list)
    # The streams this version was written from, each with its reader, links and time offset.
    streams: list[SessionStream] = Field(default_factory=list)
    made_by: VersionOrigin = VersionOrigin.CONVERSION
    derived_from: int | None = Field(default=None, description="The version whose data this one copies")
    changes: list[ValueChange] = Field(default_factory=list, description="What differs from the previous version")
    why: str | None = Field(default=None, description="Why this round converted again or derived, in plain words")


class NWBVersion(VersionFacts):
    sha256: str


class VersionRecipe(BaseModel):
    """What a version was written from, kept so that a later metadata-only round can derive the next
    version from this one (agents/conversion/writing/rounds.py). Not shown to clients."""

    metadata: dict[str, Any] = Field(default_factory=dict, description="The user's flat metadata")
    options: dict[str, Any] = Field(default_factory=dict, description="The conversion options")
    file_metadata: dict[str, Any] = Field(default_factory=dict)
    reader_metadata: dict[str, Any] = Field(default_factory=dict, description="What the readers gave, before ours")
    plan: dict[str, Any] | None = None
    base_plan: dict[str, Any] | None = Field(default=None, description="The plan before the stream options")
    conversion_options: dict[str, Any] = Field(default_factory=dict, description="NeuroConv's, by interface")
    has_recordings: bool = False
    # Per recording: the channel groups NeuroConv wrote and whether they fell to its placeholder device.
    recordings_layout: list[dict[str, Any]] = Field(default_factory=list)
    electrodes_located: bool = False
    # What it was converted from (rounds.reads_of): the reader, its arguments and the session's streams.
    # A round that reads otherwise (a stream left out or put back) converts again.
    reads: dict[str, Any] = Field(default_factory=dict)
    not_carried: list[str] = Field(default_factory=list, description="What its specification cannot carry")


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
    question: str | None = Field(
        default=None, description="The question alone, when `message` says something before it (asked again)"
    )


# --------------------------------------------------------------------------- where metadata values come from


class ValueSource(StrEnum):
    """Where a metadata value came from. Only the first four are written as the person's own."""

    FORM = "form"  # typed into a field (web form, dialog, --set, metadata file, API fields)
    WORDS = "words"  # read from what the person wrote in a sentence
    CONFIRMED = "confirmed"  # asked back and confirmed (a guess the person accepted, or the summary)
    FILES = "files"  # read from the recording's own files
    AUTO_FIX = "auto_fix"  # set by an automatic fix (logged, listed in the report)


class ValueProposal(BaseModel):
    """One reading of words that do not say a value exactly ("monkey" -> rhesus macaque)."""

    value: Any = Field(description="The value as it would be stored")
    label: str = Field(description="How the value is shown: 'rhesus macaque (Macaca mulatta)'")
    extra: dict[str, Any] = Field(default_factory=dict, description="Further fields the same answer settles")


class ValueConfirmation(BaseModel):
    """A guess asked back instead of being stored: "Did you mean rhesus macaque (Macaca mulatta)?"."""

    field: str
    said: str = Field(description="The person's words")
    question: str
    proposals: list[ValueProposal] = Field(min_length=1)


# Models that name a model defined further down (or themselves) are completed once all exist.
CorrectionContext.model_rebuild()
FormatCandidate.model_rebuild()
