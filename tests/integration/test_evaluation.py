"""The evaluation agent on real files: FileInfo, real NWB Inspector runs, real PDF and JSON reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from agentic_neurodata.agents.evaluation import figures
from agentic_neurodata.agents.evaluation.file_info import read_file_info
from agentic_neurodata.contracts import evaluation
from agentic_neurodata.domain import AppliedFix, CorrectionAttempt, CorrectionContext, OverallStatus
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.state import StageName, StageStatus
from tests.support.nwb_files import TRICKY_LAB
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow
SECTIONS = [
    "NWB evaluation report",
    "1. Executive summary",
    "2. File information",
    "3. Data preview",
    "4. Issue counts",
    "5. Issues",
    "6. Quality assessment",
    "7. Recommendations",
    "8. Correction history",
    "9. How this report was made",
]


@pytest.fixture
def runtime(tmp_path: Path):
    rt = build_runtime(make_settings(tmp_path), in_background=False)
    rt.store.begin_session("session-eval", str(tmp_path), str(tmp_path))
    yield rt
    rt.close()


def evaluate(runtime, nwb: Path, tmp_path: Path, version: int = 1) -> dict:
    copy = tmp_path / nwb.name
    copy.write_bytes(nwb.read_bytes())  # reports are written beside the file: keep the shared one clean
    # As the API shows it: the JSON form of the ValidationResult the action returns.
    return runtime.call(evaluation.EVALUATE, nwb_path=str(copy), version=version).model_dump(mode="json")


def pdf_text(path: Path) -> tuple[PdfReader, str]:
    reader = PdfReader(str(path))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


# --------------------------------------------------------------------------- file information


def test_file_info_of_real_recordings_has_what_they_hold_and_nothing_else(real_nwb) -> None:
    infos = {name: read_file_info(path) for name, path in real_nwb.items()}
    for name, info in infos.items():
        assert info.nwb_version and re.fullmatch(r"2\.\d+\.\d+", info.nwb_version), name
        assert info.identifier and info.file_size_bytes == real_nwb[name].stat().st_size
        assert info.session_start_time.startswith("2024-01-01T10:00:00+01:00"), name
        assert info.subject is None or info.subject.subject_id is None, name  # nothing invented

    legacy = infos["openephys_legacy"]
    [series] = legacy.acquisition
    assert series.neurodata_type == "ElectricalSeries" and series.shape[1] == 16 and series.dtype == "int16"
    assert legacy.electrode_count == 16 and legacy.temporal_coverage_s[1] > legacy.temporal_coverage_s[0]
    intan = infos["intan"]
    assert intan.electrode_count == 64 and intan.acquisition[0].shape == [17664, 64]
    assert intan.acquisition[0].bytes == 17664 * 64 * 2 and intan.duration_s == pytest.approx(0.8832)
    assert intan.devices[0]["manufacturer"] == "Intan"
    abf = infos["abf"]
    assert abf.electrode_groups == [] and abf.electrode_count is None  # icephys: no extracellular parts
    assert abf.acquisition[0].neurodata_type == "CurrentClampSeries" and abf.duration_s == pytest.approx(48.0)
    phy = infos["phy"]
    assert phy.acquisition == [] and phy.units_count == 295 and phy.devices == []
    assert 0 <= phy.temporal_coverage_s[0] < phy.temporal_coverage_s[1] <= 61
    edf = infos["edf"]
    assert edf.electrode_count == 19 and edf.duration_s == pytest.approx(247.0)


# --------------------------------------------------------------------------- FAILED: JSON correction context


def test_minimal_sample_fails_for_its_missing_subject_with_a_json_correction_context(
    runtime, sample_nwb, tmp_path
) -> None:
    result = evaluate(runtime, sample_nwb["minimal"], tmp_path)
    assert result["overall_status"] == "FAILED" and result["counts"]["CRITICAL"] == 1
    subject = next(i for i in result["issues"] if i["check_name"] == "check_subject_exists")
    assert subject["severity"] == "CRITICAL" and subject["category"] == "missing_metadata"
    assert subject["fix_kind"] == "ask" and subject["explanation"] and subject["how_to_fix"]
    assert result["completeness_score"] == pytest.approx(100 * 2 / 19, abs=0.05)
    json.dumps(result)  # JSON-serialisable as returned through the router

    state = runtime.store.snapshot()
    report = tmp_path / "sample_minimal_v1_correction_context.json"
    assert state.report_path == str(report) and state.validation_result.overall_status == OverallStatus.FAILED
    assert state.stages[StageName.REPORT_GENERATION].status == StageStatus.COMPLETED
    text = report.read_text()
    assert text.startswith('{\n  "session_id": "session-eval"')  # pretty-printed
    context = CorrectionContext.model_validate(json.loads(text))
    assert context.roadmap[0].fix_kind.value == "ask" and "check_subject_exists" in context.roadmap[0].issues
    assert "check_description" in context.auto_fixable and "check_subject_exists" in context.needs_user_input
    assert all(i.explanation and i.how_to_fix for i in context.issues)
    assert not (tmp_path / "sample_minimal_v1_evaluation_report.pdf").exists()

    # The written context is what /api/correction-context serves.
    served = runtime.call(evaluation.CORRECTION_CONTEXT).context
    assert served is not None and served.model_dump(mode="json") == json.loads(text)
    logged = json.loads((runtime.settings.log_dir / "session-eval" / "inspector_sample_minimal_v1.json").read_text())
    assert {m["check_function_name"] for m in logged} >= {"check_subject_exists", "check_institution"}

    # The importance → severity mapping on a real message, and counts that add up to the issues listed
    institution = next(i for i in result["issues"] if i["check_name"] == "check_institution")
    assert institution["importance"] == "BEST_PRACTICE_SUGGESTION" and institution["severity"] == "BEST_PRACTICE"
    assert institution["category"] == "missing_metadata" and institution["fix_kind"] == "ask"
    by_category: dict[str, int] = {}
    for issue in result["issues"]:
        by_category[issue["category"]] = by_category.get(issue["category"], 0) + 1
    assert result["counts_by_category"] == by_category
    crashes = by_category.get("inspector_internal", 0)
    assert sum(result["counts"].values()) + crashes == len(result["issues"])


# --------------------------------------------------------------------------- PASSED: PDF report


def test_full_metadata_passes_with_a_pdf_report_read_back(runtime, sample_nwb, tmp_path) -> None:
    result = evaluate(runtime, sample_nwb["full"], tmp_path)
    assert result["overall_status"] in ("PASSED", "PASSED_WITH_ISSUES"), result["issues"]
    assert result["counts"]["CRITICAL"] == result["counts"]["ERROR"] == 0
    report = tmp_path / "sample_full_v1_evaluation_report.pdf"
    assert runtime.store.snapshot().report_path == str(report)

    reader, text = pdf_text(report)
    positions = [text.find(section) for section in SECTIONS]
    assert all(p >= 0 for p in positions) and positions == sorted(positions), dict(
        zip(SECTIONS, positions, strict=False)
    )
    assert {"PASSED": "PASSED", "PASSED_WITH_ISSUES": "PASSED WITH ISSUES"}[result["overall_status"]] in text
    for value in (
        "sample_full_v1.nwb",
        "2.",
        FULL_METADATA["subject_id"],
        "Mus musculus",
        "Smith, Jane",
        "ElectricalSeriesAP",
        "90000 × 32",
        "What it means",
        "Why it matters",
        "How to fix it",
        "score = 100 ×",
        "No correction was needed",
    ):
        assert value in text, value
    assert TRICKY_LAB in text  # user text escaped, shown literally
    pages = len(reader.pages)
    assert f"Page 1 of {pages}" in text and f"Page {pages} of {pages}" in text
    images = [image for page in reader.pages for image in page.images]
    assert len(images) == 1 and images[0].image.width >= 800  # the data preview, at print resolution


def test_correction_history_renders_with_one_and_several_attempts(runtime, sample_nwb, tmp_path) -> None:
    evaluate(runtime, sample_nwb["full"], tmp_path, version=3)
    attempts = [
        CorrectionAttempt(
            attempt=1,
            version=2,
            fixes_applied=[
                AppliedFix(
                    check_name="check_subject_species_form",
                    field="species",
                    old_value="mouse",
                    new_value="Mus musculus",
                    reason="Common name translated to the Latin binomial",
                )
            ],
            user_input={"subject_id": "m042"},
            status_after=OverallStatus.FAILED,
        ),
        CorrectionAttempt(
            attempt=2,
            version=3,
            user_input={"electrode_location": "VISp", "keywords": ["V1", "ephys"]},
            status_after=OverallStatus.PASSED_WITH_ISSUES,
        ),
        CorrectionAttempt(attempt=3),
    ]
    report = Path(runtime.store.snapshot().report_path)
    for count in (1, 3):
        runtime.store.update("test", "history", correction_history=attempts[:count])
        runtime.call(evaluation.GENERATE_REPORT)
        _, text = pdf_text(report)
        assert f"{count} correction attempt" in text
        assert "Attempt 1 → v2" in text and "Mus musculus" in text and "Common name translated" in text
        assert ("Attempt 3" in text and "Attempt 2 → v3" in text and "V1; ephys" in text) == (count == 3)


# --------------------------------------------------------------------------- figures


def test_preview_figures_for_intracellular_and_sorting_only_files(real_nwb) -> None:
    patch = figures.data_preview(real_nwb["abf"])
    assert patch.png.startswith(b"\x89PNG") and "CurrentClampSeries" in patch.caption and " mV" in patch.caption
    sorting = figures.data_preview(real_nwb["phy"])
    assert sorting.png.startswith(b"\x89PNG") and "295 units" in sorting.caption
    intan = figures.data_preview(real_nwb["intan"])
    assert "RMS of all 64 channels" in intan.caption and "µV" in intan.caption


# --------------------------------------------------------------------------- through the API


def test_api_serves_issues_report_and_correction_context(sample_run, tmp_path) -> None:
    from fastapi.testclient import TestClient

    from agentic_neurodata.api.app import create_app
    from tests.support.server import multipart_files, wait_until

    with TestClient(create_app(make_settings(tmp_path))) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202
        wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert client.post("/api/user-input", json={"message": "just convert it"}).status_code == 200
        wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert client.post("/api/user-input", json={"message": "EST"}).status_code == 200  # the start time's zone
        status = wait_until(
            lambda: client.get("/api/status").json(),
            lambda s: s["status"] in ("awaiting_user_input", "completed", "failed"),
        )
        assert status["overall_status"] == "FAILED" and status["report_available"]
        assert status["report_name"].endswith("_v1_correction_context.json")
        assert [s["status"] for s in status["stages"]] == ["completed", "completed", "completed"]
        assert all(i["explanation"] and i["how_to_fix"] for i in status["issues"])
        assert status["completeness_score"] is not None and status["file_info"]["electrode_count"] == 32
        context = client.get("/api/correction-context")
        assert context.status_code == 200
        body = CorrectionContext.model_validate(context.json())
        assert body.roadmap and body.needs_user_input[0] == "check_subject_exists"
        download = client.get("/api/download/report")
        assert download.status_code == 200 and download.headers["content-type"].startswith("application/json")
        assert CorrectionContext.model_validate(download.json()).nwb_file == body.nwb_file


# --------------------------------------------------------------------------- what goes wrong


def test_an_unreadable_file_fails_with_a_context_that_says_so(runtime, tmp_path) -> None:
    broken = tmp_path / "broken_v1.nwb"
    broken.write_bytes(b"\x89HDF\r\n not really")
    result = runtime.call(evaluation.EVALUATE, nwb_path=str(broken), version=1).model_dump(mode="json")
    assert result["overall_status"] == "FAILED" and not result["readable"] and result["file_info"] is None
    context = CorrectionContext.model_validate_json((tmp_path / "broken_v1_correction_context.json").read_text())
    assert "could not be read by PyNWB" in context.summary
    assert context.issues[0].check_name == "pynwb_read_error"


def test_a_report_that_cannot_be_written_keeps_the_evaluation_and_serves_no_stale_report(
    runtime, sample_nwb, tmp_path
) -> None:
    evaluate(runtime, sample_nwb["full"], tmp_path, version=1)
    report = Path(runtime.store.snapshot().report_path)
    assert report.is_file()
    # A folder where the report must go: the PDF (written in a worker process) cannot replace it.
    report.unlink()
    report.mkdir()
    (report / "keep").write_text("x")
    result = evaluate(runtime, sample_nwb["full"], tmp_path, version=2)
    state = runtime.store.snapshot()
    assert result["overall_status"] == state.validation_result.overall_status.value
    assert state.report_path is None
    stage = state.stages[StageName.REPORT_GENERATION]
    assert stage.status == StageStatus.FAILED and "Directory" in stage.message


def test_inspecting_the_file_already_read_finds_what_nwb_inspector_finds_reading_it_itself(
    sample_nwb, real_nwb
) -> None:
    """check_file hands NWB Inspector the NWBFile it read (one read, not two); the findings, PyNWB's
    validation included, must be those of NWB Inspector's own inspect_nwbfile on every kind of file."""
    from agentic_neurodata.agents.evaluation.file_info import open_nwb
    from agentic_neurodata.agents.evaluation.inspection import run_inspector

    for path in [sample_nwb["minimal"], sample_nwb["full"], *real_nwb.values()]:
        _, on_its_own = run_inspector(path)
        with open_nwb(path) as (nwbfile, _version):
            _, on_ours = run_inspector(path, nwbfile)
        assert on_its_own, path  # every one of these files has findings: the comparison is not empty
        assert sorted(on_ours, key=str) == sorted(on_its_own, key=str), path
