"""Through the API: a needed choice becomes a format_selection request; the answer converts only it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pynwb import NWBHDF5IO

from agentic_neurodata.api.app import create_app
from agentic_neurodata.sample_data import write_sample_intan, write_sample_spikeglx
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow


def test_two_recordings_that_cannot_share_a_file_are_offered_and_the_chosen_one_is_converted(tmp_path: Path) -> None:
    upload = tmp_path / "mixed"
    write_sample_spikeglx(upload)
    write_sample_intan(upload)
    with TestClient(create_app(make_settings(tmp_path / "svc"))) as client:
        assert client.post("/api/upload", files=multipart_files(upload), data=FULL_METADATA).status_code == 202
        status = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        pending = status["pending_request"]
        # NeuroConv cannot fill SpikeGLX's integer electrode columns for Intan's rows: no "together" option.
        assert pending["type"] == "format_selection"
        assert "2 recordings that NeuroConv cannot write into one NWB file" in pending["message"]
        assert [o["value"] for o in pending["options"]] == ["SpikeGLXConverterPipe", "IntanConverter"]
        assert all(o["description"] for o in pending["options"])
        answer = client.post("/api/user-input", json={"fields": {"format": "IntanConverter"}})
        assert answer.status_code == 200, answer.text
        status = wait_until(
            lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing" and s["versions"]
        )
        assert status["detected_format"]["interface"] == "IntanConverter"
        with NWBHDF5IO(status["versions"][0]["path"], "r") as io:
            assert io.read().acquisition["ElectricalSeries"].data.shape[1] == 16


def test_what_the_files_know_is_in_the_status(tmp_path: Path, sample_run: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path / "svc"))) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
        status = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        known = status["extracted_metadata"]
        assert (known["sampling_rate_hz"], known["channel_count"], known["dtype"]) == (30000.0, 32, "int16")
        assert known["session_start_time"] == "2024-03-05T14:30:00" and not known["session_start_time_has_timezone"]
        # What the user typed wins over the file: the zone-less header time was replaced by the user's.
        assert status["file_info"]["session_start_time"].startswith("2024-03-05T14:30:00-05:00")
        assert status["detected_format"]["files"] and status["detected_format"]["confidence"] == 1.0
