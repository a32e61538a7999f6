"""The words of the reports: from the prompt templates through the LLM service, or, with the
offline provider (or when the model's answer does not fit), from the knowledge base.

The model only words things. Which issues exist, their severity and how each is fixed (auto or
ask, which field) come from the inspection and the catalogue and are never taken from the
model's answer; only metadata, file names and Inspector messages are sent to it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ...domain import CorrectionAttempt, FixKind, OverallStatus, RoadmapStep, ValidationResult
from .grouping import IssueGroup, group_issues
from .scoring import completeness
from .status import count_inspector_crashes

PASSED_TEMPLATE = "evaluation_passed"
FAILED_TEMPLATE = "evaluation_failed"
MAX_PLACES_SENT = 5
MAX_MESSAGES_SENT = 3


class IssueNarrative(BaseModel):
    id: str = Field(description="The issue group id given in the prompt (G1, G2, ...)")
    explanation: str
    why_it_matters: str
    how_to_fix: str


class PassedReportText(BaseModel):
    executive_summary: str
    quality_assessment: str
    recommendations: list[str] = Field(default_factory=list)
    issues: list[IssueNarrative] = Field(default_factory=list)


class FailedReportText(BaseModel):
    summary: str
    issues: list[IssueNarrative] = Field(default_factory=list)
    roadmap: list[RoadmapStep] = Field(default_factory=list)


# --------------------------------------------------------------------------- what the model sees


def prompt_variables(result: ValidationResult, history: list[CorrectionAttempt]) -> dict[str, Any]:
    """Metadata, file names and Inspector messages only: never recorded data."""
    info = result.file_info
    score = completeness(info) if info else None
    groups = group_issues(result.issues)
    return {
        "file_name": _file_name(result),
        "version": result.version,
        "overall_status": result.overall_status.value,
        "nwb_version": info.nwb_version if info else None,
        "counts": result.counts.model_dump(),
        "completeness_score": result.completeness_score,
        "missing_metadata": score.missing if score else [],
        "file_summary": _file_summary(result),
        "issue_groups": [_group_for_prompt(g) for g in groups],
        "correction_attempts": [
            {
                "attempt": a.attempt,
                "version": a.version,
                "fixes": [f.reason for f in a.fixes_applied],
                "status_after": a.status_after.value if a.status_after else None,
            }
            for a in history
        ],
    }


def _file_name(result: ValidationResult) -> str:
    return result.nwb_path.replace("\\", "/").rsplit("/", 1)[-1]


def _file_summary(result: ValidationResult) -> dict[str, Any]:
    info = result.file_info
    if info is None:
        return {"readable": result.readable, "read_error": result.read_error}
    subject = info.subject
    return {
        "duration_s": info.duration_s,
        "acquisition": [
            {"name": a.name, "type": a.neurodata_type, "shape": a.shape, "rate_hz": a.rate_hz} for a in info.acquisition
        ],
        "electrodes": info.electrode_count,
        "units": info.units_count,
        "species": subject.species if subject else None,
        "devices": [d.get("name") for d in info.devices],
    }


def _group_for_prompt(group: IssueGroup) -> dict[str, Any]:
    return {
        "id": group.id,
        "check": group.check_name,
        "title": group.title,
        "severity": group.severity.value,
        "category": group.category.value,
        "fix_kind": group.fix_kind.value,
        "occurrences": len(group.issues),
        "inspector_messages": group.messages[:MAX_MESSAGES_SENT],
        "where": group.places[:MAX_PLACES_SENT],
        "catalogue": {
            "meaning": group.explanation,
            "why_it_matters": group.why_it_matters,
            "how_to_fix": group.how_to_fix,
        },
    }


# --------------------------------------------------------------------------- the words, via the LLM service


def passed_report_text(llm: Any, result: ValidationResult, history: list[CorrectionAttempt]) -> PassedReportText:
    variables = prompt_variables(result, history)
    text = llm.structured(PASSED_TEMPLATE, variables, PassedReportText, offline=lambda _: offline_passed(result))
    return _reconcile_passed(text, result)


def failed_report_text(llm: Any, result: ValidationResult, history: list[CorrectionAttempt]) -> FailedReportText:
    variables = prompt_variables(result, history)
    text = llm.structured(FAILED_TEMPLATE, variables, FailedReportText, offline=lambda _: offline_failed(result))
    return _reconcile_failed(text, result)


def narratives_by_group(narratives: list[IssueNarrative], groups: list[IssueGroup]) -> dict[str, IssueNarrative]:
    """One narrative per group: the model's where it gave one, the catalogue's otherwise."""
    given = {n.id: n for n in narratives}
    return {g.id: given.get(g.id) or _catalogue_narrative(g) for g in groups}


def _reconcile_passed(text: PassedReportText, result: ValidationResult) -> PassedReportText:
    groups = group_issues(result.issues)
    fallback = offline_passed(result)
    return PassedReportText(
        executive_summary=text.executive_summary.strip() or fallback.executive_summary,
        quality_assessment=text.quality_assessment.strip() or fallback.quality_assessment,
        recommendations=[r for r in text.recommendations if r.strip()] or fallback.recommendations,
        issues=list(narratives_by_group(text.issues, groups).values()),
    )


def _reconcile_failed(text: FailedReportText, result: ValidationResult) -> FailedReportText:
    groups = group_issues(result.issues)
    kinds: dict[str, set[FixKind]] = {}
    for g in groups:
        kinds.setdefault(g.check_name, set()).add(g.fix_kind)
    covered = {name for step in text.roadmap for name in step.issues}
    blocking = {g.check_name for g in groups if g.blocking}
    # The model may order and word the steps, not decide what is automatic or asked.
    roadmap_fits = (
        bool(text.roadmap)
        and covered <= set(kinds)
        and blocking <= covered
        and all(kinds[name] == {step.fix_kind} for step in text.roadmap for name in step.issues)
    )
    return FailedReportText(
        summary=text.summary.strip() or offline_failed(result).summary,
        issues=list(narratives_by_group(text.issues, groups).values()),
        roadmap=_renumber(text.roadmap) if roadmap_fits else build_roadmap(groups),
    )


def _renumber(steps: list[RoadmapStep]) -> list[RoadmapStep]:
    ordered = sorted(steps, key=lambda s: s.priority)
    return [step.model_copy(update={"priority": n}) for n, step in enumerate(ordered, start=1)]


# --------------------------------------------------------------------------- offline: from the knowledge base


def _catalogue_narrative(group: IssueGroup) -> IssueNarrative:
    return IssueNarrative(
        id=group.id, explanation=group.explanation, why_it_matters=group.why_it_matters, how_to_fix=group.how_to_fix
    )


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _counts_phrase(result: ValidationResult) -> str:
    crashes = count_inspector_crashes(result.issues)  # not in the severity counts (see status.py): named apart
    parts = [] if result.counts.phrase() == "no issues" else [result.counts.phrase()]
    if crashes:
        parts.append(_plural(crashes, "crash inside NWB Inspector", "crashes inside NWB Inspector"))
    return ", ".join(parts) or "no issues"


def _content_phrase(result: ValidationResult) -> str:
    info = result.file_info
    if info is None:
        return ""
    parts = []
    if info.duration_s:
        parts.append(f"{info.duration_s:.1f} s of recording")
    if info.acquisition:
        parts.append(_plural(len(info.acquisition), "acquisition series", "acquisition series"))
    if info.electrode_count:
        parts.append(_plural(info.electrode_count, "electrode"))
    if info.units_count:
        parts.append(_plural(info.units_count, "sorted unit"))
    return f" It holds {', '.join(parts)}." if parts else ""


def offline_passed(result: ValidationResult) -> PassedReportText:
    groups = group_issues(result.issues)
    name = _file_name(result)
    version = f" (NWB {result.file_info.nwb_version})" if result.file_info and result.file_info.nwb_version else ""
    if result.overall_status == OverallStatus.PASSED:
        verdict = "passed every NWB Inspector check of the DANDI configuration and PyNWB's schema validation"
    else:
        verdict = (
            f"passed NWB Inspector's DANDI checks and PyNWB's schema validation with {_counts_phrase(result)}; "
            "none of them blocks an upload to DANDI"
        )
    summary = f"{name}{version} {verdict}.{_content_phrase(result)}"
    if result.completeness_score is not None:
        summary += f" Metadata completeness is {result.completeness_score:.0f} out of 100."
    return PassedReportText(
        executive_summary=summary,
        quality_assessment=_quality_assessment(result, groups),
        recommendations=_recommendations(groups),
        issues=[_catalogue_narrative(g) for g in groups],
    )


def _quality_assessment(result: ValidationResult, groups: list[IssueGroup]) -> str:
    sentences = []
    info = result.file_info
    if info is not None:
        score = completeness(info)
        missing = score.missing
        sentences.append(
            f"Metadata completeness: {score.score:.0f}/100"
            + (f"; missing: {', '.join(missing)}." if missing else "; every required and recommended field is present.")
        )
    data_groups = [g for g in groups if g.category.value == "data_integrity"]
    if data_groups:
        sentences.append("Data integrity: " + "; ".join(g.title.lower() for g in data_groups) + ".")
    else:
        sentences.append(
            "Data integrity: NWB Inspector found no problem with timestamps, rates, dimensions or spike times."
        )
    crashes = [g for g in groups if g.category.value == "inspector_internal"]
    if crashes:
        sentences.append(
            f"{_plural(sum(len(g.issues) for g in crashes), 'NWB Inspector check')} crashed and could "
            "not verify part of the file; this is a fault of the checker, not of the data."
        )
    return " ".join(sentences)


def _recommendations(groups: list[IssueGroup]) -> list[str]:
    advice = []
    asked = [f.field.replace("_", " ") for g in groups for f in g.fixes if f.kind == FixKind.ASK and f.field]
    if asked:
        advice.append(
            "Give the missing metadata so the service can add it and convert again: "
            + ", ".join(dict.fromkeys(asked))
            + "."
        )
    automatic = [f.description for g in groups for f in g.fixes if f.kind == FixKind.AUTO]
    if automatic:
        advice.append(
            "Let the service apply its automatic fixes (each is listed in the next report): "
            + " ".join(dict.fromkeys(automatic))
        )
    if any(g.fix_kind == FixKind.NONE and g.category.value == "data_integrity" for g in groups):
        advice.append("Check the data-integrity findings against the original recording before publishing.")
    advice.append(
        "Before uploading, run `dandi validate` on the folder that holds the file; DANDI applies the same "
        "checks as this report."
    )
    return advice


def build_roadmap(groups: list[IssueGroup]) -> list[RoadmapStep]:
    """Blocking issues first; within each, what the user must answer, then what is automatic."""
    steps: list[tuple[str, list[IssueGroup], FixKind]] = []

    def add(action: str, selected: list[IssueGroup], kind: FixKind) -> None:
        if selected:
            steps.append((action, selected, kind))

    def fields(selected: list[IssueGroup], kind: FixKind) -> str:
        names = [f.field.replace("_", " ") for g in selected for f in g.fixes if f.kind == kind and f.field]
        return ", ".join(dict.fromkeys(names))

    blocking = [g for g in groups if g.blocking]
    other = [g for g in groups if not g.blocking]
    ask = [g for g in blocking if g.fix_kind == FixKind.ASK]
    add(f"Give the required values: {fields(ask, FixKind.ASK)}.", ask, FixKind.ASK)
    auto = [g for g in blocking if g.fix_kind == FixKind.AUTO]
    add(
        "Apply the automatic fixes: " + " ".join(dict.fromkeys(f.description for g in auto for f in g.fixes)),
        auto,
        FixKind.AUTO,
    )
    none = [g for g in blocking if g.fix_kind == FixKind.NONE]
    add(
        "Check the recording and the detected format; these cannot be fixed with metadata: "
        + "; ".join(g.title.lower() for g in none)
        + ".",
        none,
        FixKind.NONE,
    )
    auto = [g for g in other if g.fix_kind == FixKind.AUTO]
    add(
        "Improve automatically (optional): " + " ".join(dict.fromkeys(f.description for g in auto for f in g.fixes)),
        auto,
        FixKind.AUTO,
    )
    ask = [g for g in other if g.fix_kind == FixKind.ASK]
    add(f"Give recommended metadata (optional): {fields(ask, FixKind.ASK)}.", ask, FixKind.ASK)
    none = [g for g in other if g.fix_kind == FixKind.NONE]
    add(
        "No action needed, listed for information: " + "; ".join(g.title.lower() for g in none) + ".",
        none,
        FixKind.NONE,
    )
    return [
        RoadmapStep(
            priority=n, action=action, issues=list(dict.fromkeys(g.check_name for g in selected)), fix_kind=kind
        )
        for n, (action, selected, kind) in enumerate(steps, start=1)
    ]


def offline_failed(result: ValidationResult) -> FailedReportText:
    groups = group_issues(result.issues)
    name = _file_name(result)
    blocking = [g for g in groups if g.blocking]
    if not result.readable:
        summary = f"{name} could not be read by PyNWB ({result.read_error}); it must be converted again."
    elif result.overall_status != OverallStatus.FAILED:  # served by /api/correction-context for improvements
        summary = (
            f"{name} passed validation with {_counts_phrase(result)}; none blocks an upload to DANDI, and "
            "the steps below would improve it."
        )
    else:
        summary = (
            f"{name} failed validation: {_counts_phrase(result)}. DANDI will not accept it until "
            f"{'this is' if len(blocking) == 1 else 'these are'} fixed: "
            + "; ".join(g.title.lower() for g in blocking)
            + "."
        )
    questions = {f.field for g in groups for f in g.fixes if f.kind == FixKind.ASK and f.field}
    automatic = {f.description for g in groups for f in g.fixes if f.kind == FixKind.AUTO}
    needs = [
        f"{_plural(len(questions), 'value')} must come from you" if questions else "",
        f"{_plural(len(automatic), 'fix', 'fixes')} can be applied automatically" if automatic else "",
    ]
    if any(needs):
        summary += " " + " and ".join(n for n in needs if n) + "."
    return FailedReportText(
        summary=summary, issues=[_catalogue_narrative(g) for g in groups], roadmap=build_roadmap(groups)
    )
