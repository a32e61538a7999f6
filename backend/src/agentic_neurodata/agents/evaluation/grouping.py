"""Group issues that share a check and an explanation (e.g. eleven columns without a description),
so reports explain each problem once and list where it occurs."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...domain import FixKind, FixStrategy, IssueCategory, Severity, ValidationIssue
from ...knowledge.inspector_checks import knowledge_for

SEVERITY_ORDER = [Severity.CRITICAL, Severity.ERROR, Severity.WARNING, Severity.BEST_PRACTICE, Severity.INFO]


@dataclass
class IssueGroup:
    id: str
    check_name: str
    title: str
    severity: Severity
    category: IssueCategory
    fix_kind: FixKind
    explanation: str
    why_it_matters: str
    how_to_fix: str
    fixes: list[FixStrategy]
    issues: list[ValidationIssue] = field(default_factory=list)

    @property
    def blocking(self) -> bool:
        return (
            self.severity in (Severity.CRITICAL, Severity.ERROR) and self.category != IssueCategory.INSPECTOR_INTERNAL
        )

    @property
    def places(self) -> list[str]:
        """Where it occurs: object name and path, without repeats."""
        found = []
        for issue in self.issues:
            place = " ".join(
                p
                for p in (
                    issue.object_type,
                    f"'{issue.object_name}'" if issue.object_name else None,
                    f"at {issue.location}" if issue.location else None,
                )
                if p
            )
            if place and place not in found:
                found.append(place)
        return found

    @property
    def messages(self) -> list[str]:
        return list(dict.fromkeys(issue.message for issue in self.issues))


def group_issues(issues: list[ValidationIssue]) -> list[IssueGroup]:
    """Issues grouped by check and explanation, most severe first, ids G1, G2, ..."""
    groups: dict[tuple[str, str], IssueGroup] = {}
    for issue in issues:
        knowledge = knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type)
        key = (issue.check_name, issue.explanation or knowledge.meaning)
        group = groups.get(key)
        if group is None:
            group = groups[key] = IssueGroup(
                id="",
                check_name=issue.check_name,
                title=knowledge.title,
                severity=issue.severity,
                category=issue.category,
                fix_kind=issue.fix_kind,
                explanation=issue.explanation or knowledge.meaning,
                why_it_matters=issue.why_it_matters or knowledge.why_it_matters,
                how_to_fix=issue.how_to_fix or knowledge.how_to_fix,
                fixes=knowledge.fixes,
            )
        if SEVERITY_ORDER.index(issue.severity) < SEVERITY_ORDER.index(group.severity):
            group.severity = issue.severity
        group.issues.append(issue)
    ordered = sorted(groups.values(), key=lambda g: (not g.blocking, SEVERITY_ORDER.index(g.severity), g.check_name))
    for number, group in enumerate(ordered, start=1):
        group.id = f"G{number}"
    return ordered
