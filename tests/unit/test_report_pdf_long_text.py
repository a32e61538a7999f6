"""The PDF report renders whatever lengths the file, NWB Inspector and the user produce."""

from __future__ import annotations

from pathlib import Path

from nwbinspector import available_checks
from pypdf import PdfReader

from agentic_neurodata.agents.evaluation import report_pdf, report_text
from agentic_neurodata.agents.evaluation.status import count_by_category, count_by_severity, overall_status
from agentic_neurodata.domain import (
    AcquisitionEntry,
    AppliedFix,
    CorrectionAttempt,
    FileInfo,
    IssueCategory,
    OverallStatus,
    Severity,
    SubjectInfo,
    ValidationIssue,
    ValidationResult,
)

LONG_DESCRIPTION = "Head-fixed mouse on a running wheel, visual gratings in eight directions. " * 70  # ~5,000
LONG_MESSAGE = "Column 'x' has values that are not ascending: " + ", ".join(str(i) for i in range(1200))  # ~6,000
CHECKS = sorted(check.__name__ for check in available_checks)[:30]
LONG_USER_TEXT = "The animal was implanted two weeks before; notes follow. " * 105  # ~6,000


def stress_result(tmp_path: Path) -> ValidationResult:
    issues = [
        ValidationIssue(
            check_name="check_table_values_for_dict",
            severity=Severity.WARNING,
            importance="BEST_PRACTICE_VIOLATION",
            message=LONG_MESSAGE,
            object_type="DynamicTable",
            object_name="trials",
            location="/intervals/trials",
            category=IssueCategory.BEST_PRACTICE,
        )
    ]
    # 300 issues of 30 different registered checks, each in 10 places
    for n in range(300):
        issues.append(
            ValidationIssue(
                check_name=CHECKS[n % 30],
                severity=Severity.BEST_PRACTICE,
                importance="BEST_PRACTICE_SUGGESTION",
                message=f"Column {n} of table 'electrodes' has no description.",
                object_type="VectorData",
                object_name=f"column_{n}",
                location=f"/general/extracellular_ephys/electrodes/column_{n}",
                category=IssueCategory.BEST_PRACTICE,
            )
        )
    info = FileInfo(
        file_path=str(tmp_path / "long_v1.nwb"),
        nwb_version="2.8.0",
        identifier="id-" + "x" * 300,
        session_description=LONG_DESCRIPTION,
        session_start_time="2024-03-05T14:30:00-05:00",
        experimenter=["Smith, Jane"],
        institution="MIT",
        lab="Smith Lab",
        keywords=["V1"],
        subject=SubjectInfo(
            subject_id="m042", species="Mus musculus", sex="F", age="P90D", description=LONG_DESCRIPTION
        ),
        devices=[{"name": "probe", "description": LONG_DESCRIPTION}],
        acquisition=[
            AcquisitionEntry(
                name="ElectricalSeries" + "AP" * 100,
                neurodata_type="ElectricalSeries",
                shape=[90000, 32],
                dtype="int16",
                bytes=5_760_000,
                rate_hz=30000.0,
                unit="volts",
            )
        ],
        processing_modules=[
            {
                "name": "ecephys",
                "description": LONG_DESCRIPTION,
                "interfaces": {f"LFP_band_{i:03d}": "ElectricalSeries" for i in range(300)},
            }
        ],
    )
    return ValidationResult(
        nwb_path=str(tmp_path / "long_v1.nwb"),
        version=1,
        overall_status=overall_status(issues),
        issues=issues,
        counts=count_by_severity(issues),
        counts_by_category=count_by_category(issues),
        completeness_score=80.0,
        file_info=info,
        inspector_version="0.7.2",
    )


def test_a_report_with_very_long_texts_and_300_issues_renders_and_reads_back(tmp_path: Path) -> None:
    result = stress_result(tmp_path)
    assert result.overall_status == OverallStatus.PASSED_WITH_ISSUES
    history = [
        CorrectionAttempt(
            attempt=1,
            version=1,
            user_input={"subject_description": LONG_USER_TEXT, "keywords": ["V1"] * 400},
            fixes_applied=[
                AppliedFix(
                    check_name="check_subject_species_form",
                    field="species",
                    old_value=LONG_USER_TEXT,
                    new_value="Mus musculus",
                    reason=LONG_USER_TEXT,
                )
            ],
            status_after=OverallStatus.PASSED_WITH_ISSUES,
        )
    ]
    text = report_text.offline_passed(result)
    path = report_pdf.write_pdf_report(tmp_path / "long_v1_evaluation_report.pdf", result, text, None, history, "s1")

    reader = PdfReader(str(path))
    content = "\n".join(page.extract_text() for page in reader.pages)
    for section in ("2. File information", "5. Issues", "8. Correction history", "9. How this report was made"):
        assert section in content, section
    assert "shortened" in content  # long cells say that they were cut and where the full text is
    assert "Mus musculus" in content and "LFP_band_000" in content and CHECKS[29] in content
    pages = len(reader.pages)
    assert f"Page {pages} of {pages}" in content
    # The session description is shown in full, outside the table (its last words are on a page)
    assert content.replace("\n", " ").count("eight directions") >= 60
