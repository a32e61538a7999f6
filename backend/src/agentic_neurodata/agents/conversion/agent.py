"""Conversion agent: detect the format, read what the files know, convert, version outputs.

Its actions and what they take and return are in contracts/conversion.py; the router checks both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import isolation
from ...contracts import AgentName
from ...contracts import conversion as contract
from ...domain import (
    DetectionResult,
    FileFacts,
    NWBVersion,
    SessionStream,
    StreamFacts,
    ValueChange,
    VersionFacts,
    VersionOrigin,
    VersionRecipe,
)
from ...errors import BadInputError, ConversionError, InvalidStateError, ServiceError, WorkflowCancelled
from ...router import Agent, handles
from ...state import GlobalState, LogLevel, StageName, WorkflowStatus
from . import detection, writing
from .detection import call_with_timeout, describe_error
from .writing.checksums import Checksums

COMPONENT = AgentName.CONVERSION


@dataclass(frozen=True)
class Round:
    """How a version came about: what changed since the previous one, why it was made this way,
    and whether its checksum may be computed while the caller goes on."""

    changes: list[ValueChange]
    why: str | None
    background: bool
    base_plan: dict[str, Any] | None = None  # the previous version's plan, not made again

    def facts(self) -> dict[str, Any]:
        return {"changes": self.changes, "why": self.why}


class ConversionAgent(Agent):
    name = COMPONENT
    description = "Finds the recording format in NeuroConv's registry and converts it to versioned NWB files."

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._checksums = Checksums()

    # ------------------------------------------------------------------ detection

    @handles(contract.DETECT_FORMAT)
    def detect_format(self, params: contract.DetectFormatParams) -> DetectionResult:
        return self._detect_and_store(params.input_path, params.forced_format)

    @handles(contract.PREVIEW_FORMAT)
    def preview_format(self, params: contract.DetectFormatParams) -> DetectionResult:
        return detection.detect(
            Path(params.input_path), timeout_s=self.settings.detection_timeout_s, only=params.forced_format
        )

    @handles(contract.COMPLETE_DETECTION)
    def complete_detection(self, params: contract.CompleteDetectionParams) -> DetectionResult:
        current = self._current_detection(params.detection_result)
        completed = detection.complete(
            current, params.choice, dict(params.arguments or {}), self.settings.detection_timeout_s
        )
        self._store_detection(completed, "Format chosen")
        state = self.store.snapshot()
        if state.input_path and not completed.needs_choice:  # a follow-up question may remain
            self._extract(state.input_path, None)
        return completed

    @handles(contract.SET_STREAM_INCLUDED)
    def set_stream_included(self, params: contract.SetStreamIncludedParams) -> DetectionResult:
        state = self.store.snapshot()
        if state.status == WorkflowStatus.PROCESSING:
            raise InvalidStateError(
                "A step is running; leave streams out once the service waits for you (before converting, or "
                "at the decision after an evaluation: the next version is then written without it).",
                component=COMPONENT,
                details={"status": state.status.value},
            )
        changed = detection.set_included(self._current_detection(None), params.name, params.included)
        what = "put back into" if params.included else "left out of"
        self._store_detection(changed, f"Stream {params.name} {what} the session")
        return changed

    def _detect_and_store(self, input_path: str, forced_format: str | None) -> DetectionResult:
        result = detection.detect(Path(input_path), timeout_s=self.settings.detection_timeout_s, only=forced_format)
        self._store_detection(result, "Detected format")
        if not result.needs_choice:
            self._extract(input_path, None)
        return result

    # ------------------------------------------------------------------ metadata the files know

    @handles(contract.EXTRACT_METADATA)
    def extract_metadata(self, params: contract.ExtractMetadataParams) -> FileFacts:
        return self._extract(params.input_path, params.detection_result)

    @handles(contract.PREVIEW_METADATA)
    def preview_metadata(self, params: contract.PreviewMetadataParams) -> FileFacts:
        found = params.detection_result
        if found.needs_choice or not found.interface:
            return FileFacts()
        try:
            return call_with_timeout(
                lambda: FileFacts.model_validate(detection.extract(found.interface or "", found.source_data)),
                self.settings.detection_timeout_s,
                "preview_metadata",
            )
        except Exception:  # noqa: BLE001 - a preview that cannot read the files simply knows nothing
            return FileFacts()

    def _extract(self, input_path: str | None, detection_result: DetectionResult | None) -> FileFacts:
        if detection_result is None and self.store.snapshot().detected_format is None and input_path:
            self._detect_and_store(input_path, None)  # stores the detection and, once settled, what files know
            return FileFacts.model_validate(self.store.snapshot().extracted_metadata)
        found = self._current_detection(detection_result)
        if found.needs_choice or not found.interface:
            raise BadInputError(
                "Choose the format first: the detection is waiting for an answer.",
                component=COMPONENT,
                details={"alternatives": [a.choice_id for a in found.alternatives]},
            )
        try:
            facts = call_with_timeout(
                lambda: FileFacts.model_validate(detection.extract(found.interface or "", found.source_data)),
                self.settings.detection_timeout_s,
                "extract_metadata",
            )
        except Exception as exc:  # noqa: BLE001 - metadata is a help, never a reason to stop
            self.store.event_log.write_failure(self.store.session_id, exc, COMPONENT)
            self.store.log(
                LogLevel.WARNING, COMPONENT, f"Could not read metadata from the files: {describe_error(exc)}"
            )
            return FileFacts()
        # The session's other streams, as detection read them (a sorting's units, a table's kind).
        facts.streams += [
            StreamFacts(
                name=stream.name,
                kind=stream.kind,
                sampling_rate_hz=stream.sampling_rate_hz,
                channel_count=stream.channel_count,
                unit_count=stream.unit_count,
            )
            for stream in found.included_streams()[1:]
        ]
        summary = facts.model_dump(mode="json", exclude_none=True)
        self.store.update(COMPONENT, _describe_summary(summary), extracted_metadata=summary)
        return facts

    # ------------------------------------------------------------------ conversion

    @handles(contract.CONVERT)
    def convert(self, params: contract.ConvertParams) -> contract.ConvertedVersion:
        self._checksums.wait_all()
        state = self.store.snapshot()
        previous = state.versions[-1] if state.versions else None
        recipe = state.version_recipes.get(previous.version) if previous else None
        options = writing.validate_options(params.options)
        changes = (
            writing.value_changes(recipe.metadata, params.metadata, recipe.options, options)
            + writing.stream_changes(recipe.reads, writing.reads_of(params.detection_result))
            if recipe
            else []
        )
        return self._convert(
            params.input_path,
            params.detection_result,
            params.metadata,
            options,
            Round(changes=changes, why=None, background=params.checksum_in_background),
        )

    @handles(contract.APPLY_CORRECTIONS)
    def apply_corrections(self, params: contract.ApplyCorrectionsParams) -> contract.ConvertedVersion:
        self._checksums.wait_all()  # the previous version must be in the session before a round compares with it
        state = self.store.snapshot()
        if not state.input_path or state.detected_format is None:
            raise BadInputError(
                "There is nothing to correct yet: no upload has been converted in this session.",
                component=COMPONENT,
            )
        merged_options = writing.validate_options({**state.conversion_options, **(params.options or {})})
        metadata = {**state.metadata, **params.metadata}
        previous = state.versions[-1] if state.versions else None
        recipe = state.version_recipes.get(previous.version) if previous else None
        reads = writing.reads_of(state.detected_format)
        plan = writing.plan_round(previous.version if previous else None, recipe, metadata, merged_options, reads)
        background = params.checksum_in_background
        if plan.derive and previous is not None and recipe is not None:
            self.store.log(LogLevel.INFO, COMPONENT, f"Metadata-only round: {plan.why}", changes=_names(plan))
            try:
                return self._derive(previous, recipe, plan, metadata, background)
            except writing.DerivationRefused as exc:
                why = f"v{previous.version} could not be derived from ({exc.message}), so the recording is converted"
                self.store.log(LogLevel.WARNING, COMPONENT, f"Converting again: {why}")
                plan = writing.RoundPlan(False, why, plan.changes)
        else:
            self.store.log(LogLevel.INFO, COMPONENT, f"Conversion round: {plan.why}", changes=_names(plan))
        return self._convert(
            state.input_path,
            state.detected_format,
            metadata,
            merged_options,
            Round(
                changes=plan.changes,
                why=plan.why,
                background=background,
                base_plan=recipe.base_plan if recipe else None,
            ),
        )

    @handles(contract.FINISH_VERSION)
    def finish_version(self, params: contract.FinishVersionParams) -> NWBVersion:
        self._checksums.wait(params.version)
        recorded = next((v for v in self.store.snapshot().versions if v.version == params.version), None)
        if recorded is None:
            raise BadInputError(f"There is no version v{params.version} in this session.", component=COMPONENT)
        return recorded

    def _convert(
        self,
        input_path: str,
        found: DetectionResult,
        metadata: dict[str, Any],
        options: dict[str, Any],
        round_: Round,
    ) -> contract.ConvertedVersion:
        # A question whose value is already in source_data (a value read from the file) is answered.
        unanswered = [q.name for q in found.questions if q.name not in found.source_data]
        if found.needs_choice or unanswered or not found.interface:
            raise BadInputError(
                "The format is not settled yet: answer the format question first "
                "(conversion_agent.complete_detection).",
                component=COMPONENT,
                details={"unanswered": unanswered},
            )
        state = self.store.snapshot()
        output_dir, stem, number, partial = self._next_output(state, input_path)
        session = found.included_streams() if found.composed else []
        read_files = writing.source_files(found.source_data, found.root, found.files, [s.source_data for s in session])
        before = writing.fingerprint(read_files)
        readers = ", ".join(s.interface for s in session) if session else found.interface
        what = f"a session of {len(session)} streams ({readers})" if session else found.interface
        self.store.start_stage(StageName.CONVERSION, COMPONENT, f"Converting {what} (v{number})")
        try:
            missing = [Path(name).name for name, mark in before.items() if mark is None]
            if missing:
                raise ConversionError(
                    f"A file of the upload is missing: {', '.join(missing[:5])}. It was there when the format was "
                    "detected; the upload folder was changed. Upload the recording again.",
                    details={"missing": missing},
                )
            # In a worker process: NeuroConv and h5py hold the GIL for long stretches.
            outcome = isolation.run_isolated(
                writing.CONVERT_TARGET,
                dict(
                    interface=found.interface,
                    source_data=found.source_data,
                    user_metadata=metadata,
                    output_path=partial,
                    write=writing.WriteSettings.from_settings(self.settings),
                    file_metadata=_file_metadata(state.extracted_metadata),
                    options=options,
                    output_dir=str(output_dir),
                    base_plan=round_.base_plan,
                    session=[s.model_dump(mode="json") for s in session] or None,
                ),
                self._on_progress,
                lambda: self.store.cancel_requested,
            )
            changed = writing.changes(before, writing.fingerprint(read_files))
            if changed:
                raise ConversionError(
                    f"The upload changed while it was being converted ({'; '.join(changed[:5])}), so the new file may "
                    "be incomplete and was discarded. Upload the recording again and leave it untouched until the "
                    "conversion ends.",
                    details={"changed": changed},
                )
            self.store.raise_if_cancelled()
            final = self._final_path(output_dir, stem, number, outcome, partial)
            writing.publish(partial, final)
        except BaseException as exc:
            partial.unlink(missing_ok=True)
            raise self._conversion_failure(exc, found.interface, output_dir) from exc
        recipe = VersionRecipe(
            metadata=metadata,
            options=options,
            file_metadata=_file_metadata(state.extracted_metadata),
            reader_metadata=outcome.reader_metadata,
            plan=outcome.plan.as_plain() if outcome.plan else None,
            base_plan=outcome.base_plan.as_plain() if outcome.base_plan else None,
            conversion_options=outcome.conversion_options,
            has_recordings=outcome.has_recordings,
            recordings_layout=outcome.recordings_layout,
            electrodes_located=outcome.electrodes_located,
            reads=writing.reads_of(found),
            not_carried=outcome.not_carried,
        )
        facts = VersionFacts(
            version=number,
            path=str(final),
            size_bytes=final.stat().st_size,
            writing_fixes=outcome.writing_fixes,
            streams=[SessionStream.model_validate(s) for s in outcome.streams] or found.included_streams(),
            **round_.facts(),
        )
        return self._record(facts, outcome, recipe, round_.background, f"Wrote {final.name}")

    def _derive(
        self,
        previous: NWBVersion,
        recipe: VersionRecipe,
        plan: writing.RoundPlan,
        metadata: dict[str, Any],
        background: bool,
    ) -> contract.ConvertedVersion:
        state = self.store.snapshot()
        source = Path(previous.path)
        if not source.is_file() or source.stat().st_size != previous.size_bytes:
            raise writing.DerivationRefused(f"{source.name} is missing or changed on disk")
        assert state.input_path is not None and plan.edits is not None and plan.metadata is not None
        output_dir, stem, number, partial = self._next_output(state, state.input_path)
        self.store.start_stage(
            StageName.CONVERSION, COMPONENT, f"Deriving v{number} from v{previous.version}: only metadata changed"
        )
        located = bool(recipe.has_recordings and writing.electrode_location(metadata))
        outcome = writing.ConversionOutcome(
            metadata=plan.metadata,
            notes=list(plan.notes),
            bytes_written=0,
            plan=writing.ConversionPlan.from_plain(recipe.plan) if recipe.plan else None,
            conversion_options=recipe.conversion_options,
            reader_metadata=recipe.reader_metadata,
            electrodes_located=located,
            has_recordings=recipe.has_recordings,
            recordings_layout=list(recipe.recordings_layout),
            streams=[stream.model_dump(mode="json") for stream in previous.streams],
            not_carried=list(recipe.not_carried),
        )
        try:
            isolation.run_isolated(
                writing.DERIVE_TARGET,
                dict(source=str(source), output_path=str(partial), edits=plan.edits),
                self._on_progress,
                lambda: self.store.cancel_requested,
                # A kernel copy and a few metadata writes: short, and what the person waits for. At a
                # conversion's niceness it took 0.45 s instead of 0.06 s when anything else ran.
                niceness=0,
            )
            self.store.raise_if_cancelled()
            final = self._final_path(output_dir, stem, number, outcome, partial)
            writing.publish(partial, final)
        except writing.DerivationRefused as exc:
            partial.unlink(missing_ok=True)
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, f"v{number} cannot be derived: {exc.message}")
            raise
        except BaseException as exc:
            partial.unlink(missing_ok=True)
            raise self._conversion_failure(exc, "the derivation", output_dir) from exc
        derived = recipe.model_copy(update={"metadata": metadata, "electrodes_located": located})
        facts = VersionFacts(
            version=number,
            path=str(final),
            size_bytes=final.stat().st_size,
            writing_fixes=previous.writing_fixes,  # its data (and the text cleaned in it) is the previous one's
            streams=previous.streams,  # the same data, from the same streams
            made_by=VersionOrigin.DERIVATION,
            derived_from=previous.version,
            changes=plan.changes,
            why=plan.why,
        )
        done = f"Wrote {final.name} (derived from v{previous.version})"
        return self._record(facts, outcome, derived, background, done)

    def _next_output(self, state: GlobalState, input_path: str) -> tuple[Path, str, int, Path]:
        """The output folder, the file stem, the next version number and where it is written first."""
        output_dir = Path(state.output_dir or self.settings.output_dir)
        output_dir.mkdir(parents=True, exist_ok=True)
        stem = writing.safe_stem(state.output_name or Path(input_path).name)
        number = writing.next_version(
            output_dir, stem, [v.version for v in state.versions] + writing.dandi_versions_on_disk(output_dir)
        )
        return output_dir, stem, number, writing.partial_path(writing.version_path(output_dir, stem, number))

    def _on_progress(self, percent: float, message: str, done: int | None, total: int | None) -> None:
        self.store.raise_if_cancelled()
        self.store.progress(StageName.CONVERSION, percent, message, bytes_done=done, bytes_total=total)

    def _record(
        self,
        facts: VersionFacts,
        outcome: writing.ConversionOutcome,
        recipe: VersionRecipe,
        background: bool,
        done: str,
    ) -> contract.ConvertedVersion:
        """Write the files beside the version, then checksum it and add it to the session (meanwhile
        when asked: HDF5 writes out of order, so the hash can only start now, and the evaluation need
        not wait for it)."""
        final = Path(facts.path)
        notes = list(outcome.notes)
        spec_path, metadata_path = self._write_specification(final, outcome)
        for note in notes:
            self.store.log(LogLevel.WARNING, COMPONENT, note)
        facts = facts.model_copy(
            update={
                "specification_path": str(spec_path) if spec_path else None,
                "metadata_path": str(metadata_path) if metadata_path else None,
            }
        )
        self.store.update(
            COMPONENT,
            f"Conversion options of v{facts.version}: {recipe.options or 'none'}",
            quiet=True,
            conversion_options=recipe.options,
        )
        self.store.complete_stage(StageName.CONVERSION, COMPONENT, done)
        session = self.store.session_id

        def add(sha256: str) -> NWBVersion:
            version = NWBVersion(**facts.model_dump(), sha256=sha256)
            if self.store.session_id == session:
                self.store.add_version(version, COMPONENT, recipe)
                self.store.log(LogLevel.INFO, COMPONENT, f"sha256 of {final.name}: {sha256}")
            return version

        if background:
            self._checksums.start(facts.version, final, add)
            return contract.ConvertedVersion(**facts.model_dump(), sha256=None, notes=notes, options=recipe.options)
        version = add(writing.sha256_of(final))
        return contract.ConvertedVersion(**version.model_dump(), notes=notes, options=recipe.options)

    def _final_path(
        self, output_dir: Path, stem: str, number: int, outcome: writing.ConversionOutcome, written: Path
    ) -> Path:
        """The version's name: `<stem>_v<N>.nwb`, or DANDI's layout when OUTPUT_NAMING=dandi."""
        if self.settings.output_naming == "dandi":
            subject = (outcome.metadata.get("Subject") or {}).get("subject_id")
            nwbfile = outcome.metadata.get("NWBFile") or {}
            if subject:
                name = writing.dandi_name(
                    subject,
                    nwbfile.get("session_id"),
                    nwbfile.get("session_start_time"),
                    writing.modalities(written),
                    number,
                )
                return output_dir / name
            outcome.notes.append(
                "OUTPUT_NAMING=dandi needs a subject ID; this version keeps the session name. Give "
                "subject_id to get DANDI's file name."
            )
        return writing.version_path(output_dir, stem, number)

    def _write_specification(self, final: Path, outcome: writing.ConversionOutcome) -> tuple[Path | None, Path | None]:
        """The NeuroConv specification and metadata beside the file; a failure here costs only them."""
        try:
            spec_path, metadata_path, left_out = writing.write_beside(
                final,
                outcome.plan,
                outcome.metadata,
                outcome.reader_metadata,
                outcome.conversion_options,
                outcome.electrodes_located,
                outcome.not_carried,
            )
        except Exception as exc:  # noqa: BLE001 - the NWB file stands without them
            self.store.log(LogLevel.WARNING, COMPONENT, f"Could not write the NeuroConv specification: {exc}")
            return None, None
        if spec_path is None and outcome.plan is not None:
            self.store.log(
                LogLevel.INFO,
                COMPONENT,
                f"No NeuroConv specification for {final.name}: "
                f"{outcome.plan.why_not_reproducible}. Its metadata is in {metadata_path.name}.",
            )
        elif spec_path is not None:
            self.store.log(
                LogLevel.INFO,
                COMPONENT,
                f"Re-run without this service: neuroconv {spec_path.name}",
                not_carried=left_out,
            )
        return spec_path, metadata_path

    # ------------------------------------------------------------------ helpers

    def _conversion_failure(self, exc: BaseException, interface: str, output_dir: Path) -> BaseException:
        if isinstance(exc, WorkflowCancelled):
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, "Cancelled")
            return exc
        error = writing.explain_failure(exc, interface, output_dir)
        if isinstance(error, ServiceError):
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, error.message)
        return error

    def _current_detection(self, detection_result: DetectionResult | None) -> DetectionResult:
        if detection_result is not None:
            return detection_result
        found = self.store.snapshot().detected_format
        if found is None:
            raise BadInputError("No format has been detected yet: call detect_format first.", component=COMPONENT)
        return found

    def _store_detection(self, result: DetectionResult, what: str) -> None:
        options = [f"{a.choice_id}: {a.explanation}" for a in result.alternatives]
        message = (
            f"{what}: {result.interface} (confidence {result.confidence:.0%})"
            if not result.needs_choice
            else f"{what}: a choice is needed. {result.explanation}"
        )
        self.store.update(COMPONENT, message, detected_format=result, extra={"plan": result.plan_summary()})
        self.store.log(
            LogLevel.INFO,
            COMPONENT,
            result.explanation or message,
            alternatives=options,
            files=len(result.files),
            duration_s=result.duration_s,
            questions=[q.name for q in result.questions],
        )


def _file_metadata(extracted: dict[str, Any]) -> dict[str, Any]:
    """What the files know that NeuroConv does not put in its metadata itself (a start time from a folder name)."""
    if extracted.get("session_start_time_source") == "folder name" and extracted.get("session_start_time"):
        return {"session_start_time": extracted["session_start_time"]}
    return {}


def _describe_summary(summary: dict[str, Any]) -> str:
    parts = []
    if summary.get("sampling_rate_hz"):
        parts.append(
            f"{summary['channel_count']} channels at {summary['sampling_rate_hz']:g} Hz, "
            f"{summary['duration_s']:.2f} s, {summary['dtype']}"
        )
    start = summary.get("session_start_time")
    if start:
        zone = "" if summary.get("session_start_time_has_timezone") else " (no time zone: to be asked)"
        parts.append(f"started {start} from the {summary.get('session_start_time_source')}{zone}")
    else:
        parts.append("no session start time in the files (to be asked)")
    return "The files say: " + "; ".join(parts)


def _names(plan: writing.RoundPlan) -> list[str]:
    return [change.name for change in plan.changes]
