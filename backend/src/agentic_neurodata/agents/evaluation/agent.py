"""Evaluation agent: PyNWB read check, NWB Inspector, file characterisation, reports."""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from pathlib import Path
from typing import Any

from ... import isolation
from ...contracts import AgentName
from ...contracts import evaluation as contract
from ...domain import CorrectionContext, OverallStatus, SessionStream, ValidationResult
from ...errors import EvaluationError
from ...router import Agent, NoParams, handles
from ...state import GlobalState, LogLevel, StageName
from . import report_json, report_text, scoring, status, worker

COMPONENT = AgentName.EVALUATION
PDF_SUFFIX = "_evaluation_report.pdf"
JSON_SUFFIX = "_correction_context.json"


def report_path_for(nwb_path: Path, overall: OverallStatus) -> Path:
    """Beside the NWB file: a PDF report when it passed, a JSON correction context when it failed."""
    suffix = JSON_SUFFIX if overall == OverallStatus.FAILED else PDF_SUFFIX
    return nwb_path.with_name(nwb_path.stem + suffix)


class EvaluationAgent(Agent):
    name = COMPONENT
    description = "Checks NWB files with PyNWB and NWB Inspector (DANDI config), describes them and writes reports."

    @handles(contract.EVALUATE)
    def evaluate(self, params: contract.EvaluateParams) -> ValidationResult:
        path, version = Path(params.nwb_path), params.version
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
        self.store.complete_stage(
            StageName.EVALUATION, COMPONENT, f"Evaluation finished: {result.overall_status.value}"
        )
        if not params.with_report:  # the caller writes it later, e.g. once the correction history is updated
            return result
        # The evaluation stands without its report; the failed report stage says why.
        with contextlib.suppress(Exception):
            self._generate_report()
        return result

    @handles(contract.GENERATE_REPORT)
    def generate_report(self, params: NoParams) -> contract.ReportWritten:
        return self._generate_report()

    def _generate_report(self) -> contract.ReportWritten:
        state = self.store.snapshot()
        result = state.validation_result
        if result is None:
            raise EvaluationError("There is no evaluation to report on yet.")
        self.store.start_stage(StageName.REPORT_GENERATION, COMPONENT, "Writing the evaluation report")
        try:
            path = self._write_report(result, state)
        except Exception as exc:
            # A report of an earlier version must not be served as this one's.
            self.store.update(
                COMPONENT, "No report for this evaluation", level=LogLevel.ERROR, report_path=None, report_sha256=None
            )
            self.store.fail_stage(
                StageName.REPORT_GENERATION, COMPONENT, f"The report could not be written: {type(exc).__name__}: {exc}"
            )
            raise
        self.store.update(
            COMPONENT,
            f"Report written: {path.name}",
            report_path=str(path),
            report_sha256=hashlib.sha256(path.read_bytes()).hexdigest(),
        )
        self.store.complete_stage(StageName.REPORT_GENERATION, COMPONENT, f"Report ready: {path.name}")
        report_format = "json" if path.suffix == ".json" else "pdf"
        return contract.ReportWritten(report_path=str(path), format=report_format, overall_status=result.overall_status)

    @handles(contract.CORRECTION_CONTEXT)
    def correction_context(self, params: NoParams) -> contract.CorrectionContextReply:
        state = self.store.snapshot()
        result = state.validation_result
        if result is None:
            return contract.CorrectionContextReply(context=None)
        written = Path(state.report_path) if state.report_path else None
        if written == report_path_for(Path(result.nwb_path), OverallStatus.FAILED) and written.is_file():
            context = CorrectionContext.model_validate(json.loads(written.read_text(encoding="utf-8")))
            if context.version == result.version:  # the model-worded one, as written for this evaluation
                return contract.CorrectionContextReply(context=context)
        offline = report_json.offline_correction_context(result, state.correction_history, state.session_id)
        offline.streams = _streams_of(state, result)
        return contract.CorrectionContextReply(context=offline)

    # ------------------------------------------------------------------ steps

    def _evaluate(self, path: Path, version: int | None) -> ValidationResult:
        import nwbinspector

        checked = self._isolated(worker.CHECK, StageName.EVALUATION, nwb_path=str(path))
        self.store.event_log.write_artifact(self.store.session_id, f"inspector_{path.stem}.json", checked["raw"])
        info, issues, readable = checked["info"], checked["issues"], checked["readable"]
        for note in checked.get("description_notes", []):  # parts of the file information left out, and why
            self.store.log(LogLevel.WARNING, COMPONENT, f"File information incomplete: {note}")
        return ValidationResult(
            nwb_path=str(path),
            version=version,
            overall_status=status.overall_status(issues, readable),
            readable=readable,
            read_error=checked["read_error"],
            issues=issues,
            counts=status.count_by_severity(issues),
            counts_by_category=status.count_by_category(issues),
            completeness_score=scoring.completeness(info).score if info else None,
            file_info=info,
            inspector_version=getattr(nwbinspector, "__version__", None) or _package_version("nwbinspector"),
        )

    def _isolated(self, target: str, stage: StageName, **kwargs: Any) -> Any:
        """Run `target` in a worker process, its progress shown on `stage`, stopped by a cancel."""

        def on_progress(percent: float, message: str) -> None:
            self.store.raise_if_cancelled()
            self.store.progress(stage, percent, message)

        return isolation.run_isolated(target, kwargs, on_progress, lambda: self.store.cancel_requested)

    def _write_report(self, result: ValidationResult, state: GlobalState) -> Path:
        path = report_path_for(Path(result.nwb_path), result.overall_status)
        history = state.correction_history
        self.store.progress(StageName.REPORT_GENERATION, 20.0, "Wording the report")
        if result.overall_status == OverallStatus.FAILED:
            failed_text = report_text.failed_report_text(self.llm, result, history)
            context = report_json.build_correction_context(result, failed_text, history, state.session_id)
            context.streams = _streams_of(state, result)
            return report_json.write_correction_context(path, context)
        text = report_text.passed_report_text(self.llm, result, history)  # the LLM stays in this process
        return Path(
            self._isolated(
                worker.RENDER_PDF,
                StageName.REPORT_GENERATION,
                path=str(path),
                result=result,
                text=text,
                history=history,
                session_id=state.session_id,
                streams=_streams_of(state, result),
            )
        )


def _streams_of(state: GlobalState, result: ValidationResult) -> list[SessionStream]:
    """The streams the evaluated version was written from (its readers, links and offsets)."""
    version = next((v for v in state.versions if v.version == result.version), None)
    return list(version.streams) if version is not None else []


def _package_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None
