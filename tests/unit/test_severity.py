"""NWB Inspector importance -> our severity -> overall status (DESIGN.md, Story 7.2)."""

from __future__ import annotations

import pytest

from agentic_neurodata.agents.evaluation.inspection import categorise, to_severity
from agentic_neurodata.agents.evaluation.status import count_by_severity, overall_status
from agentic_neurodata.models import IssueCategory, OverallStatus, Severity, ValidationIssue


@pytest.mark.parametrize(
    ("importance", "severity"),
    [
        ("CRITICAL", Severity.CRITICAL),
        ("PYNWB_VALIDATION", Severity.ERROR),
        ("ERROR", Severity.ERROR),
        ("BEST_PRACTICE_VIOLATION", Severity.WARNING),
        ("BEST_PRACTICE_SUGGESTION", Severity.BEST_PRACTICE),
    ],
)
def test_importance_maps_to_severity(importance: str, severity: Severity) -> None:
    assert to_severity(importance) == severity


def issue(severity: Severity, category: IssueCategory = IssueCategory.BEST_PRACTICE) -> ValidationIssue:
    return ValidationIssue(check_name="check_x", severity=severity, importance="X", message="m", category=category)


@pytest.mark.parametrize(
    ("severities", "expected"),
    [
        ([], OverallStatus.PASSED),
        ([Severity.BEST_PRACTICE], OverallStatus.PASSED_WITH_ISSUES),
        ([Severity.WARNING, Severity.BEST_PRACTICE], OverallStatus.PASSED_WITH_ISSUES),
        ([Severity.ERROR], OverallStatus.FAILED),
        ([Severity.CRITICAL, Severity.BEST_PRACTICE], OverallStatus.FAILED),
    ],
)
def test_overall_status(severities, expected) -> None:
    assert overall_status([issue(s) for s in severities]) == expected


def test_unreadable_file_fails_even_without_issues() -> None:
    assert overall_status([], readable=False) == OverallStatus.FAILED


def test_a_crash_inside_an_inspector_check_is_its_own_category_and_not_blocking() -> None:
    message = "During evaluation of 'check_timestamps_match_first_dimension', an exception was thrown..."
    assert categorise("check_timestamps_match_first_dimension", "ERROR", message, Severity.ERROR) == \
        IssueCategory.INSPECTOR_INTERNAL
    crash = issue(Severity.ERROR, IssueCategory.INSPECTOR_INTERNAL)
    assert overall_status([crash]) == OverallStatus.PASSED_WITH_ISSUES
    assert count_by_severity([crash, issue(Severity.WARNING)]).model_dump() == {
        "CRITICAL": 0, "ERROR": 1, "WARNING": 1, "BEST_PRACTICE": 0, "INFO": 0}
