"""Batches through the REST API and the Python client, against a live server: a parent folder read in
place, a bad sessions table refused with every bad row, the table and shared values set, the batch
run on the server's embedded Dask cluster with `batch` events on /ws, its files downloaded."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from websockets.sync.client import connect

from agentic_neurodata.client import Client, ServiceError
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx
from tests.support.paths import REALDATA
from tests.support.server import LiveServer

pytestmark = pytest.mark.slow


def _experiment(root: Path) -> Path:
    parent = root / "experiment"
    write_sample_spikeglx(parent / "m1" / "day1", SampleSpec(n_channels=4, duration_s=0.5))
    (parent / "m2" / "day1").mkdir(parents=True)
    os.symlink(REALDATA / "intan" / "example_intan_file.rhd", parent / "m2" / "day1" / "session.rhd")
    return parent


def test_a_batch_through_the_api_and_the_client(tmp_path: Path) -> None:
    parent = _experiment(tmp_path)
    server = LiveServer(tmp_path / "svc", env={"BATCH_WORKERS": "1", "BATCH_FOLDERS": str(tmp_path)}).start()
    events: list[dict] = []
    try:
        stop = threading.Event()

        def listen() -> None:
            with connect(server.url.replace("http", "ws") + "/ws", open_timeout=30) as socket:
                while not stop.is_set():
                    try:
                        event = json.loads(socket.recv(timeout=0.5))
                    except TimeoutError:
                        continue
                    if event.get("type") == "batch":
                        events.append(event)

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        with Client(server.url, timeout=120) as client:
            with pytest.raises(ServiceError, match="BATCH_FOLDERS"):
                client.create_batch(tmp_path.parent)  # outside the folders the service may read in place
            # One session per subject: the tree alone cannot tell subjects from sessions, so the pattern is given.
            created = client.create_batch(
                parent,
                pattern="{subject_id}/{session_id}",
                shared={"species": "mouse", "timezone": "America/New_York"},
            )
            batch_id = created["batch"]["batch_id"]
            found = client.wait_batch(batch_id, interval=0.3)
            assert found["batch"]["status"] == "draft"
            assert [s["folder"] for s in found["batch"]["sessions"]] == ["m1/day1", "m2/day1"]
            assert found["columns"][:3] == ["folder", "subject_id", "session_id"]
            assert "sex" in found["missing"]["m1-day1"][0] or any("sex" in m for m in found["missing"]["m1-day1"])

            with pytest.raises(ServiceError) as refused:
                client.set_batch_table(
                    batch_id,
                    [
                        {"folder": "m1/day1", "sex": "F", "colour": "blue"},
                        {"folder": "m1/day1", "sex": "F"},
                        {"folder": "nowhere", "sex": "maybe"},
                    ],
                )
            assert refused.value.status_code == 422
            assert refused.value.details["unknown_columns"] == ["colour"]
            assert [row["row"] for row in refused.value.details["rows"]] == [2, 3]
            assert client.batch(batch_id)["batch"]["sessions"][0]["values"].get("sex") is None  # nothing applied

            table = tmp_path / "sessions.csv"
            client.download_batch_table(batch_id, table)
            assert table.read_text().startswith("folder,subject_id,session_id")
            table.write_text(
                "folder,subject_id,session_id,session_start_time,sex,age\n"
                "m1/day1,m1,day1,2024-03-05 09:00,F,P90D\n"
                "m2/day1,m2,day1,2024-03-06 10:00,M,P60D\n"
            )
            assert client.set_batch_table(batch_id, file=table)["missing"] == {
                "m1-day1": ["session_description"],
                "m2-day1": ["session_description"],
            }
            ready = client.set_batch_shared(batch_id, {"session_description": "Batch API test recording"})
            assert ready["missing"] == {}
            client.run_batch(batch_id)
            first = client.wait_batch(batch_id, interval=0.5, timeout=900)
            assert first["batch"]["status"] == "finished", first["batch"]["message"]
            # Warnings not accepted: each session proposes an improvement; approved once, it is applied to all.
            assert [s["status"] for s in first["batch"]["sessions"]] == ["passed_with_issues"] * 2
            assert all(s["outcome"]["proposal"] for s in first["batch"]["sessions"])
            client.approve_batch_corrections(batch_id)
            done = client.wait_batch(batch_id, interval=0.5, timeout=900)
            assert done["batch"]["status"] == "finished" and done["batch"]["approve_corrections"]
            for session in done["batch"]["sessions"]:
                assert session["runs"] == 2 and session["outcome"]["versions"] >= 2, session["outcome"]
                assert session["status"] in ("passed", "passed_with_issues")
            summary = client.download_batch_summary(batch_id, tmp_path / "summary.json", kind="json")
            rows = json.loads(summary.read_text())["sessions"]
            assert [row["status"] for row in rows] == [s["status"] for s in done["batch"]["sessions"]]
            nwb = client.download_batch_file(batch_id, "m2-day1", tmp_path)
            assert nwb.name == "sub-m2_ses-day1_ecephys.nwb" and nwb.stat().st_size > 0
        stop.set()
        listener.join(timeout=5)
    finally:
        server.stop()
    statuses = {e["metadata"]["session_status"] for e in events if e["metadata"]["session"]}
    assert {"running", "passed_with_issues"} <= statuses, statuses
