"""Run NWB Inspector with the DANDI configuration and turn its messages into our issues."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...models import IssueCategory, Severity, ValidationIssue

# DESIGN.md: the level is the Inspector's `importance`; its `severity` is only HIGH/LOW.
IMPORTANCE_TO_SEVERITY: dict[str, Severity] = {
    "CRITICAL": Severity.CRITICAL,
    "PYNWB_VALIDATION": Severity.ERROR,
    "ERROR": Severity.ERROR,
    "BEST_PRACTICE_VIOLATION": Severity.WARNING,
    "BEST_PRACTICE_SUGGESTION": Severity.BEST_PRACTICE,
}
# NWB Inspector reports its own crashes as messages: a check that raised, or a failed read.
CHECK_CRASH_MARKER = "During evaluation of"
READ_CRASH_MARKER = "During io.read()"
METADATA_CHECK_WORDS = ("subject", "species", "sex", "age", "experimenter", "institution", "lab", "keywords",
                        "description", "session_start", "session_id", "doi", "dandi")


def to_severity(importance: str) -> Severity:
    return IMPORTANCE_TO_SEVERITY.get(importance.upper(), Severity.ERROR)


def is_inspector_crash(message: str) -> bool:
    """A check of NWB Inspector raised: says nothing about the file, so it is not the user's fault."""
    return message.startswith(CHECK_CRASH_MARKER)


def categorise(check_name: str, importance: str, message: str, severity: Severity) -> IssueCategory:
    if is_inspector_crash(message):
        return IssueCategory.INSPECTOR_INTERNAL
    if message.startswith(READ_CRASH_MARKER) or importance == "PYNWB_VALIDATION":
        return IssueCategory.FORMAT
    if "missing" in message.lower() or any(word in check_name for word in METADATA_CHECK_WORDS):
        return IssueCategory.MISSING_METADATA
    if severity in (Severity.CRITICAL, Severity.ERROR):
        return IssueCategory.DATA_INTEGRITY
    return IssueCategory.BEST_PRACTICE


def message_to_issue(message: Any) -> ValidationIssue:
    importance = message.importance.name
    severity = to_severity(importance)
    check = message.check_function_name or "unknown_check"
    return ValidationIssue(
        check_name=check,
        severity=severity,
        importance=importance,
        inspector_severity=getattr(message.severity, "name", None),
        message=message.message,
        location=message.location,
        object_type=message.object_type,
        object_name=message.object_name,
        category=categorise(check, importance, message.message, severity),
    )


def run_inspector(nwb_path: Path) -> tuple[list[ValidationIssue], list[dict[str, Any]]]:
    """Inspect with the DANDI config (which also runs PyNWB validation). Returns issues and raw messages."""
    from nwbinspector import inspect_nwbfile, load_config

    raw = [m for m in inspect_nwbfile(nwbfile_path=str(nwb_path), config=load_config("dandi")) if m is not None]
    issues = [message_to_issue(m) for m in raw]
    dumped = [
        {
            "importance": m.importance.name,
            "severity": getattr(m.severity, "name", None),
            "check_function_name": m.check_function_name,
            "object_type": m.object_type,
            "object_name": m.object_name,
            "location": m.location,
            "message": m.message,
        }
        for m in raw
    ]
    return issues, dumped
