"""A real NWB file broken after writing: PyNWB still reads it, schema validation flags it, the file FAILS."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import h5py
import numpy as np

from agentic_neurodata.agents.evaluation import worker
from agentic_neurodata.agents.evaluation.status import count_by_category, count_by_severity, overall_status
from agentic_neurodata.domain import IssueCategory, OverallStatus, Severity


def schema_invalid_nwb(path: Path) -> Path:
    """Complete metadata (so nothing else blocks), then the required `unit` attribute of a series' data removed."""
    from pynwb import NWBHDF5IO, NWBFile, TimeSeries
    from pynwb.file import Subject

    nwbfile = NWBFile(
        session_description="Broken on purpose",
        identifier="broken-1",
        session_start_time=datetime(2024, 3, 5, 14, 30, tzinfo=UTC),
        subject=Subject(subject_id="m042", species="Mus musculus", sex="F", age="P90D"),
    )
    nwbfile.add_acquisition(
        TimeSeries(name="signal", description="a test signal", data=np.arange(100.0), unit="V", rate=10.0)
    )
    with NWBHDF5IO(str(path), "w") as io:
        io.write(nwbfile)
    with h5py.File(path, "a") as raw:
        del raw["acquisition/signal/data"].attrs["unit"]
    return path


def test_a_schema_invalid_file_is_a_format_error_and_fails(tmp_path: Path) -> None:
    checked = worker.check_file(str(schema_invalid_nwb(tmp_path / "broken.nwb")), lambda percent, message: None)
    assert checked["readable"] and checked["info"].identifier == "broken-1"  # PyNWB reads it; validation does not pass
    issues = checked["issues"]
    schema = [i for i in issues if i.check_name == "pynwb_validation"]
    assert schema and all(i.severity == Severity.ERROR and i.category == IssueCategory.FORMAT for i in schema)
    assert any("unit" in i.message for i in schema)
    assert not [i for i in issues if i.severity == Severity.CRITICAL]  # the schema error alone decides
    assert overall_status(issues, checked["readable"]) == OverallStatus.FAILED
    assert len(schema) == count_by_severity(issues).ERROR
    assert count_by_category(issues)[IssueCategory.FORMAT.value] == len(schema)
