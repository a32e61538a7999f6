"""The real path through the API: upload -> NeuroConv -> PyNWB + NWB Inspector -> status/download/ws."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient
from pynwb import NWBHDF5IO

from agentic_neurodata.api.app import create_app
from agentic_neurodata.sample_data import SampleSpec, read_sample_ap, uv_per_bit, write_sample_spikeglx
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, SAMPLE_SPEC, make_settings

pytestmark = pytest.mark.slow


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


def status_of(client: TestClient) -> dict:
    response = client.get("/api/status")
    assert response.status_code == 200
    return response.json()


def settled(status: dict) -> bool:
    return status["status"] in ("awaiting_user_input", "completed", "failed")


def convert_without_metadata(client: TestClient) -> dict:
    """Answer the metadata questions with 'just convert it' and wait for the evaluation."""
    asked = wait_until(lambda: status_of(client), settled)
    assert asked["pending_request"]["type"] == "metadata"
    reply = client.post("/api/user-input", json={"message": "just convert it, skip the questions"})
    assert reply.status_code == 200, reply.text
    zone = wait_until(lambda: status_of(client), settled)
    assert [f["name"] for f in zone["pending_request"]["fields"]] == ["session_start_time"]
    assert client.post("/api/user-input", json={"message": "EST"}).status_code == 200
    return wait_until(lambda: status_of(client), settled)


def test_minimal_upload_converts_and_is_failed_for_missing_subject(
    client: TestClient, sample_run: Path, tmp_path: Path
) -> None:
    response = client.post("/api/upload", files=multipart_files(sample_run))
    assert response.status_code == 202, response.text
    body = response.json()
    assert body["files"] == 4 and body["session_id"]

    status = convert_without_metadata(client)
    assert status["overall_status"] == "FAILED"
    assert status["validation_details"]["CRITICAL"] >= 1
    checks = {(i["check_name"], i["severity"]) for i in status["issues"]}
    assert ("check_subject_exists", "CRITICAL") in checks
    assert [s["status"] for s in status["stages"][:2]] == ["completed", "completed"]
    assert status["detected_format"]["interface"] == "SpikeGLXConverterPipe"
    [version] = status["versions"]
    assert version["version"] == 1 and len(version["sha256"]) == 64

    download = client.get("/api/download/nwb")
    assert download.status_code == 200
    assert download.headers["content-disposition"].endswith('sample_run_g0_v1.nwb"')
    nwb_path = tmp_path / "downloaded.nwb"
    nwb_path.write_bytes(download.content)
    import hashlib

    assert hashlib.sha256(download.content).hexdigest() == version["sha256"]
    expected = read_sample_ap(sample_run, SAMPLE_SPEC.n_channels)
    with NWBHDF5IO(str(nwb_path), "r") as io:
        nwbfile = io.read()
        series = nwbfile.acquisition["ElectricalSeriesAP"]
        assert series.data.shape == expected.shape
        assert series.rate == SAMPLE_SPEC.ap_rate_hz
        np.testing.assert_array_equal(series.data[:], expected)
        assert series.conversion == pytest.approx(uv_per_bit(500) * 1e-6, rel=1e-6)
        assert nwbfile.subject is None


def test_full_metadata_is_written_and_the_file_is_not_failed(client: TestClient, sample_run: Path) -> None:
    data = dict(FULL_METADATA)
    response = client.post("/api/upload", files=multipart_files(sample_run), data=data)
    assert response.status_code == 202, response.text
    status = wait_until(lambda: status_of(client), settled)
    assert status["overall_status"] in ("PASSED", "PASSED_WITH_ISSUES"), status["issues"]
    info = status["file_info"]
    assert info["subject"]["species"] == "Mus musculus" and info["subject"]["subject_id"] == "m042"
    assert info["session_start_time"].startswith("2024-03-05T14:30:00-05:00")
    assert info["experimenter"] == ["Smith, Jane"]
    assert {g["location"] for g in info["electrode_groups"]} == {"VISp"}


def test_second_upload_while_busy_is_409_and_the_first_session_is_untouched(
    client: TestClient, sample_run: Path
) -> None:
    first = client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA)
    assert first.status_code == 202
    second = client.post("/api/upload", files=multipart_files(sample_run))
    assert second.status_code == 409
    body = second.json()
    assert body["error_code"] == "busy" and body["error_id"].startswith("E-") and "busy" in body["message"]
    status = wait_until(lambda: status_of(client), settled)
    assert status["session_id"] == first.json()["session_id"]
    assert len(status["versions"]) == 1


def test_health_answers_fast_while_a_conversion_runs(tmp_path: Path) -> None:
    big = write_sample_spikeglx(tmp_path / "big", SampleSpec(n_channels=64, duration_s=30.0))
    with TestClient(create_app(make_settings(tmp_path / "svc"))) as client:
        assert client.post("/api/upload", files=multipart_files(big), data=FULL_METADATA).status_code == 202
        latencies = []
        while not settled(status_of(client)):
            if status_of(client)["stages"][0]["status"] == "in_progress":
                started = time.perf_counter()
                assert client.get("/health").status_code == 200
                latencies.append(time.perf_counter() - started)
            time.sleep(0.05)
        assert latencies, "the conversion finished before /health could be probed"
        assert max(latencies) < 0.5  # generous bound: catches a blocked event loop (target 100 ms)


def test_websocket_receives_every_state_change(client: TestClient, sample_run: Path) -> None:
    events: list[dict] = []
    with client.websocket_connect("/ws") as ws:
        hello = ws.receive_json()
        assert hello["metadata"]["snapshot"]["status"] == "idle"
        assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
        while True:
            event = ws.receive_json()
            events.append(event)
            if event["type"] == "awaiting_input" or event["status"] == "completed":
                break
    types = [e["type"] for e in events]
    assert "stage_update" in types and "progress" in types
    stages = [(e["stage"], e["message"]) for e in events if e["type"] == "stage_update"]
    assert any(stage == "conversion" for stage, _ in stages) and any(stage == "evaluation" for stage, _ in stages)
    assert all({"type", "message", "stage", "status", "timestamp", "metadata"} <= set(e) for e in events)
    assert all({"correction_attempt", "next_action", "pending_request"} <= set(e["metadata"]) for e in events)
    assert events[-1]["metadata"]["next_action"] in ("improvement_approval", "download")


def test_agents_info_and_logs_endpoints(client: TestClient) -> None:
    agents = {a["name"]: [c["action"] for c in a["capabilities"]] for a in client.get("/api/agents").json()}
    assert {
        "start_conversion",
        "handle_user_input",
        "handle_validation_result",
        "handle_correction",
        "accept_as_is",
        "cancel",
    } <= set(agents["conversation_agent"])
    assert {"detect_format", "convert"} <= set(agents["conversion_agent"])
    assert {"evaluate"} <= set(agents["evaluation_agent"])
    info = client.get("/api/info").json()
    assert info["llm_provider"] == "offline" and info["neuroconv_version"].startswith("0.10")
    assert "SpikeGLXConverterPipe" in info["supported_formats"]
    assert client.get("/api/logs", params={"level": "INFO"}).status_code == 200


def test_errors_are_json_with_an_error_id(client: TestClient) -> None:
    for response in (
        client.get("/api/download/nwb"),
        client.get("/nope/api"),
        client.post("/api/retry-approval", json={}),
        client.post("/api/upload", content=b"x", headers={"content-type": "text/plain"}),
    ):
        body = response.json()
        assert response.status_code in (404, 422), response.text
        assert set(body) == {"error_code", "message", "error_id", "details"}
        assert body["message"]


def test_empty_upload_is_refused_and_leaves_no_session(client: TestClient, tmp_path: Path) -> None:
    response = client.post("/api/upload", data={"subject_id": "m1"}, files=[("unused", ("", b"", "text/plain"))])
    assert response.status_code == 422
    assert "no files" in response.json()["message"] or "files" in response.json()["message"]
    assert status_of(client)["status"] == "idle"
    uploads = tmp_path / "uploads"
    assert not any(uploads.iterdir()) if uploads.exists() else True


def test_approve_makes_a_new_version_and_decline_ends_failed(client: TestClient, sample_run: Path) -> None:
    assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202
    status = convert_without_metadata(client)
    assert status["pending_request"]["type"] == "retry_approval"
    assert client.post("/api/retry-approval", json={"approved": True}).status_code == 200
    asked = wait_until(lambda: status_of(client), settled)
    assert asked["pending_request"]["type"] == "user_input"
    assert (
        client.post(
            "/api/user-input", json={"skip": [f["name"] for f in asked["pending_request"]["fields"]]}
        ).status_code
        == 200
    )
    status = wait_until(lambda: status_of(client), lambda s: settled(s) and len(s["versions"]) == 2)
    assert status["correction_attempt"] == 1
    v1, v2 = status["versions"]
    assert Path(v1["path"]).exists() and Path(v2["path"]).name.endswith("_v2.nwb")
    assert client.get("/api/download/nwb/v1").status_code == 200
    assert client.get("/api/download/nwb/v3").status_code == 404
    response = client.post("/api/retry-approval", json={"approved": False})
    assert response.status_code == 200
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("failed", "failed_user_declined")
    again = client.post("/api/retry-approval", json={"approved": True})
    assert again.status_code == 409 and again.json()["error_code"] == "invalid_state"


def test_passed_with_issues_can_be_accepted_as_is(client: TestClient, sample_run: Path) -> None:
    assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
    status = wait_until(lambda: status_of(client), settled)
    # FULL_METADATA has no subject or device description: two best-practice suggestions remain.
    assert status["overall_status"] == "PASSED_WITH_ISSUES" and status["validation_status"] is None
    assert {i["severity"] for i in status["issues"]} == {"BEST_PRACTICE"}
    assert status["pending_request"]["type"] == "improvement_approval"
    assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": True}).status_code == 200
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("completed", "passed_accepted")


def test_cancel_returns_to_idle_and_keeps_versions(client: TestClient, sample_run: Path) -> None:
    assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
    wait_until(lambda: status_of(client), settled)
    response = client.post("/api/cancel")
    assert response.status_code == 200 and response.json()["status"] == "idle"
    status = status_of(client)
    assert status["status"] == "idle" and len(status["versions"]) == 1
    assert client.get("/api/download/nwb/v1").status_code == 200
    assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202  # free again


def test_each_version_serves_its_neuroconv_specification_and_metadata(client: TestClient, sample_run: Path) -> None:
    import yaml

    assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
    wait_until(lambda: status_of(client), settled)
    spec = client.get("/api/download/nwb/v1/specification")
    assert spec.status_code == 200 and spec.headers["content-type"].startswith("application/yaml")
    assert "data_interfaces" in yaml.safe_load(spec.text) or "experiments" in yaml.safe_load(spec.text)
    metadata = yaml.safe_load(client.get("/api/download/nwb/v1/metadata").text)
    assert metadata["Subject"]["subject_id"] == "m042"
    assert client.get("/api/download/nwb/v1/other").status_code == 422
    assert client.get("/api/download/nwb/v9/metadata").status_code == 404
