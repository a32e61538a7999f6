"""Plan a correction round from an evaluation: which fixes the service applies by itself, which
values it must ask for, what it cannot change; and tell when a round made no progress."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ...domain import (
    AppliedFix,
    CorrectionAttempt,
    FieldRequest,
    FixKind,
    FixStrategy,
    IssueCategory,
    ValidationIssue,
    ValidationResult,
)
from ...knowledge import fix_strategies_for_issues, knowledge_for
from ...metadata.fields import get_field
from .auto_fixes import apply_fix


@dataclass
class CorrectionPlan:
    auto: list[FixStrategy] = field(default_factory=list)
    ask: list[FixStrategy] = field(default_factory=list)
    cannot_fix: list[ValidationIssue] = field(default_factory=list)

    def questions(self) -> list[FieldRequest]:
        """One field request per value to ask, worded from the catalogue (question, example, rule)."""
        requests = []
        for strategy in self.ask:
            spec = get_field(strategy.field or "")
            requests.append(
                FieldRequest(
                    name=spec.name if spec else str(strategy.field),
                    required=True,
                    description=strategy.question or (spec.description if spec else strategy.description),
                    example=strategy.example or (spec.example if spec else None),
                    why=strategy.description if not spec else spec.why,
                    rule=strategy.rule,
                )
            )
        return requests

    def auto_descriptions(self) -> list[str]:
        return [s.description.rstrip(". ") for s in self.auto]

    def ask_labels(self, skip: Collection[str] = (), only: Collection[str] | None = None) -> list[str]:
        """The labels of the values to ask for, leaving out the fields in `skip`, or keeping only those in `only`."""
        labels = []
        for strategy in self.ask:
            if strategy.field in skip or (only is not None and strategy.field not in only):
                continue
            spec = get_field(strategy.field or "")
            labels.append(spec.label if spec else str(strategy.field).replace("_", " "))
        return labels


def plan_corrections(result: ValidationResult) -> CorrectionPlan:
    """What a correction round would do about `result`'s issues. Inspector crashes are not the
    file's fault and are left out; questions without a field to store are listed as not fixable."""
    issues = [i for i in result.issues if i.category != IssueCategory.INSPECTOR_INTERNAL]
    plan = CorrectionPlan()
    for strategy in fix_strategies_for_issues(issues):
        if strategy.kind == FixKind.AUTO:
            plan.auto.append(strategy)
        elif strategy.kind == FixKind.ASK and strategy.field:
            plan.ask.append(strategy)
    fixable_checks = {s.check_name for s in plan.auto + plan.ask}
    plan.cannot_fix = [
        i
        for i in issues
        if i.check_name not in fixable_checks
        and knowledge_for(i.check_name, message=i.message, object_type=i.object_type).fix_kind != FixKind.AUTO
    ]
    return plan


def apply_automatic(
    plan: CorrectionPlan, metadata: dict[str, Any], options: dict[str, Any], result: ValidationResult
) -> list[AppliedFix]:
    """Apply every automatic fix that has something to work on (in place); return what was done."""
    done = []
    for strategy in plan.auto:
        fix = apply_fix(strategy, metadata, options, result.file_info)
        if fix is not None:
            done.append(fix)
    return done


def fields_still_reported(result: ValidationResult) -> set[str]:
    """Metadata fields the evaluation still finds missing or wrong (so asking again is warranted)."""
    fields: set[str] = set()
    for issue in result.issues:
        fields.update(knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type).fields)
    return fields


def issue_keys(issues: list[ValidationIssue]) -> set[tuple[str, str]]:
    return {issue.key for issue in issues}


def made_no_progress(attempt: CorrectionAttempt) -> bool:
    """Same issues (check + location) after the round as before it, with no new input and no fix."""
    if attempt.issues_after is None:
        return False
    return (
        issue_keys(attempt.issues_after) == issue_keys(attempt.issues_before)
        and not attempt.user_input
        and not attempt.fixes_applied
    )
