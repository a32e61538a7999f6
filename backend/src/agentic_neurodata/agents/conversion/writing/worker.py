"""The conversion as a worker process runs it (isolation.run_isolated): the API keeps its GIL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import failures, runner

TARGET = "agentic_neurodata.agents.conversion.writing.worker:convert"


def convert(
    *, interface: str, output_dir: str, progress: runner.ProgressCallback, **arguments: Any
) -> runner.ConversionOutcome:
    """runner.run_conversion, with its failures explained here: only our own errors cross the
    process boundary intact (an OSError's errno or a FileNotFoundError's name would not)."""
    try:
        return runner.run_conversion(interface=interface, progress=progress, **arguments)
    except Exception as exc:
        raise failures.explain(exc, interface, Path(output_dir)) from exc
