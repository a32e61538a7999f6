"""Whole sessions through REST: a folder holding raw data, a spike sorting and a trials table becomes
one NWB file, the sorting's units linked to the electrodes of the recording they were sorted from when
their channels match, and converted beside it, unlinked and said why, when they do not."""

from __future__ import annotations

from io import BytesIO as io_bytes
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient
from pynwb import NWBHDF5IO
from pypdf import PdfReader

from agentic_neurodata.api.app import create_app
from agentic_neurodata.sample_data import SampleSpec, read_sample_ap, sample_units, write_sample_session
from agentic_neurodata.sample_data.session import SORTING_FOLDER
from tests.support.paths import REALDATA
from tests.support.server import multipart_files, settled, status_of, wait_until
from tests.support.sessions import session_parts, unit_electrode_rows
from tests.support.settings import FULL_METADATA, SAMPLE_SPEC, make_settings

pytestmark = pytest.mark.slow
PHY = REALDATA / "phy_kilosort" / "bme410"
PHY_UNITS = 295


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


def choose_sorting_reader(client: TestClient, reader: str = "PhySortingInterface") -> dict:
    """Phy and Kilosort read the same folder: the one question of these sessions. Answer it and wait."""
    asked = wait_until(lambda: status_of(client), settled)
    request = asked["pending_request"]
    assert request["type"] == "format_selection", asked["message"]
    assert {o["value"] for o in request["options"]} == {"PhySortingInterface", "KiloSortSortingInterface"}
    # The question shows the whole session that comes with either answer.
    assert len(asked["detected_format"]["streams"]) >= 2
    reply = client.post("/api/user-input", json={"fields": {"format": reader}})
    assert reply.status_code == 200, reply.text
    return wait_until(lambda: status_of(client), lambda s: settled(s) and s["versions"])


