"""The evaluation's heavy parts as a worker process runs them (isolation.run_isolated): PyNWB and
NWB Inspector hold the GIL for long stretches, and so does drawing and writing the PDF.
Everything here takes and returns plain, picklable values; the agent keeps every state change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...domain import CorrectionAttempt, SessionEnding, SessionStream, ValidationResult
from . import figures, file_info, inspection, report_pdf
from .report_text import PassedReportText

CHECK = "agentic_neurodata.agents.evaluation.worker:check_file"
RENDER_PDF = "agentic_neurodata.agents.evaluation.worker:render_pdf"
DRAW_PREVIEW = "agentic_neurodata.agents.evaluation.worker:draw_preview"
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
    inspected: tuple[list[Any], list[dict[str, Any]]] | None = None
    progress(10.0, "Reading the file with PyNWB")
    try:
        with file_info.open_nwb(path) as (nwbfile, version):
            try:
                info = file_info.describe_nwbfile(nwbfile, path, notes)
                info.nwb_version = version
            except Exception as exc:  # noqa: BLE001 - the file was read; only its description is missing
                notes.append(f"The file could not be described: {type(exc).__name__}: {exc}")
            progress(30.0, "Running NWB Inspector (DANDI configuration)")
            try:
                inspected = inspection.run_inspector(path, nwbfile)
            except Exception:  # noqa: BLE001 - run again below the way NWB Inspector runs, which reports it
                inspected = None
    except Exception as exc:  # noqa: BLE001 - an unreadable file is a result, not a crash
        readable, read_error = False, f"{type(exc).__name__}: {exc}"
    if inspected is None:  # NWB Inspector reads the file itself and says what it could not read
        progress(30.0, "Running NWB Inspector (DANDI configuration)")
        inspected = inspection.run_inspector(path)
    issues, raw = inspected
    return {
        "readable": readable,
        "read_error": read_error,
        "info": info,
        "description_notes": notes,
        "issues": issues,
        "raw": raw,
    }


def draw_preview(nwb_path: str, progress: Progress) -> figures.Figure | None:
    return figures.data_preview(Path(nwb_path))


def render_pdf(
    path: str,
    result: ValidationResult,
    text: PassedReportText,
    history: list[CorrectionAttempt],
    session_id: str | None,
    progress: Progress,
    ending: SessionEnding | None = None,
    drawn: bool = False,
    figure: figures.Figure | None = None,
    streams: list[SessionStream] | None = None,
) -> str:
    """The PDF report; `drawn`: the preview `figure` was drawn beforehand (None: nothing to plot)."""
    if not drawn:
        progress(50.0, "Drawing the data preview")
        figure = figures.data_preview(Path(result.nwb_path))
    progress(80.0, "Writing the PDF")
    return str(
        report_pdf.write_pdf_report(
            Path(path), result, text, figure, history, session_id, ending=ending, streams=streams or []
        )
    )
