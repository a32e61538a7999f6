"""Actions of the conversion agent: detect the format, read what the files know, convert, version."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..domain import DetectionResult, FileFacts, NWBVersion, VersionFacts
from ..router.contract import ActionContract, Params
from . import AgentName


class DetectFormatParams(Params):
    input_path: str
    forced_format: str | None = Field(default=None, description="Only this interface or converter is tried")


class CompleteDetectionParams(Params):
    choice: str | None = Field(default=None, description="An alternative's choice_id, or its interface when unique")
    arguments: dict[str, Any] | None = Field(default=None, description="Answers to the detection's questions")
    detection_result: DetectionResult | None = Field(default=None, description="Default: the one in state")


class ExtractMetadataParams(Params):
    input_path: str | None = None
    detection_result: DetectionResult | None = Field(default=None, description="Default: the one in state")


CHECKSUM_IN_BACKGROUND = Field(
    default=False,
    description="True: return as soon as the file is written and compute its SHA-256 meanwhile (the version "
    "enters the session once it is known; finish_version waits for it). False: return with it.",
)


class PreviewMetadataParams(Params):
    input_path: str
    detection_result: DetectionResult


class ConvertParams(Params):
    input_path: str
    detection_result: DetectionResult
    metadata: dict[str, Any]
    options: dict[str, Any] | None = Field(
        default=None,
        description="skip_empty_streams, drop_empty_tables, drop_empty_strings (bool), "
        "compression (gzip|lz4|zstd|none); unknown keys are refused",
    )
    checksum_in_background: bool = CHECKSUM_IN_BACKGROUND


class SetStreamIncludedParams(Params):
    name: str = Field(description="The stream's name in the session plan (detected_format.streams[].name)")
    included: bool = Field(description="False leaves the stream out of the next version; True puts it back")


class ApplyCorrectionsParams(Params):
    metadata: dict[str, Any] = Field(description="Merged over the session's metadata")
    options: dict[str, Any] | None = Field(default=None, description="Merged over the previous version's options")
    checksum_in_background: bool = CHECKSUM_IN_BACKGROUND


class ConvertedVersion(VersionFacts):
    """A new NWB version, with what each automatic decision and option changed, in plain words."""

    sha256: str | None = Field(description="None while it is computed in the background (checksum_in_background)")
    notes: list[str] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict, description="The conversion options used")


class FinishVersionParams(Params):
    version: int = Field(description="A version number returned by convert or apply_corrections")


_AGENT = AgentName.CONVERSION

DETECT_FORMAT = ActionContract(
    _AGENT,
    "detect_format",
    DetectFormatParams,
    DetectionResult,
    "Detect which NeuroConv interface or converter reads the uploaded files and store it in the session. "
    "When `needs_choice` is false the detection is settled and what the files know is in state; when true, "
    "the user chooses among `alternatives` (by `choice_id`) and answers their `questions`.",
)
PREVIEW_FORMAT = ActionContract(
    _AGENT,
    "preview_format",
    DetectFormatParams,
    DetectionResult,
    "Detect the format of a folder without touching the session (read-only), e.g. for an assistant's preview.",
)
COMPLETE_DETECTION = ActionContract(
    _AGENT,
    "complete_detection",
    CompleteDetectionParams,
    DetectionResult,
    "Complete a detection with the user's answer (choice and arguments); omitted arguments take their "
    "suggested value. Raises a bad-input error with an example when the answer does not fit.",
)
EXTRACT_METADATA = ActionContract(
    _AGENT,
    "extract_metadata",
    ExtractMetadataParams,
    FileFacts,
    "Read what the files already know (start time, rate, channels, duration, data type, devices, electrode "
    "groups) with the detected reader; stored as extracted_metadata.",
)
PREVIEW_METADATA = ActionContract(
    _AGENT,
    "preview_metadata",
    PreviewMetadataParams,
    FileFacts,
    "What the files know (start time, rate, channels, ...) read with a given detection, without touching the "
    "session (read-only), e.g. to fill a batch's sessions table.",
)
CONVERT = ActionContract(
    _AGENT,
    "convert",
    ConvertParams,
    ConvertedVersion,
    "Convert the upload to the next NWB version with the merged metadata, in a worker process.",
)
APPLY_CORRECTIONS = ActionContract(
    _AGENT,
    "apply_corrections",
    ApplyCorrectionsParams,
    ConvertedVersion,
    "Make the next version after an evaluation, with corrected metadata and options merged over the session's, "
    "for the upload and format in state. A round that changes only metadata the derivation can write derives "
    "the version from the previous one (the data copied as they are, not decoded or compressed again); any "
    "other round converts again. The version says which (made_by, derived_from, changes, why).",
)
FINISH_VERSION = ActionContract(
    _AGENT,
    "finish_version",
    FinishVersionParams,
    NWBVersion,
    "The version as recorded in the session, with its SHA-256: waits while the checksum of a version written "
    "with checksum_in_background is still being computed.",
)
SET_STREAM_INCLUDED = ActionContract(
    _AGENT,
    "set_stream_included",
    SetStreamIncludedParams,
    DetectionResult,
    "Leave one stream of the detected session out of the conversion, or put it back; the next version is "
    "written without it. Refused while a conversion runs, for a stream that cannot be read, or for the last one.",
)
