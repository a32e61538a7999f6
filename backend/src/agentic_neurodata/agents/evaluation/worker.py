"""The evaluation's heavy parts as a worker process runs them (isolation.run_isolated): PyNWB and
NWB Inspector hold the GIL for long stretches, and so does drawing and writing the PDF.
Everything here takes and returns plain, picklable values; the agent keeps every state change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...domain import CorrectionAttempt, SessionStream, ValidationResult
from . import figures, file_info, inspection, report_pdf
from .report_text import PassedReportText

CHECK = "agentic_neurodata.agents.evaluation.worker:check_file"
RENDER_PDF = "agentic_neurodata.agents.evaluation.worker:render_pdf"
Progress = Callable[[float, str], None]


def check_file(nwb_path: str, progress: Progress) -> dict[str, Any]:
    """PyNWB read, file description, then NWB Inspector (DANDI configuration).

    Reading and describing are separate: only a failed read makes the file unreadable. A
    description that fails (a bug here, an odd file) leaves `info` None with a note, and a part of
    it that fails is left out with a note; neither says anything about the file's validity.
    """
    path = Path(nwb_path)
    readable, read_error, info = True, None, None
    notes: list[str] = []
    progress(10.0, "Reading the file with PyNWB")
    try:
        with file_info.open_nwb(path) as (nwbfile, version):
            try:
                info = file_info.describe_nwbfile(nwbfile, path, notes)
                info.nwb_version = version
            except Exception as exc:  # noqa: BLE001 - the file was read; only its description is missing
                notes.append(f"The file could not be described: {type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001 - an unreadable file is a result, not a crash
        readable, read_error = False, f"{type(exc).__name__}: {exc}"
    progress(30.0, "Running NWB Inspector (DANDI configuration)")
    issues, raw = inspection.run_inspector(path)
    return {
        "readable": readable,
        "read_error": read_error,
        "info": info,
        "description_notes": notes,
        "issues": issues,
        "raw": raw,
    }


def render_pdf(
    path: str,
    result: ValidationResult,
    text: PassedReportText,
    history: list[CorrectionAttempt],
    session_id: str | None,
    progress: Progress,
    streams: list[SessionStream] | None = None,
) -> str:
    progress(50.0, "Drawing the data preview")
    figure = figures.data_preview(Path(result.nwb_path))
    progress(80.0, "Writing the PDF")
    return str(report_pdf.write_pdf_report(Path(path), result, text, figure, history, session_id, streams or []))
