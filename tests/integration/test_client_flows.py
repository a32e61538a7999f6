"""The Python client's answer / approve / decline / download_report against a live server, and its
download refusing a file that differs from the SHA-256 the service recorded."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from agentic_neurodata.client import ChecksumMismatch, Client, ServiceError
from agentic_neurodata.sample_data import write_sample_session
from tests.support.server import LiveServer

pytestmark = pytest.mark.slow

# Only the start time: the sample then fails validation for its missing subject.
START_ONLY = {"session_start_time": "2024-03-05T14:30:00-05:00"}
# What a person would type for the values a correction asks for.
ANSWERS = {
    "subject_id": "m042",
    "species": "mouse",
    "sex": "female",
    "age": "12 weeks",
    "session_description": "Neuropixels recording in V1",
    "experimenter": "Jane Smith",
    "institution": "MIT",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in V1",
    "keywords": "V1, Neuropixels",
    "electrode_location": "VISp",
    "subject_description": "Adult C57BL/6J mouse, head-fixed",
}


def failed_for_missing_subject(client: Client, folder: Path) -> dict:
    """Upload with only the start time, skip every question with answer(skip=...): the file fails."""
    client.upload_folder(folder, START_ONLY)
    status = client.wait()
    asked = status["pending_request"]
    assert asked and asked["type"] == "metadata", status["message"]
    reply = client.answer(skip=[f["name"] for f in asked["fields"]])
    assert reply["rejected"] == {}
    status = client.wait()
    assert status["overall_status"] == "FAILED" and status["pending_request"]["type"] == "retry_approval", status
    return status


@pytest.fixture
def server(tmp_path: Path):
    live = LiveServer(tmp_path / "svc").start()
    try:
        yield live
    finally:
        live.stop()


def test_decline_keeps_the_failed_file_and_its_correction_context(
    tmp_path: Path, sample_run: Path, server: LiveServer
) -> None:
    with Client(server.url) as client:
        failed_for_missing_subject(client, sample_run)
        client.decline()
        final = client.status()
        assert (final["status"], final["validation_status"]) == ("failed", "failed_user_declined")
        report = client.download_report(tmp_path)
        assert report.suffix == ".json" and report.parent == tmp_path
        context = json.loads(report.read_text())
        assert context["overall_status"] == "FAILED"
        assert "check_subject_exists" in {issue["check_name"] for issue in context["issues"]}
        nwb = client.download(tmp_path / "declined.nwb")
        assert hashlib.sha256(nwb.read_bytes()).hexdigest() == final["versions"][0]["sha256"]


def test_approve_then_answer_values_ends_improved(tmp_path: Path, sample_run: Path, server: LiveServer) -> None:
    with Client(server.url) as client:
        failed_for_missing_subject(client, sample_run)
        client.approve()
        for _ in range(6):
            status = client.wait()
            request = status["pending_request"]
            if request is None:
                break
            if request["type"] == "user_input":
                assert request["purpose"] == "correction_values", request
                reply = client.answer(
                    fields={f["name"]: ANSWERS[f["name"]] for f in request["fields"] if f["name"] in ANSWERS}
                )
                assert reply["accepted"].get("subject_id", "m042") == "m042", reply
            else:
                assert request["type"] in ("retry_approval", "improvement_approval"), request
                client.approve()
        final = client.status()
        assert (final["status"], final["validation_status"]) == ("completed", "passed_improved"), final["message"]
        latest = final["versions"][-1]
        assert latest["version"] >= 2
        nwb = client.download(tmp_path)  # the latest version, checked against its record
        assert nwb.name == Path(latest["path"]).name
        assert hashlib.sha256(nwb.read_bytes()).hexdigest() == latest["sha256"]
        report = client.download_report(tmp_path / "report.pdf")
        assert report.read_bytes().startswith(b"%PDF")

        # A file that changed on the server since it was recorded is refused and not left behind.
        with open(latest["path"], "ab") as served:
            served.write(b"\0")
        damaged = tmp_path / "damaged.nwb"
        with pytest.raises(ChecksumMismatch, match="differs from the service's record"):
            client.download(damaged, version=latest["version"])
        assert not damaged.exists()


def test_session_plan_is_read_and_a_stream_left_out_and_put_back(tmp_path: Path, server: LiveServer) -> None:
    run = write_sample_session(tmp_path / "made")  # SpikeGLX + its Kilosort/Phy folder + trials.csv
    with Client(server.url) as client:
        assert client.session_plan() == []  # nothing detected yet
        client.upload_folder(run)
        asked = client.wait()
        assert asked["pending_request"]["type"] == "format_selection", asked["message"]
        plan = client.session_plan()
        assert (plan[0]["reader"], plan[0]["kind"]) == ("SpikeGLXConverterPipe", "recording")
        assert {"sorting", "events"} <= {s["kind"] for s in plan}
        assert all(s["files"] and s["bytes"] > 0 and s["included"] and s["problem"] is None for s in plan)
        with pytest.raises(ServiceError) as early:
            client.set_stream_included("CsvTimeIntervalsInterface", False)
        assert early.value.status_code == 422 and "Answer the format question first" in str(early.value)

        client.answer(fields={"format": "KiloSortSortingInterface"})
        assert client.wait()["pending_request"]["type"] == "metadata"
        names = [s["name"] for s in client.session_plan()]
        assert names == ["SpikeGLXConverterPipe", "KiloSortSortingInterface", "CsvTimeIntervalsInterface"]
        sorting = client.session_plan()[1]
        assert sorting["link"]["linked"] and sorting["link"]["recording"] == "imec0.ap"

        left_out = client.set_stream_included("CsvTimeIntervalsInterface", False)
        assert [s["included"] for s in left_out] == [True, True, False]
        assert client.session_plan() == left_out  # the service keeps the change
        assert [s["included"] for s in client.set_stream_included("CsvTimeIntervalsInterface", True)] == [True] * 3
        with pytest.raises(ServiceError) as unknown:
            client.set_stream_included("trials", False)
        assert unknown.value.status_code == 422 and "Its streams: SpikeGLXConverterPipe" in str(unknown.value)
