"""Failures are said (issue 16, point 6): a failing remote model is announced in the chat once, with its
error id, and the status carries it; text HDF5 cannot store (a NUL in an Intan channel name) is cleaned
by an automatic, logged fix that keeps the original, instead of ending the session."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pynwb import NWBHDF5IO

from agentic_neurodata.api.app import create_app
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import write_sample_intan
from tests.support.llm_fakes import FakeAnthropic, status
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow
ANNOUNCED = "could not be used (error id E-"


def settle(client: TestClient) -> dict:
    return wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing", timeout=180)


def test_a_failing_remote_model_is_announced_once_with_its_error_id(tmp_path: Path, sample_run: Path) -> None:
    fake = FakeAnthropic(*[status(500)] * 200)
    settings = make_settings(tmp_path, llm_provider="anthropic", anthropic_api_key="sk-ant-test-0123456789abcdef")
    runtime = build_runtime(settings, llm=fake.service(tmp_path / "llm-logs", max_retries=0))
    with TestClient(create_app(settings, runtime=runtime)) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
        deciding = settle(client)  # the proposal and the report were worded offline after the model failed
        failure = deciding["model_failure"]
        assert failure, (deciding["status"], deciding["failure"], deciding["conversation"][-3:])
        assert failure["error_code"] == "llm_unavailable" and failure["error_id"].startswith("E-")
        said = [turn["text"] for turn in deciding["conversation"] if ANNOUNCED in turn["text"]]
        assert len(said) == 1 and failure["error_id"] in said[0] and "anthropic" in said[0]
        assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": True}).status_code == 200
        final = client.get("/api/status").json()
        assert final["model_failure"]["error_id"] == failure["error_id"]  # said once, still carried
        assert all(ANNOUNCED not in turn["text"] for turn in final["conversation"])
    assert fake.requests, "the model was called"


def test_text_hdf5_cannot_store_is_cleaned_by_a_logged_automatic_fix(tmp_path: Path) -> None:
    # A real Intan header lets people rename channels; a NUL copied into a name made NeuroConv fail with
    # "VLEN strings do not support embedded NULLs" and ended the session as conversion_failed.
    recording = write_sample_intan(tmp_path / "rec" / "intan_run", custom_names={0: "Tet\x001 é", 5: "A\x07bell"})
    parts = [("files", (f"intan_run/{recording.name}", recording.read_bytes(), "application/octet-stream"))]
    with TestClient(create_app(make_settings(tmp_path / "svc"))) as client:
        assert client.post("/api/upload", files=parts, data=FULL_METADATA).status_code == 202
        deciding = settle(client)
        assert deciding["failure"] is None and deciding["versions"], deciding["failure"]
        version = deciding["versions"][0]
        assert any("Cleaned text HDF5 cannot store" in fix for fix in version["writing_fixes"])
        said = " ".join(turn["text"] for turn in deciding["conversation"])
        assert "'Tet\\x001 é' → 'Tet1 é'" in said
        logged = [e for e in client.get("/api/logs", params={"level": "WARNING"}).json()["entries"]]
        assert any("Cleaned text HDF5 cannot store" in e["message"] for e in logged)
        assert deciding["pending_request"]["type"] in ("improvement_approval", "retry_approval")
        accept = deciding["overall_status"] == "PASSED_WITH_ISSUES"
        assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": accept}).status_code == 200
        ending = client.get("/api/status").json()["ending"]
        fixes = [i for i in ending["items"] if i["decision"] == "fixed" and i["decided_by"] == "automatic"]
        assert any("Cleaned text HDF5 cannot store" in i["what"] for i in fixes)
    with NWBHDF5IO(version["path"], "r") as io:
        electrodes = io.read().electrodes
        names, originals = list(electrodes["channel_name"][:]), list(electrodes["channel_name_original"][:])
        assert names[0] == "Tet1 é" and originals[0] == "Tet\\x001 é"
        assert names[5] == "Abell" and originals[5] == "A\\x07bell"
        assert names[1] == originals[1] == "A-001"  # untouched names are kept as they were
        assert "escapes" in electrodes["channel_name_original"].description
