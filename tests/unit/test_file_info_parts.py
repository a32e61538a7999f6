"""File information of small hand-made NWB files: absent parts stay absent, odd parts never hide the rest."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from agentic_neurodata.agents.evaluation import file_info, worker

START = datetime(2024, 3, 5, 14, 30, tzinfo=UTC)


def write(path: Path, fill=lambda nwbfile: None, **file_fields) -> Path:
    from pynwb import NWBHDF5IO, NWBFile

    nwbfile = NWBFile(session_description="bare", identifier="bare-1", session_start_time=START, **file_fields)
    fill(nwbfile)
    with NWBHDF5IO(str(path), "w") as io:
        io.write(nwbfile)
    return path


def no_progress(percent: float, message: str) -> None:
    pass


def test_a_bare_file_is_described_with_its_absent_parts_absent(tmp_path: Path) -> None:
    notes: list[str] = []
    info = file_info.read_file_info(write(tmp_path / "bare.nwb"), notes)
    assert notes == []
    assert info.identifier == "bare-1" and info.session_description == "bare" and info.nwb_version
    assert info.session_start_time.startswith("2024-03-05T14:30:00")
    assert info.subject is None and info.devices == [] and info.electrode_groups == []
    assert info.electrode_count is None and info.electrode_columns == [] and info.acquisition == []
    assert info.processing_modules == [] and info.units_count is None
    assert info.temporal_coverage_s is None and info.duration_s is None
    assert info.experimenter == [] and info.keywords == [] and info.institution is None


def test_a_subject_with_only_some_fields_keeps_those_and_nothing_else(tmp_path: Path) -> None:
    from pynwb.file import Subject

    info = file_info.read_file_info(write(tmp_path / "subject.nwb", subject=Subject(subject_id="m042", sex="F")))
    subject = info.subject
    assert subject.subject_id == "m042" and subject.sex == "F"
    assert subject.species is None and subject.age is None and subject.date_of_birth is None
    assert subject.description is None and subject.strain is None


def test_containers_list_their_inner_series_and_processing_extends_the_coverage(tmp_path: Path) -> None:
    from pynwb import TimeSeries
    from pynwb.behavior import Position, SpatialSeries
    from pynwb.ecephys import LFP, ElectricalSeries

    def fill(nwbfile) -> None:
        device = nwbfile.create_device(name="probe")
        group = nwbfile.create_electrode_group(name="shank0", description="d", location="CA1", device=device)
        for _ in range(4):
            nwbfile.add_electrode(group=group, location="CA1")
        region = nwbfile.create_electrode_table_region(region=[0, 1, 2, 3], description="all")
        lfp = LFP(
            electrical_series=ElectricalSeries(
                name="LFPSeries",
                data=np.zeros((250, 4), dtype="int16"),
                electrodes=region,
                rate=1000.0,
                starting_time=1.0,
            )
        )
        nwbfile.add_acquisition(lfp)  # 1.0 s to 1.25 s
        position = Position(
            spatial_series=SpatialSeries(
                name="head", data=np.zeros((50, 2)), unit="meters", reference_frame="arena corner", rate=50.0
            )
        )
        nwbfile.add_acquisition(position)  # 0 s to 1 s
        behavior = nwbfile.create_processing_module(name="behavior", description="processed tracking")
        behavior.add(TimeSeries(name="speed", data=np.zeros(30), unit="m/s", timestamps=np.linspace(2.0, 12.0, 30)))

    info = file_info.read_file_info(write(tmp_path / "containers.nwb", fill))
    entries = {entry.name: entry for entry in info.acquisition}
    assert set(entries) == {"LFP/LFPSeries", "Position/head"}
    lfp, head = entries["LFP/LFPSeries"], entries["Position/head"]
    assert lfp.neurodata_type == "ElectricalSeries" and lfp.shape == [250, 4] and lfp.dtype == "int16"
    assert lfp.bytes == 250 * 4 * 2 and lfp.rate_hz == 1000.0
    assert head.neurodata_type == "SpatialSeries" and head.shape == [50, 2] and head.dtype == "float64"
    assert head.unit == "meters"
    # acquisition spans 0..1.25 s; the processed speed trace runs to 12 s
    assert info.temporal_coverage_s == [0.0, 12.0] and info.duration_s == 12.0
    assert info.processing_modules == [
        {"name": "behavior", "description": "processed tracking", "interfaces": {"speed": "TimeSeries"}}
    ]


def test_a_part_that_cannot_be_described_is_left_out_with_a_note(tmp_path: Path, monkeypatch) -> None:
    from pynwb.file import Subject

    path = write(tmp_path / "odd.nwb", lambda f: f.create_device(name="probe"), subject=Subject(subject_id="m1"))

    def broken(*args, **kwargs):
        raise KeyError("model")

    monkeypatch.setattr(file_info, "_device", broken)
    checked = worker.check_file(str(path), no_progress)
    assert checked["readable"] and checked["read_error"] is None
    info = checked["info"]
    assert info.devices == [] and info.subject.subject_id == "m1" and info.identifier == "bare-1"
    assert checked["description_notes"] == ["Device 'probe' not described: KeyError: 'model'"]


def test_a_description_bug_does_not_make_the_file_unreadable(tmp_path: Path, monkeypatch) -> None:
    path = write(tmp_path / "readable.nwb")

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in describing")

    monkeypatch.setattr(file_info, "describe_nwbfile", broken)
    checked = worker.check_file(str(path), no_progress)
    assert checked["readable"] and checked["read_error"] is None and checked["info"] is None
    assert checked["description_notes"] == ["The file could not be described: RuntimeError: a bug in describing"]
    assert not any(issue.check_name == "pynwb_read_error" for issue in checked["issues"])


def test_an_unreadable_file_is_still_unreadable(tmp_path: Path) -> None:
    broken = tmp_path / "broken.nwb"
    broken.write_bytes(b"not HDF5")
    checked = worker.check_file(str(broken), no_progress)
    assert not checked["readable"] and checked["info"] is None and checked["read_error"]
    with pytest.raises(Exception):  # noqa: B017 - whatever PyNWB raises
        file_info.read_file_info(broken)
