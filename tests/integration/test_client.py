"""The Python client against a live server, as a lab script uses it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from agentic_neurodata.client import Client, ServiceError
from tests.support.server import LiveServer
from tests.support.settings import FULL_METADATA

pytestmark = pytest.mark.slow


def test_client_converts_a_folder_and_downloads_it(tmp_path: Path, sample_run: Path) -> None:
    server = LiveServer(tmp_path / "svc", env={"API_TOKEN": "lab-token-1234"}).start()
    try:
        with pytest.raises(ServiceError) as refused:
            Client(server.url).status()
        assert refused.value.status_code == 401

        seen: list[str] = []
        with Client(server.url, token="lab-token-1234") as client:
            session = client.upload_folder(sample_run, FULL_METADATA)
            status = client.wait(progress=lambda s: seen.append(s["status"]))
            assert status["session_id"] == session and seen[-1] == status["status"]
            with pytest.raises(ServiceError) as busy:
                client.upload_folder(sample_run)
            assert busy.value.status_code == 409 and busy.value.error_code == "busy"
            if status["pending_request"]:
                client.accept()
            final = client.status()
            assert final["status"] == "completed"
            path = client.download(tmp_path)
            assert path.name == "sample_run_g0_v1.nwb"
            assert hashlib.sha256(path.read_bytes()).hexdigest() == final["versions"][0]["sha256"]
            with pytest.raises(ServiceError) as missing:
                client.download(tmp_path / "x.nwb", version=7)
            assert missing.value.status_code == 404
    finally:
        server.stop()
