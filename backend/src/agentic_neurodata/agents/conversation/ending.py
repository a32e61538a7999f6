"""How a session ended, for its final report: the final status in words, what was fixed (by the
service or with the user's values), what the user accepted, declined or left unfixed, and what the
service could not fix. Built from the state when the conversation ends; the evaluation agent writes it."""

from __future__ import annotations

from typing import Any

from ...domain import (
    DecidedBy,
    EndingDecision,
    EndingItem,
    FixKind,
    IssueCategory,
    SessionEnding,
    ValidationIssue,
    verdict_words,
)
from ...knowledge import knowledge_for
from ...metadata.fields import get_field
from ...state import GlobalState, ValidationStatus

# What happens to the issues still in the file, by ending: whose decision it was and what it was.
REMAINING: dict[ValidationStatus, tuple[EndingDecision, DecidedBy]] = {
    ValidationStatus.PASSED_ACCEPTED: (EndingDecision.ACCEPTED, "user"),
    ValidationStatus.FAILED_USER_DECLINED: (EndingDecision.DECLINED, "user"),
    ValidationStatus.FAILED_USER_ABANDONED: (EndingDecision.LEFT_UNFIXED, "user"),
}


def headline(outcome: ValidationStatus, state: GlobalState) -> str:
    result = state.validation_result
    phrase = result.counts.phrase() if result else "no evaluation"
    attempts = state.correction_attempt
    return {
        ValidationStatus.PASSED: "Passed with no issues; nothing needed deciding",
        ValidationStatus.PASSED_IMPROVED: "Passed with no issues after the corrections you approved "
        f"({attempts} attempt{'s' if attempts != 1 else ''})",
        ValidationStatus.PASSED_ACCEPTED: f"Accepted as is by you: valid with {phrase}",
        ValidationStatus.FAILED_USER_DECLINED: f"Corrections declined by you: the file keeps {phrase}",
        ValidationStatus.FAILED_USER_ABANDONED: f"Stopped by you before the corrections were finished: "
        f"the file keeps {phrase}",
    }[outcome]


def build_ending(state: GlobalState, outcome: ValidationStatus) -> SessionEnding:
    result = state.validation_result
    latest = state.latest_version
    items = _fixes(state) + _skipped(state) + _remaining(result.issues if result else [], outcome)
    return SessionEnding(
        validation_status=outcome.value,
        headline=headline(outcome, state),
        decided_by="automatic" if outcome == ValidationStatus.PASSED else "user",
        nwb_file=latest.path.replace("\\", "/").rsplit("/", 1)[-1] if latest else None,
        version=latest.version if latest else None,
        verdict=verdict_words(result.overall_status, result.counts) if result else None,
        counts=result.counts if result else None,
        items=items,
    )


def _label(field: str) -> str:
    spec = get_field(field)
    return spec.label if spec else field.replace("_", " ")


def _fixes(state: GlobalState) -> list[EndingItem]:
    items = [
        EndingItem(what=note, decision=EndingDecision.FIXED, decided_by="automatic")
        for version in state.versions
        for note in version.writing_fixes
    ]
    for attempt in state.correction_history:
        items += [
            EndingItem(
                what=fix.reason, decision=EndingDecision.FIXED, decided_by="automatic", check_name=fix.check_name
            )
            for fix in attempt.fixes_applied
        ]
        items += [
            EndingItem(what=f"{_label(name)}: {_shown(value)}", decision=EndingDecision.FIXED, decided_by="user")
            for name, value in attempt.user_input.items()
        ]
    return items


def _skipped(state: GlobalState) -> list[EndingItem]:
    return [
        EndingItem(what=f"{_label(name)} (skipped)", decision=EndingDecision.DECLINED, decided_by="user")
        for name in state.declined_fields
    ]


def _remaining(issues: list[ValidationIssue], outcome: ValidationStatus) -> list[EndingItem]:
    """The issues still in the file, one item per check. Crashes inside NWB Inspector say nothing
    about the file and are left out; an issue the service has no fix for is left unfixed by it."""
    by_check: dict[str, list[ValidationIssue]] = {}
    for issue in issues:
        if issue.category != IssueCategory.INSPECTOR_INTERNAL:
            by_check.setdefault(issue.check_name, []).append(issue)
    decision, by = REMAINING.get(outcome, (EndingDecision.LEFT_UNFIXED, "automatic"))
    items = []
    for check, found in by_check.items():
        first = found[0]
        knowledge = knowledge_for(check, message=first.message, object_type=first.object_type)
        has_fix = knowledge.fix_kind != FixKind.NONE
        items.append(
            EndingItem(
                what=knowledge.title,
                decision=decision if has_fix else EndingDecision.LEFT_UNFIXED,
                decided_by=by if has_fix else "automatic",
                check_name=check,
                severity=first.severity,
                count=len(found),
            )
        )
    return items


def _shown(value: Any) -> str:
    return "; ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
