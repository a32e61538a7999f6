"""Run NWB Inspector with the DANDI configuration and turn its messages into our issues.

Besides its registered checks, NWB Inspector reports three other things as messages, told
apart by `check_function_name` (measured on nwbinspector 0.7):
- a check that raised: "During evaluation of '<check>' - <exception>", importance ERROR,
  the traceback as message. It says nothing about the file (our INSPECTOR_INTERNAL category);
- a file PyNWB cannot read: "During io.read(), an error occurred: ...", importance ERROR;
- PyNWB schema validation errors: importance PYNWB_VALIDATION, the validator's error name.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...domain import FixKind, IssueCategory, Severity, ValidationIssue
from ...knowledge.inspector_checks import INSPECTOR_INTERNAL_ERROR, PYNWB_READ_ERROR, PYNWB_VALIDATION, knowledge_for

# docs/architecture.md: the level is the Inspector's `importance`; its `severity` is only HIGH/LOW.
IMPORTANCE_TO_SEVERITY: dict[str, Severity] = {
    "CRITICAL": Severity.CRITICAL,
    "PYNWB_VALIDATION": Severity.ERROR,
    "ERROR": Severity.ERROR,
    "BEST_PRACTICE_VIOLATION": Severity.WARNING,
    "BEST_PRACTICE_SUGGESTION": Severity.BEST_PRACTICE,
}
CHECK_CRASH_MARKER = "During evaluation of"
READ_CRASH_MARKER = "During io.read()"
_CRASHED_CHECK = re.compile(r"During evaluation of '(?P<check>[^']+)' - (?P<error>.*)", re.S)
_EXCEPTION_CLASS = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")
METADATA_CHECK_WORDS = (
    "subject",
    "species",
    "sex",
    "age",
    "experimenter",
    "institution",
    "lab",
    "keywords",
    "description",
    "session_start",
    "session_id",
    "doi",
    "dandi",
)


def to_severity(importance: str) -> Severity:
    return IMPORTANCE_TO_SEVERITY.get(importance.upper(), Severity.ERROR)


def is_inspector_crash(text: str) -> bool:
    """A check of NWB Inspector raised: says nothing about the file, so it is not the user's fault."""
    return text.startswith(CHECK_CRASH_MARKER)


def categorise(check_name: str, importance: str, message: str, severity: Severity) -> IssueCategory:
    """Category of a check the catalogue does not know (known checks carry their own)."""
    if is_inspector_crash(check_name) or is_inspector_crash(message):
        return IssueCategory.INSPECTOR_INTERNAL
    if check_name.startswith(READ_CRASH_MARKER) or importance == "PYNWB_VALIDATION":
        return IssueCategory.FORMAT
    if "missing" in message.lower() or any(word in check_name for word in METADATA_CHECK_WORDS):
        return IssueCategory.MISSING_METADATA
    if severity in (Severity.CRITICAL, Severity.ERROR):
        return IssueCategory.DATA_INTEGRITY
    return IssueCategory.BEST_PRACTICE


def _last_line(text: str) -> str:
    lines = [line.strip() for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _identify(raw_name: str, importance: str, message: str, object_type: str | None) -> tuple[str, str]:
    """(check name for the catalogue, message for people) of one Inspector message."""
    crash = _CRASHED_CHECK.match(raw_name)
    if crash:
        error = _EXCEPTION_CLASS.sub(r"\1", crash.group("error").strip())
        where = f" on {object_type}" if object_type else ""
        return INSPECTOR_INTERNAL_ERROR, (
            f"NWB Inspector's check '{crash.group('check')}' crashed{where} ({error}). "
            "This is a fault in the checker, not in your file; that aspect was not checked."
        )
    if raw_name.startswith(READ_CRASH_MARKER):
        return PYNWB_READ_ERROR, f"PyNWB could not read the file: {_last_line(message) or raw_name}"
    if importance == "PYNWB_VALIDATION":
        return PYNWB_VALIDATION, f"{raw_name}: {message}" if raw_name else message
    return raw_name or "unknown_check", message


def message_to_issue(message: Any) -> ValidationIssue:
    importance = message.importance.name
    severity = to_severity(importance)
    raw_name = message.check_function_name or ""
    check, text = _identify(raw_name, importance, message.message or "", message.object_type)
    knowledge = knowledge_for(check, message=text, object_type=message.object_type)
    category = knowledge.category if knowledge.known else categorise(check, importance, text, severity)
    return ValidationIssue(
        check_name=check,
        severity=severity,
        importance=importance,
        inspector_severity=getattr(message.severity, "name", None),
        message=text,
        location=message.location,
        object_type=message.object_type,
        object_name=message.object_name,
        category=category,
        fix_kind=knowledge.fix_kind if category != IssueCategory.INSPECTOR_INTERNAL else FixKind.NONE,
        explanation=knowledge.meaning,
        why_it_matters=knowledge.why_it_matters,
        how_to_fix=knowledge.how_to_fix,
    )


def raw_message(message: Any) -> dict[str, Any]:
    """Everything NWB Inspector said about one finding, for the session's logs."""
    return {
        "importance": message.importance.name,
        "severity": getattr(message.severity, "name", None),
        "check_function_name": message.check_function_name,
        "object_type": message.object_type,
        "object_name": message.object_name,
        "location": message.location,
        "message": message.message,
    }


def run_inspector(nwb_path: Path, nwbfile: Any = None) -> tuple[list[ValidationIssue], list[dict[str, Any]]]:
    """Inspect with the DANDI config (which also runs PyNWB validation). Returns issues and raw messages.

    `nwbfile`: the file already read with PyNWB, inspected as it is rather than read a second time
    (0.1 s of a correction round); the same checks and PyNWB validation run as `inspect_nwbfile`
    runs them. The config is loaded as a dict: `inspect_nwbfile(config="dandi")` crashes in
    nwbinspector 0.7.
    """
    from nwbinspector import inspect_nwbfile, inspect_nwbfile_object, load_config

    config = load_config("dandi")
    if nwbfile is None:
        found = inspect_nwbfile(nwbfile_path=str(nwb_path), config=config)
    else:
        found = [*_validation_messages(nwb_path), *inspect_nwbfile_object(nwbfile_object=nwbfile, config=config)]
    raw = [m for m in found if m is not None]
    for message in raw:
        message.file_path = str(nwb_path)
    return [message_to_issue(m) for m in raw], [raw_message(m) for m in raw]


def _validation_messages(nwb_path: Path) -> list[Any]:
    """PyNWB's schema validation as NWB Inspector reports it (importance PYNWB_VALIDATION)."""
    import pynwb
    from nwbinspector import Importance, InspectorMessage

    result = pynwb.validate(path=str(nwb_path))
    errors = result[0] if isinstance(result, tuple) else result
    return [
        InspectorMessage(
            message=error.reason,
            importance=Importance.PYNWB_VALIDATION,
            check_function_name=error.name,
            location=error.location,
            file_path=str(nwb_path),
        )
        for error in errors
    ]
