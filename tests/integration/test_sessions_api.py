"""Sessions and disk (issue 16, point 4): every session on disk is listed with the bytes it uses, an
earlier one is re-opened to download its files, one is deleted (never the running one) and the others
are left untouched; KEEP_UPLOADS=unfinished frees the upload of a finished session."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.sessions import folder_bytes
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow


def settle(client: TestClient) -> dict:
    return wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing", timeout=180)


def start(client: TestClient, folder: Path, metadata: dict[str, str]) -> dict:
    response = client.post("/api/upload", files=multipart_files(folder), data=metadata)
    assert response.status_code == 202, response.text
    return settle(client)


def fingerprint(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_sessions_are_listed_reopened_and_deleted_leaving_the_others_untouched(
    tmp_path: Path, sample_run: Path
) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        first = start(client, sample_run, FULL_METADATA)
        assert first["pending_request"]["type"] == "improvement_approval"
        assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": True}).status_code == 200
        earlier_id = first["session_id"]
        running = start(client, sample_run, {})  # no metadata: it waits for an answer
        assert running["status"] == "awaiting_user_input"
        running_id = running["session_id"]

        listing = client.get("/api/sessions").json()
        assert [s["session_id"] for s in listing["sessions"]] == [running_id, earlier_id]  # newest first
        assert listing["current_session_id"] == running_id
        earlier = listing["sessions"][1]
        uploads, outputs = Path(settings.upload_dir) / earlier_id, Path(settings.output_dir) / earlier_id
        recording_bytes = sum(p.stat().st_size for p in sample_run.rglob("*") if p.is_file())
        assert earlier["upload_bytes"] == folder_bytes(uploads) == recording_bytes
        assert earlier["output_bytes"] == folder_bytes(outputs) > 0 and earlier["log_bytes"] > 0
        assert earlier["upload_name"] == sample_run.name and earlier["versions"] == 1
        assert earlier["validation_status"] == "passed_accepted" and not earlier["running"]
        assert earlier["final_status"].startswith("Accepted as is by you: valid with")
        current = listing["sessions"][0]
        assert current["running"] and current["current"] and current["status"] == "awaiting_user_input"
        assert listing["total_bytes"] == sum(
            s["upload_bytes"] + s["output_bytes"] + s["log_bytes"] for s in listing["sessions"]
        )

        # Re-opened while another session runs: its files are still one request away.
        detail = client.get(f"/api/sessions/{earlier_id}").json()
        v1 = detail["versions_list"][0]
        nwb = client.get(f"/api/sessions/{earlier_id}/download/nwb/v1")
        assert nwb.status_code == 200 and hashlib.sha256(nwb.content).hexdigest() == v1["sha256"]
        assert nwb.headers["content-type"] == "application/x-nwb"
        report = client.get(f"/api/sessions/{earlier_id}/download/report")
        assert report.content.startswith(b"%PDF") and detail["report_available"]
        assert client.get(f"/api/sessions/{earlier_id}/download/nwb/v1/specification").status_code == 200
        assert client.get(f"/api/sessions/{earlier_id}/download/nwb/v9").status_code == 404

        refused = client.delete(f"/api/sessions/{running_id}")
        assert refused.status_code == 409 and "cancel it first" in refused.json()["message"]

        others = fingerprint(Path(settings.upload_dir) / running_id)
        deleted = client.delete(f"/api/sessions/{earlier_id}")
        assert deleted.status_code == 200, deleted.text
        assert deleted.json()["removed"] == ["uploads", "outputs", "logs"]
        assert deleted.json()["freed_bytes"] == earlier["upload_bytes"] + earlier["output_bytes"] + earlier["log_bytes"]
        for root in (settings.upload_dir, settings.output_dir, settings.log_dir):
            assert not (Path(root) / earlier_id).exists()
        assert fingerprint(Path(settings.upload_dir) / running_id) == others
        assert (Path(settings.log_dir) / running_id / "events.jsonl").is_file()
        assert [s["session_id"] for s in client.get("/api/sessions").json()["sessions"]] == [running_id]
        assert client.get("/api/status").json()["status"] == "awaiting_user_input"  # the running one goes on
        assert client.get(f"/api/sessions/{earlier_id}").status_code == 404
        assert client.delete(f"/api/sessions/{earlier_id}").status_code == 404
        assert client.get("/api/sessions/..%2Fstate").status_code in (404, 422)


def test_the_current_finished_session_can_be_deleted_and_the_service_forgets_it(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        response = client.post("/api/upload", files={"files": ("notes/readme.txt", b"no recording here")})
        failed = settle(client)  # nothing reads a text file: the session fails on its format
        assert failed["status"] == "failed" and failed["failure"]["reason"] == "format_not_detected"
        session_id = response.json()["session_id"]
        listed = client.get("/api/sessions").json()["sessions"]
        assert listed[0]["session_id"] == session_id and not listed[0]["running"]
        assert client.delete(f"/api/sessions/{session_id}").status_code == 200
        status = client.get("/api/status").json()
        assert status["status"] == "idle" and status["session_id"] is None
        assert client.get("/api/sessions").json()["sessions"] == []


def test_keep_uploads_unfinished_frees_the_upload_of_a_finished_session(tmp_path: Path, sample_run: Path) -> None:
    settings = make_settings(tmp_path, keep_uploads="unfinished")
    with TestClient(create_app(settings)) as client:
        status = start(client, sample_run, FULL_METADATA)
        uploads = Path(settings.upload_dir) / status["session_id"]
        assert uploads.is_dir()  # still deciding: kept
        assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": True}).status_code == 200
        wait_until(lambda: uploads.exists(), lambda exists: not exists, timeout=30)
        session = client.get("/api/sessions").json()["sessions"][0]
        assert session["upload_bytes"] == 0 and session["output_bytes"] > 0
        assert client.get(f"/api/sessions/{session['session_id']}/download/nwb/v1").status_code == 200
        logs = client.get("/api/logs").json()["entries"]
        assert any("KEEP_UPLOADS=unfinished" in e["message"] for e in logs)
