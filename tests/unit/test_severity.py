"""NWB Inspector importance -> our severity -> overall status (docs/architecture.md)."""

from __future__ import annotations

from datetime import UTC

import pytest

from agentic_neurodata.agents.evaluation.inspection import categorise, to_severity
from agentic_neurodata.agents.evaluation.status import (
    count_by_category,
    count_by_severity,
    count_inspector_crashes,
    overall_status,
)
from agentic_neurodata.domain import IssueCategory, OverallStatus, Severity, ValidationIssue


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
    assert (
        categorise("check_timestamps_match_first_dimension", "ERROR", message, Severity.ERROR)
        == IssueCategory.INSPECTOR_INTERNAL
    )
    crash = issue(Severity.ERROR, IssueCategory.INSPECTOR_INTERNAL)
    assert overall_status([crash]) == OverallStatus.PASSED_WITH_ISSUES
    # Counted under its own category, not as an ERROR next to a status that did not fail
    assert count_by_severity([crash, issue(Severity.WARNING)]).model_dump() == {
        "CRITICAL": 0,
        "ERROR": 0,
        "WARNING": 1,
        "BEST_PRACTICE": 0,
        "INFO": 0,
    }
    assert count_by_category([crash, issue(Severity.WARNING)]) == {"inspector_internal": 1, "best_practice": 1}
    assert count_inspector_crashes([crash, issue(Severity.WARNING)]) == 1


@pytest.mark.parametrize("readable", [True, False])
@pytest.mark.parametrize(
    "issues",
    [
        [],
        [(Severity.ERROR, IssueCategory.INSPECTOR_INTERNAL)],
        [(Severity.ERROR, IssueCategory.INSPECTOR_INTERNAL), (Severity.WARNING, IssueCategory.BEST_PRACTICE)],
        [(Severity.ERROR, IssueCategory.INSPECTOR_INTERNAL), (Severity.ERROR, IssueCategory.FORMAT)],
        [(Severity.CRITICAL, IssueCategory.MISSING_METADATA), (Severity.BEST_PRACTICE, IssueCategory.BEST_PRACTICE)],
        [(Severity.INFO, IssueCategory.BEST_PRACTICE)],
    ],
)
def test_counts_and_status_agree(issues, readable) -> None:
    """FAILED exactly when the file is unreadable or the severity counts hold a CRITICAL or ERROR; every issue is
    counted once by category, and the severity counts plus the Inspector crashes add up to all issues."""
    listed = [issue(severity, category) for severity, category in issues]
    counts, status = count_by_severity(listed), overall_status(listed, readable=readable)
    assert (status == OverallStatus.FAILED) == (not readable or counts.blocking > 0)
    assert (status == OverallStatus.PASSED) == (readable and not listed)
    assert counts.blocking + counts.non_blocking + count_inspector_crashes(listed) == len(listed)
    assert sum(count_by_category(listed).values()) == len(listed)


# --------------------------------------------------------------------------- real NWB Inspector messages


def test_a_real_check_crash_is_inspector_internal_explained_plainly_and_not_blocking() -> None:
    """run_checks wraps a raising check exactly as it does on empty SpikeGLX event tables."""
    from datetime import datetime

    from nwbinspector import Importance, run_checks
    from pynwb import NWBFile

    from agentic_neurodata.agents.evaluation.inspection import message_to_issue
    from agentic_neurodata.domain import FixKind

    def check_event_table_timestamps(nwbfile):  # stands for a registered check that raises
        raise IndexError("index 0 is out of bounds for axis 0 with size 0")

    check_event_table_timestamps.importance = Importance.BEST_PRACTICE_VIOLATION
    check_event_table_timestamps.neurodata_type = NWBFile
    nwbfile = NWBFile(session_description="s", identifier="i", session_start_time=datetime.now(UTC))
    [raw] = list(run_checks(nwbfile, checks=[check_event_table_timestamps]))
    crash = message_to_issue(raw)
    assert crash.category == IssueCategory.INSPECTOR_INTERNAL and crash.severity == Severity.ERROR
    assert crash.check_name == "inspector_internal_error" and crash.fix_kind == FixKind.NONE
    assert "check_event_table_timestamps" in crash.message and "IndexError" in crash.message
    assert "not in your file" in crash.message and "Traceback" not in crash.message
    assert "says nothing about your data" in crash.why_it_matters
    assert overall_status([crash]) == OverallStatus.PASSED_WITH_ISSUES


def test_an_unreadable_file_is_a_format_error_and_fails(tmp_path) -> None:
    from agentic_neurodata.agents.evaluation.inspection import run_inspector

    broken = tmp_path / "broken.nwb"
    broken.write_bytes(b"this is not HDF5")
    issues, raw = run_inspector(broken)
    [issue_] = issues
    assert issue_.check_name == "pynwb_read_error" and issue_.category == IssueCategory.FORMAT
    assert issue_.severity == Severity.ERROR and issue_.message.startswith("PyNWB could not read the file")
    assert raw[0]["check_function_name"].startswith("During io.read()")
    assert overall_status(issues) == OverallStatus.FAILED
