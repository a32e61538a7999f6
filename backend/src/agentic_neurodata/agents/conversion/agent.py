"""Conversion agent: detect the format, read what the files know, convert, version outputs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import ConversionError, ServiceError, WorkflowCancelled
from ...mcp import Agent, action
from ...models import DetectionResult, NWBVersion
from ...state import LogLevel, StageName
from . import detection, runner, versions

COMPONENT = "conversion_agent"


class ConversionAgent(Agent):
    name = COMPONENT
    description = "Finds the recording format in NeuroConv's registry and converts it to versioned NWB files."

    @action("Detect which NeuroConv interface or converter reads the uploaded files.")
    def detect_format(self, input_path: str, forced_format: str | None = None) -> dict[str, Any]:
        result = detection.detect(Path(input_path), timeout_s=self.settings.detection_timeout_s, only=forced_format)
        self.store.update(
            COMPONENT,
            f"Detected format: {result.interface} (confidence {result.confidence:.0%})",
            detected_format=result,
        )
        return result.model_dump(mode="json")

    @action("Convert the upload to the next NWB version with the merged metadata.")
    def convert(self, input_path: str, detection_result: dict[str, Any], metadata: dict[str, Any]) -> dict[str, Any]:
        found = DetectionResult.model_validate(detection_result)
        state = self.store.snapshot()
        output_dir = Path(state.output_dir or self.settings.output_dir)
        output_dir.mkdir(parents=True, exist_ok=True)
        stem = versions.safe_stem(state.output_name or Path(input_path).name)
        number = versions.next_version(output_dir, stem, [v.version for v in state.versions])
        final = versions.version_path(output_dir, stem, number)
        partial = versions.partial_path(final)
        self.store.start_stage(StageName.CONVERSION, COMPONENT, f"Converting with {found.interface} (v{number})")

        def on_progress(percent: float, message: str, done: int | None, total: int | None) -> None:
            self.store.raise_if_cancelled()
            self.store.progress(StageName.CONVERSION, percent, message, bytes_done=done, bytes_total=total)

        try:
            runner.run_conversion(found.interface or "", found.source_data, metadata, partial, on_progress)
            self.store.raise_if_cancelled()
            versions.publish(partial, final)
        except WorkflowCancelled:
            partial.unlink(missing_ok=True)
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, "Cancelled")
            raise
        except ServiceError as exc:
            partial.unlink(missing_ok=True)
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, exc.message)
            raise
        except Exception as exc:  # noqa: BLE001 - any reader/writer failure becomes a clear ConversionError
            partial.unlink(missing_ok=True)
            message = f"NeuroConv could not convert the recording with {found.interface}: {type(exc).__name__}: {exc}"
            self.store.fail_stage(StageName.CONVERSION, COMPONENT, message)
            raise ConversionError(message, details={"interface": found.interface}) from exc

        version = NWBVersion(
            version=number, path=str(final), sha256=versions.sha256_of(final), size_bytes=final.stat().st_size
        )
        self.store.add_version(version, COMPONENT)
        self.store.complete_stage(StageName.CONVERSION, COMPONENT, f"Wrote {final.name}")
        self.store.log(LogLevel.INFO, COMPONENT, f"sha256 of {final.name}: {version.sha256}")
        return version.model_dump(mode="json")
