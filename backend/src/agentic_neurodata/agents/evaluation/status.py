"""Overall status of a file from its issues (DESIGN.md, Story 7.2)."""

from __future__ import annotations

from collections import Counter

from ...models import IssueCategory, OverallStatus, Severity, SeverityCounts, ValidationIssue


def count_by_severity(issues: list[ValidationIssue]) -> SeverityCounts:
    counts = Counter(issue.severity.value for issue in issues)
    return SeverityCounts(**{name: counts.get(name, 0) for name in SeverityCounts.model_fields})


def overall_status(issues: list[ValidationIssue], readable: bool = True) -> OverallStatus:
    """FAILED if unreadable or any CRITICAL/ERROR; PASSED_WITH_ISSUES if only others; else PASSED.

    A crash inside one of NWB Inspector's own checks is listed (as an issue of its own category)
    but does not fail the file: it tells nothing about the file.
    """
    blocking = [
        i for i in issues
        if i.severity in (Severity.CRITICAL, Severity.ERROR) and i.category != IssueCategory.INSPECTOR_INTERNAL
    ]
    if not readable or blocking:
        return OverallStatus.FAILED
    if issues:
        return OverallStatus.PASSED_WITH_ISSUES
    return OverallStatus.PASSED


def count_by_category(issues: list[ValidationIssue]) -> dict[str, int]:
    return dict(Counter(issue.category.value for issue in issues))
