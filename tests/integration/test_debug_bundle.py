"""Diagnosable (issue 16, point 3): a failed conversion keeps its full traceback (the worker
process's too) in the session's log, never on the user's screen, and the debug bundle (HTTP and
command line) holds it with the state and environment, secrets redacted, no recording or NWB bytes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow
TOKEN = "bundle-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        return {name: bundle.read(name) for name in bundle.namelist()}


def tracebacks(events: bytes) -> list[dict]:
    records = [json.loads(line) for line in events.decode().splitlines() if line.strip()]
    return [r for r in records if r.get("kind") == "traceback"]


def test_the_bundle_of_a_failed_conversion_holds_the_traceback_and_no_recording_bytes(
    tmp_path: Path, sample_run: Path
) -> None:
    settings = make_settings(tmp_path, api_token=TOKEN)
    with TestClient(create_app(settings), headers=AUTH) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202
        session_id = client.get("/api/status").json()["session_id"]
        asked = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert asked["pending_request"]["type"] == "metadata"
        # The recording is cut short on disk after it was detected (an interrupted copy, a failing disk):
        # the reader fails inside the conversion's worker process.
        recording = next((Path(settings.upload_dir) / session_id).rglob("*.ap.bin"))
        original = recording.read_bytes()
        os.truncate(recording, len(original) // 2 + 1)
        assert client.post("/api/user-input", json={"fields": FULL_METADATA}).status_code == 200
        failed = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert failed["status"] == "failed" and failed["failure"]["reason"] == "conversion_failed"
        error_id = failed["failure"]["error_id"]
        shown = json.dumps(failed) + client.get("/api/logs").text
        assert "Traceback (most recent call last)" not in shown  # never on the user's screen

        response = client.get("/api/debug-bundle")
        assert response.status_code == 200 and response.headers["content-type"] == "application/zip"
        assert f"debug-bundle-{session_id}.zip" in response.headers["content-disposition"]
        bundle = members(response.content)

    failures = tracebacks(bundle["logs/events.jsonl"])
    mine = [r for r in failures if r["error_id"] == error_id]
    assert mine, failures
    assert "Traceback (most recent call last)" in mine[0]["traceback"]
    assert "run_conversion" in mine[0]["worker_traceback"]  # the worker process's own stack
    assert {"README.txt", "environment.json", "session/state.json", "session/versions.json"} <= set(bundle)
    environment = json.loads(bundle["environment.json"])
    assert environment["packages"]["neuroconv"] and environment["settings"]["api_token"] == "set"
    state = json.loads(bundle["session/state.json"])
    assert state["session_id"] == session_id and state["failure"]["error_id"] == error_id
    # No recording or NWB bytes, and no secret, anywhere inside.
    assert not [name for name in bundle if name.endswith((".bin", ".nwb", ".pdf", ".meta"))]
    probe = original[len(original) // 3 : len(original) // 3 + 64]
    for name, content in bundle.items():
        assert probe not in content, name
        assert TOKEN.encode() not in content, name
    assert sum(len(c) for c in bundle.values()) < 5 * 1024 * 1024

    # The same bundle from the command line, with the service stopped.
    target = tmp_path / "bundle.zip"
    done = subprocess.run(
        [sys.executable, "-m", "agentic_neurodata.cli", "debug-bundle", "--output", str(target)],
        cwd=tmp_path,
        env={
            **os.environ,
            "LOG_DIR": str(settings.log_dir),
            "UPLOAD_DIR": str(settings.upload_dir),
            "OUTPUT_DIR": str(settings.output_dir),
            "STATE_DIR": str(settings.state_dir),
            "API_TOKEN": TOKEN,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert session_id in done.stdout and "no recording or NWB data" in done.stdout
    from_cli = members(target.read_bytes())
    assert any(r["error_id"] == error_id for r in tracebacks(from_cli["logs/events.jsonl"]))


def test_no_session_no_bundle(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        response = client.get("/api/debug-bundle")
        assert response.status_code == 404 and "no session yet" in response.json()["message"]
        assert client.get("/api/debug-bundle", params={"session_id": "../../etc"}).status_code == 422
