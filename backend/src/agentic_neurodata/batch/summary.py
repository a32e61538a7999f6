"""The batch summary: one row per session (status, issues by severity, file, SHA-256, worker, time)
as CSV, JSON and a one-page PDF, written in the output folder."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from .. import isolation
from .models import BatchState, summary_row

NAME = "batch_summary"
COLUMNS = [
    "session",
    "subject_id",
    "session_id",
    "status",
    "critical",
    "errors",
    "warnings",
    "best_practice",
    "nwb_file",
    "sha256",
    "worker",
    "started_at",
    "duration_s",
    "report",
    "message",
]
PDF_COLUMNS = [
    "session",
    "status",
    "critical",
    "errors",
    "warnings",
    "best_practice",
    "nwb_file",
    "worker",
    "duration_s",
]


def summary_paths(output_dir: Path) -> dict[str, Path]:
    return {kind: Path(output_dir) / f"{NAME}.{kind}" for kind in ("csv", "json", "pdf")}


def summary_data(state: BatchState) -> dict[str, Any]:
    return {
        "batch_id": state.batch_id,
        "parent": state.parent,
        "output_dir": state.output_dir,
        "pattern": state.pattern,
        "scheduler": state.scheduler,
        "shared": state.shared,
        "counts": state.counts(),
        "sessions": [summary_row(s) for s in state.sessions],
        "not_sessions": [n.model_dump() for n in state.not_sessions],
    }


def write_summary(state: BatchState) -> dict[str, Path]:
    paths = summary_paths(Path(state.output_dir))
    data = summary_data(state)
    paths["json"].write_text(json.dumps(data, indent=2), encoding="utf-8")
    with paths["csv"].open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(data["sessions"])
    # Rendering runs in a child process, as every PDF of the service does (it holds the GIL).
    isolation.run_isolated(
        "agentic_neurodata.batch.summary:render_pdf",
        {"data": data, "path": str(paths["pdf"])},
        lambda *args, **kwargs: None,
        lambda: False,
    )
    return paths


def _cell(row: dict[str, Any], column: str) -> str:
    value = row.get(column)
    if value is None:
        return ""
    if column == "nwb_file":
        return Path(str(value)).name
    return str(value)


def render_pdf(data: dict[str, Any], path: str, progress: Any = None) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    small = styles["BodyText"].clone("small", fontSize=7, leading=8)
    counts = ", ".join(f"{n} {status.replace('_', ' ')}" for status, n in sorted(data["counts"].items()))
    story: list[Any] = [
        Paragraph("Batch summary", styles["Title"]),
        Paragraph(f"Parent folder: {data['parent']}<br/>Output: {data['output_dir']}", styles["BodyText"]),
        Paragraph(f"Ran on: {data['scheduler'] or 'not run yet'}. Sessions: {counts or 'none'}.", styles["BodyText"]),
        Spacer(1, 4 * mm),
    ]
    header = [c.replace("_", " ") for c in PDF_COLUMNS]
    rows = [[Paragraph(_cell(r, c), small) for c in PDF_COLUMNS] for r in data["sessions"]]
    table = Table([header, *rows], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONTSIZE", (0, 0), (-1, 0), 8),
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    story.append(table)
    if data["not_sessions"]:
        story += [Spacer(1, 4 * mm), Paragraph("Folders that are not sessions", styles["Heading3"])]
        story += [Paragraph(f"{n['folder']}: {n['reason']}", small) for n in data["not_sessions"]]
    SimpleDocTemplate(path, pagesize=landscape(A4), title="Batch summary").build(story)
