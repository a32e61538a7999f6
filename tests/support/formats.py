"""Shared steps of the format tests: detect, answer, convert with the real pipeline, read back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pynwb import NWBHDF5IO

from agentic_neurodata.agents.conversion import detection
from agentic_neurodata.agents.conversion.detection import choice
from agentic_neurodata.agents.conversion.writing import runner
from agentic_neurodata.domain import DetectionResult

START = {"session_start_time": "2024-03-05T14:30:00-05:00"}


def write_settings(compression: str = "gzip", level: int = 3) -> runner.WriteSettings:
    return runner.WriteSettings.from_settings(
        SimpleNamespace(compression=compression, compression_level=level, conversion_threads=2, conversion_buffer_mb=16)
    )


def settle(found: DetectionResult, pick: str | None, arguments: dict[str, Any] | None) -> DetectionResult:
    if not found.needs_choice:
        return found
    return choice.complete(found, pick, arguments or {}, timeout_s=30)


def convert(
    source: Path,
    output: Path,
    pick: str | None = None,
    arguments: dict[str, Any] | None = None,
    metadata: dict[str, Any] | None = None,
    **write: Any,
) -> tuple[DetectionResult, runner.ConversionOutcome]:
    found = settle(detection.detect(source, timeout_s=30), pick, arguments)
    outcome = runner.run_conversion(
        found.interface or "",
        found.source_data,
        dict(START if metadata is None else metadata),
        output,
        lambda *a: None,
        write_settings(**write),
    )
    return found, outcome


@dataclass
class SeriesInfo:
    name: str
    kind: str
    channels: int | None
    rate: float | None


def read_series(path: Path) -> tuple[list[SeriesInfo], int]:
    """Every TimeSeries in acquisition (and processing) with its channel count and rate; and the unit count."""
    with NWBHDF5IO(str(path), "r") as io:
        nwbfile = io.read()
        found = []
        containers = list(nwbfile.acquisition.values())
        for module in nwbfile.processing.values():
            for container in module.data_interfaces.values():
                containers.extend(getattr(container, "electrical_series", {}).values() or [container])
        for series in containers:
            data = getattr(series, "data", None)
            shape = getattr(data, "shape", None)
            channels = (shape[1] if len(shape) > 1 else 1) if shape else None
            found.append(SeriesInfo(series.name, type(series).__name__, channels, getattr(series, "rate", None)))
        units = len(nwbfile.units) if nwbfile.units is not None else 0
    return found, units