def streams_by_kind(status: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for stream in status["detected_format"]["streams"]:
        found.setdefault(stream["kind"], []).append(stream)
    return found


def test_generated_spikeglx_and_real_phy_become_one_file_with_units_not_linked(
    client: TestClient, sample_run: Path, tmp_path: Path
) -> None:
    parts = session_parts("session", {"": sample_run, "sorting": PHY})
    assert client.post("/api/upload", files=parts, data=FULL_METADATA).status_code == 202
    status = choose_sorting_reader(client)
    assert status["status"] in ("awaiting_user_input", "completed"), status["message"]
    kinds = streams_by_kind(status)
    [sorting] = kinds["sorting"]
    assert kinds["recording"][0]["interface"] == "SpikeGLXConverterPipe"
    assert sorting["interface"] == "PhySortingInterface" and sorting["unit_count"] == PHY_UNITS
    # 72 channels sorted at 30 kHz: not the 32-channel probe, so converted beside it, unlinked, and said why.
    assert not sorting["link"]["linked"] and "72 channels" in sorting["link"]["reason"]
    [version] = status["versions"]
    assert [s["interface"] for s in version["streams"]] == ["SpikeGLXConverterPipe", "PhySortingInterface"]
    logs = client.get("/api/logs", params={"limit": 500}).json()["entries"]
    assert any("72 channels" in entry["message"] for entry in logs)
    info = status["file_info"]
    assert info["units_count"] == PHY_UNITS and info["units_with_electrodes"] is None
    with NWBHDF5IO(version["path"], "r") as io:
        nwbfile = io.read()
        assert {"ElectricalSeriesAP", "ElectricalSeriesLF"} <= set(nwbfile.acquisition)
        np.testing.assert_array_equal(
            nwbfile.acquisition["ElectricalSeriesAP"].data[:], read_sample_ap(sample_run, SAMPLE_SPEC.n_channels)
        )
        assert len(nwbfile.units) == PHY_UNITS and "electrodes" not in nwbfile.units.colnames


def test_real_open_ephys_recordings_and_phy_become_one_file(client: TestClient) -> None:
    legacy = REALDATA / "openephys_legacy"
    parts = session_parts("session", {"": legacy, "sorting": PHY})
    assert client.post("/api/upload", files=parts, data=FULL_METADATA).status_code == 202
    status = choose_sorting_reader(client)
    assert status["status"] in ("awaiting_user_input", "completed"), status["message"]
    kinds = streams_by_kind(status)
    assert len(kinds["recording"]) == 2  # Record Node 101 and 105, one session (same start)
    [sorting] = kinds["sorting"]
    assert not sorting["link"]["linked"] and "40000 Hz" in sorting["link"]["reason"]
    [version] = status["versions"]
    assert version["specification_path"] is None  # both nodes write "ElectricalSeries": renamed, said why
    with NWBHDF5IO(version["path"], "r") as io:
        nwbfile = io.read()
        series = {name: s for name, s in nwbfile.acquisition.items() if type(s).__name__ == "ElectricalSeries"}
        assert set(series) == {"ElectricalSeriesRecordNode101", "ElectricalSeriesRecordNode105"}
        assert all(s.data.shape[1] == 16 and s.rate == 40000.0 for s in series.values())
        assert len(nwbfile.units) == PHY_UNITS


def test_matching_sorting_is_linked_and_a_trials_table_joins_the_session(client: TestClient, tmp_path: Path) -> None:
    spec = SampleSpec()
    run = write_sample_session(tmp_path / "made", spec)
    with client.websocket_connect("/ws") as ws:
        ws.receive_json()  # the snapshot on connecting
        assert client.post("/api/upload", files=multipart_files(run), data=FULL_METADATA).status_code == 202
        events = [ws.receive_json()]
        while events[-1]["type"] != "awaiting_input":
            events.append(ws.receive_json())
    [plan_event] = [e for e in events if "plan" in e["metadata"]]
    assert [(p["stream"], p["reader"], p["kind"]) for p in plan_event["metadata"]["plan"]] == [
        ("SpikeGLXConverterPipe", "SpikeGLXConverterPipe", "recording"),
        ("KiloSortSortingInterface", "KiloSortSortingInterface", "sorting"),
        ("CsvTimeIntervalsInterface", "CsvTimeIntervalsInterface", "events"),
    ]
    assert all(p["files"] and p["bytes"] for p in plan_event["metadata"]["plan"])
    status = choose_sorting_reader(client, "KiloSortSortingInterface")
    assert status["status"] in ("awaiting_user_input", "completed"), status["message"]
    kinds = streams_by_kind(status)
    [sorting], [trials] = kinds["sorting"], kinds["events"]
    assert (
        sorting["link"]
        == {
            "linked": True,
            "recording": "imec0.ap",
            "reason": sorting["link"]["reason"],
        }
        and "params.py names" in sorting["link"]["reason"]
    )
    assert trials["interface"] == "CsvTimeIntervalsInterface"
    units = sample_units(spec)
    assert status["file_info"]["units_count"] == status["file_info"]["units_with_electrodes"] == len(units)
    [version] = status["versions"]
    with NWBHDF5IO(version["path"], "r") as io:
        nwbfile = io.read()
        assert "ElectricalSeriesAP" in nwbfile.acquisition and len(nwbfile.trials) == 5
        rows = unit_electrode_rows(nwbfile.units)
        # One row per probe site, named by its AP and LF channels ("AP7,LF7").
        sites = [str(name).split(",") for name in nwbfile.electrodes["channel_name"][:]]
        # Each unit on the electrode of its best channel, as the sorting says (cluster_info.tsv ch).
        assert [len(unit) for unit in rows] == [1] * len(units)
        assert all(f"AP{u.channel}" in sites[unit[0]] for u, unit in zip(units, rows, strict=True))
        first_spike = nwbfile.units["spike_times"][0][0]
        trough = round(0.0005 * spec.ap_rate_hz)
        assert first_spike == pytest.approx((np.sort(units[0].onsets)[0] + trough) / spec.ap_rate_hz)
    plan = status["detected_format"]["streams"]
    report = client.get("/api/download/report")
    assert report.status_code == 200 and report.content.startswith(b"%PDF")
    text = "".join(page.extract_text() for page in PdfReader(io_bytes(report.content)).pages).replace("\n", "")
    for reader in ("SpikeGLXConverterPipe", "KiloSortSortingInterface", "CsvTimeIntervalsInterface"):
        assert reader in text
    assert f"{len(units)} ({len(units)} linked to electrodes)" in text
    context = client.get("/api/correction-context").json()  # the JSON report lists them too
    assert [s["interface"] for s in context["streams"]] == [p["interface"] for p in plan]
    assert [p["name"] for p in plan] == [
        "SpikeGLXConverterPipe",
        "KiloSortSortingInterface",
        "CsvTimeIntervalsInterface",
    ]
    assert SORTING_FOLDER in {Path(f).parts[0] for f in sorting["files"]}


def test_a_stream_left_out_in_the_plan_is_not_in_the_file(client: TestClient, tmp_path: Path) -> None:
    run = write_sample_session(tmp_path / "made")
    assert client.post("/api/upload", files=multipart_files(run)).status_code == 202
    asked = wait_until(lambda: status_of(client), settled)
    early = client.post("/api/plan/streams", json={"name": "CsvTimeIntervalsInterface", "included": False})
    assert early.status_code == 422 and "Answer the format question first" in early.json()["message"]
    assert client.post("/api/user-input", json={"fields": {"format": "PhySortingInterface"}}).status_code == 200
    asked = wait_until(lambda: status_of(client), lambda s: settled(s) and s["pending_request"]["type"] == "metadata")
    assert [s["included"] for s in asked["detected_format"]["streams"]] == [True, True, True]
    changed = client.post("/api/plan/streams", json={"name": "CsvTimeIntervalsInterface", "included": False})
    assert changed.status_code == 200, changed.text
    assert [s["included"] for s in changed.json()["streams"]] == [True, True, False]
    unknown = client.post("/api/plan/streams", json={"name": "trials", "included": False})
    assert unknown.status_code == 422 and "Its streams: SpikeGLXConverterPipe" in unknown.json()["message"]
    assert client.post("/api/user-input", json={"message": "just convert it, skip the questions"}).status_code == 200
    zone = wait_until(lambda: status_of(client), settled)
    if zone["status"] == "awaiting_user_input" and zone["pending_request"]["type"] == "metadata":
        assert client.post("/api/user-input", json={"message": "EST"}).status_code == 200
    done = wait_until(lambda: status_of(client), lambda s: settled(s) and s["versions"])
    [version] = done["versions"]
    assert [s["interface"] for s in version["streams"]] == ["SpikeGLXConverterPipe", "PhySortingInterface"]
    with NWBHDF5IO(version["path"], "r") as io:
        nwbfile = io.read()
        assert nwbfile.trials is None and len(nwbfile.units) == len(sample_units(SampleSpec()))
