"""The correction context: what failed and how to fix it, as a CorrectionContext (JSON for FAILED
files, served by /api/correction-context for any evaluated file)."""

from __future__ import annotations

import json
from pathlib import Path

from ...domain import (
    CorrectionAttempt,
    CorrectionContext,
    FixKind,
    IssueExplanation,
    SessionEnding,
    ValidationResult,
)
from .grouping import group_issues
from .report_text import FailedReportText, narratives_by_group, offline_failed


def build_correction_context(
    result: ValidationResult,
    text: FailedReportText,
    history: list[CorrectionAttempt],
    session_id: str | None = None,
    ending: SessionEnding | None = None,
) -> CorrectionContext:
    """Per-issue explanation and fix (words from `text`, kinds and fields from the catalogue)."""
    groups = group_issues(result.issues)
    narratives = narratives_by_group(text.issues, groups)
    explained: list[IssueExplanation] = []
    for group in groups:
        narrative = narratives[group.id]
        field = next((f.field for f in group.fixes if f.field), None)
        explained += [
            IssueExplanation(
                check_name=issue.check_name,
                severity=issue.severity,
                location=issue.location,
                message=issue.message,
                explanation=narrative.explanation,
                how_to_fix=narrative.how_to_fix,
                fix_kind=issue.fix_kind,
                field=field,
            )
            for issue in group.issues
        ]
    return CorrectionContext(
        session_id=session_id,
        nwb_file=Path(result.nwb_path).name,
        version=result.version,
        overall_status=result.overall_status,
        summary=text.summary,
        counts=result.counts,
        issues=explained,
        auto_fixable=list(dict.fromkeys(g.check_name for g in groups if g.fix_kind == FixKind.AUTO)),
        needs_user_input=list(dict.fromkeys(g.check_name for g in groups if g.fix_kind == FixKind.ASK)),
        roadmap=text.roadmap,
        correction_history=history,
        ending=ending,
    )


def offline_correction_context(
    result: ValidationResult,
    history: list[CorrectionAttempt],
    session_id: str | None = None,
    ending: SessionEnding | None = None,
) -> CorrectionContext:
    """The same context worded from the knowledge base alone (no model call)."""
    return build_correction_context(result, offline_failed(result), history, session_id, ending)


def write_correction_context(path: Path, context: CorrectionContext) -> Path:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(
        json.dumps(context.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    partial.replace(path)
    return path
