"""Overall status of a file from its issues, and the counts shown beside it (docs/architecture.md,
"One session, start to end").

Counting rule, so that counts and status never disagree:
- `count_by_severity` (ValidationResult.counts, `/api/status` validation_details) counts only issues
  that are about the file. A crash inside one of NWB Inspector's own checks ("During evaluation
  of …", importance ERROR) is left out: it says nothing about the file and does not fail it.
- Those crashes are counted under their own category, `inspector_internal`, in
  `count_by_category` (ValidationResult.counts_by_category), and by `count_inspector_crashes`.
Hence: status is FAILED  ⇔  file unreadable or counts.CRITICAL + counts.ERROR > 0.
"""

from __future__ import annotations

from collections import Counter

from ...domain import IssueCategory, OverallStatus, Severity, SeverityCounts, ValidationIssue

BLOCKING = (Severity.CRITICAL, Severity.ERROR)


def is_about_the_file(issue: ValidationIssue) -> bool:
    """False for a crash inside NWB Inspector itself: the checker failed, not the file."""
    return issue.category != IssueCategory.INSPECTOR_INTERNAL


def count_by_severity(issues: list[ValidationIssue]) -> SeverityCounts:
    """Issues about the file by severity; Inspector-internal crashes are counted by category instead."""
    counts = Counter(issue.severity.value for issue in issues if is_about_the_file(issue))
    return SeverityCounts(**{name: counts.get(name, 0) for name in SeverityCounts.model_fields})


def count_inspector_crashes(issues: list[ValidationIssue]) -> int:
    return sum(1 for issue in issues if not is_about_the_file(issue))


def overall_status(issues: list[ValidationIssue], readable: bool = True) -> OverallStatus:
    """FAILED if unreadable or any CRITICAL/ERROR about the file; PASSED_WITH_ISSUES if anything else
    was reported (Inspector crashes included: they are listed); else PASSED."""
    blocking = [issue for issue in issues if issue.severity in BLOCKING and is_about_the_file(issue)]
    if not readable or blocking:
        return OverallStatus.FAILED
    if issues:
        return OverallStatus.PASSED_WITH_ISSUES
    return OverallStatus.PASSED


def count_by_category(issues: list[ValidationIssue]) -> dict[str, int]:
    """Every issue by category, Inspector-internal crashes included (key `inspector_internal`)."""
    return dict(Counter(issue.category.value for issue in issues))
