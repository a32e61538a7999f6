"""Evaluation agent: PyNWB read check, NWB Inspector, file characterisation, reports."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ...errors import EvaluationError
from ...mcp import Agent, action
from ...models import CorrectionContext, FixKind, IssueExplanation, ValidationResult
from ...state import StageName
from . import file_info, inspection, status

COMPONENT = "evaluation_agent"


class EvaluationAgent(Agent):
    name = COMPONENT
    description = "Checks NWB files with PyNWB and NWB Inspector (DANDI config), describes them and writes reports."

    @action("Evaluate an NWB file: read check, NWB Inspector, overall status, file information.")
    def evaluate(self, nwb_path: str, version: int | None = None) -> dict[str, Any]:
        path = Path(nwb_path)
        if not path.is_file():
            raise EvaluationError(f"There is no NWB file at {path.name} to evaluate.", details={"path": str(path)})
        self.store.start_stage(StageName.EVALUATION, COMPONENT, f"Checking {path.name} with PyNWB and NWB Inspector")
        started = time.perf_counter()
        try:
            result = self._evaluate(path, version)
        except Exception as exc:
            self.store.fail_stage(StageName.EVALUATION, COMPONENT, f"Evaluation failed: {exc}")
            raise
        result.duration_s = round(time.perf_counter() - started, 3)
        self.store.set_validation(result, COMPONENT)
        self.store.complete_stage(StageName.EVALUATION, COMPONENT, f"Evaluation finished: {result.overall_status.value}")
        return result.model_dump(mode="json")

    @action("The latest evaluation as a correction context: each issue, what it means, how to fix it.")
    def correction_context(self) -> dict[str, Any] | None:
        state = self.store.snapshot()
        result = state.validation_result
        if result is None:
            return None
        issues = [
            IssueExplanation(check_name=i.check_name, severity=i.severity, location=i.location, message=i.message,
                             explanation=i.explanation or i.message, how_to_fix=i.how_to_fix or "",
                             fix_kind=i.fix_kind)
            for i in result.issues
        ]
        context = CorrectionContext(
            session_id=state.session_id,
            nwb_file=Path(result.nwb_path).name,
            version=result.version,
            overall_status=result.overall_status,
            summary=f"{result.overall_status.value}: {result.counts.CRITICAL} critical, {result.counts.ERROR} errors, "
            f"{result.counts.WARNING} warnings, {result.counts.BEST_PRACTICE} suggestions",
            counts=result.counts,
            issues=issues,
            auto_fixable=[i.check_name for i in result.issues if i.fix_kind == FixKind.AUTO],
            needs_user_input=[i.check_name for i in result.issues if i.fix_kind == FixKind.ASK],
            correction_history=state.correction_history,
        )
        return context.model_dump(mode="json")

    def _evaluate(self, path: Path, version: int | None) -> ValidationResult:
        import nwbinspector

        readable, read_error, info = True, None, None
        try:
            info = file_info.read_file_info(path)
        except Exception as exc:  # noqa: BLE001 - an unreadable file is a result, not a crash
            readable, read_error = False, f"{type(exc).__name__}: {exc}"
        self.store.progress(StageName.EVALUATION, 30.0, "Running NWB Inspector (DANDI configuration)")
        issues, raw = inspection.run_inspector(path)
        self.store.event_log.write_artifact(self.store.session_id, f"inspector_{path.stem}.json", raw)
        return ValidationResult(
            nwb_path=str(path),
            version=version,
            overall_status=status.overall_status(issues, readable),
            readable=readable,
            read_error=read_error,
            issues=issues,
            counts=status.count_by_severity(issues),
            counts_by_category=_count_categories(issues),
            file_info=info,
            inspector_version=nwbinspector.__version__ if hasattr(nwbinspector, "__version__") else None,
        )


def _count_categories(issues: list) -> dict[str, int]:
    counts: dict[str, int] = {}
    for issue in issues:
        counts[issue.category.value] = counts.get(issue.category.value, 0) + 1
    return counts
