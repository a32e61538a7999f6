"""Every version comes with a NeuroConv YAML specification that NeuroConv's own `neuroconv` command
re-runs to the same file, and with its final metadata; OUTPUT_NAMING=dandi names files as DANDI's
organise step does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import h5py
import numpy as np
import pytest
import yaml
from pynwb import NWBHDF5IO

from agentic_neurodata.contracts import conversion
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import (
    add_sample_nidq,
    write_sample_openephys,
    write_sample_session,
    write_sample_spikeglx,
)
from tests.support.paths import REALDATA
from tests.support.sessions import unit_electrode_rows
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow
NEUROCONV = Path(sys.executable).parent / "neuroconv"
SESSION_FIELDS = (
    "session_description",
    "session_start_time",
    "experimenter",
    "institution",
    "lab",
    "experiment_description",
    "keywords",
    "session_id",
)
SUBJECT_FIELDS = ("subject_id", "species", "sex", "age", "date_of_birth", "description", "strain")


def convert(
    tmp_path: Path, upload: Path, metadata: dict, options: dict | None = None, choice: str | None = None, **settings
) -> dict:
    rt = build_runtime(make_settings(tmp_path / "svc", **settings), in_background=False)
    try:
        rt.store.begin_session("s1", str(upload), str(tmp_path / "out"))
        found = rt.call(conversion.DETECT_FORMAT, input_path=str(upload))
        if choice is not None:
            found = rt.call(conversion.COMPLETE_DETECTION, choice=choice)
        return rt.call(
            conversion.CONVERT, input_path=str(upload), detection_result=found, metadata=metadata, options=options
        )
    finally:
        rt.close()


def rerun(spec: Path, folder: Path) -> Path:
    """The specification run by NeuroConv's command, from another working directory."""
    done = subprocess.run(
        [str(NEUROCONV), str(spec), "--output-folder-path", str(folder), "--overwrite"],
        cwd=folder.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    [written] = folder.glob("*.nwb")
    return written


def datasets(path: Path) -> dict[str, np.ndarray]:
    """Every numeric dataset under acquisition, processing and events, decoded."""
    found = {}
    with h5py.File(path, "r") as handle:

        def visit(name: str, item: object) -> None:
            if isinstance(item, h5py.Dataset) and item.dtype.kind in "iuf" and item.ndim >= 1:
                found[name] = item[:]

        for top in ("acquisition", "processing", "events"):
            if top in handle:
                handle[top].visititems(lambda n, i, t=top: visit(f"{t}/{n}", i))
    return found


def described(path: Path) -> dict:
    with NWBHDF5IO(str(path), "r") as io:
        nwbfile = io.read()
        subject = nwbfile.subject
        return {
            "session": {f: getattr(nwbfile, f) for f in SESSION_FIELDS},
            "subject": {f: getattr(subject, f, None) for f in SUBJECT_FIELDS} if subject else None,
            "devices": {n: (d.description, getattr(d, "manufacturer", None)) for n, d in nwbfile.devices.items()},
            "groups": {n: (g.description, g.location, g.device.name) for n, g in nwbfile.electrode_groups.items()},
        }


def test_the_specification_reruns_with_neuroconv_to_the_same_data_and_metadata(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    add_sample_nidq(run, active_lines=(1,))
    metadata = {
        **FULL_METADATA,
        "date_of_birth": "2023-12-04",
        "subject_description": "Head-fixed, implanted",
        "session_id": "day1",
    }
    ours = convert(tmp_path, run, metadata, options={"drop_empty_tables": True})
    spec, meta = Path(ours.specification_path), Path(ours.metadata_path)
    assert spec.name == "sample_run_g0_v1.neuroconv.yml" and meta.name == "sample_run_g0_v1.metadata.yml"
    assert spec.parent == meta.parent == Path(ours.path).parent
    text = spec.read_text()
    assert yaml.safe_load(text)["data_interfaces"] == {
        "imec0.ap": "SpikeGLXRecordingInterface",
        "imec0.lf": "SpikeGLXRecordingInterface",
        "nidq": "SpikeGLXNIDQInterface",
        "imec0.ap-SYNC": "SpikeGLXSyncChannelInterface",
    }
    written_metadata = yaml.safe_load(meta.read_text())
    assert written_metadata["Subject"]["subject_id"] == "m042"
    assert written_metadata["Ecephys"]["ElectrodeGroups"]["NeuropixelsImec0"]["location"] == "VISp"

    theirs = rerun(spec, tmp_path / "rerun")
    assert theirs.name == "sample_run_g0_v1_neuroconv.nwb"
    mine, other = datasets(Path(ours.path)), datasets(theirs)
    assert sorted(mine) == sorted(other) and any("ElectricalSeriesAP" in name for name in mine)
    for name in mine:
        np.testing.assert_array_equal(mine[name], other[name], err_msg=name)
    a, b = described(Path(ours.path)), described(theirs)
    assert a["session"] == b["session"] and a["subject"] == b["subject"] and a["devices"] == b["devices"]
    assert a["subject"]["date_of_birth"].isoformat() == "2023-12-04T00:00:00-05:00"
    # NeuroConv's specification schema takes no electrode group metadata: the header says so, and
    # everything else about the groups is the same.
    assert "#   Ecephys.ElectrodeGroups.NeuropixelsImec0.location" in text
    assert {n: (d, dev) for n, (d, _, dev) in a["groups"].items()} == {
        n: (d, dev) for n, (d, _, dev) in b["groups"].items()
    }
    assert {loc for _, loc, _ in a["groups"].values()} == {"VISp"}


def test_a_whole_session_reruns_with_neuroconv_to_the_same_data_units_and_links(tmp_path: Path) -> None:
    session = write_sample_session(tmp_path / "upload")
    ours = convert(tmp_path, session, FULL_METADATA, choice="PhySortingInterface")
    spec = yaml.safe_load(Path(ours.specification_path).read_text())
    assert spec["data_interfaces"] == {
        "imec0.ap": "SpikeGLXRecordingInterface",
        "imec0.lf": "SpikeGLXRecordingInterface",
        "imec0.ap-SYNC": "SpikeGLXSyncChannelInterface",
        "PhySortingInterface": "PhySortingInterface",
        "CsvTimeIntervalsInterface": "CsvTimeIntervalsInterface",
    }
    theirs = rerun(Path(ours.specification_path), tmp_path / "rerun")
    mine, other = datasets(Path(ours.path)), datasets(theirs)
    assert sorted(mine) == sorted(other)
    for name in mine:
        np.testing.assert_array_equal(mine[name], other[name], err_msg=name)
    sides = []
    for path in (Path(ours.path), theirs):
        with NWBHDF5IO(str(path), "r") as io:
            nwbfile = io.read()
            units = nwbfile.units
            sides.append(
                (
                    [list(units["spike_times"][i]) for i in range(len(units))],
                    unit_electrode_rows(units),
                    nwbfile.trials.to_dataframe().to_dict("list"),
                )
            )
    assert sides[0] == sides[1] and len(sides[0][0]) == 6 and all(len(rows) == 1 for rows in sides[0][1])


def test_conversion_options_of_a_reader_are_in_the_specification(tmp_path: Path) -> None:
    edf = REALDATA / "edf"
    ours = convert(tmp_path, edf, {"session_start_time": "2019-12-15T14:36:46+01:00", "subject_id": "p07"})
    spec = yaml.safe_load(Path(ours.specification_path).read_text())
    [session] = spec["experiments"]["session"]["sessions"]
    assert session["conversion_options"] == {"EDFRecordingInterface": {"data_representation": "physical_units"}}
    assert Path(session["source_data"]["EDFRecordingInterface"]["file_path"]).is_absolute()
    theirs = rerun(Path(ours.specification_path), tmp_path / "rerun")
    np.testing.assert_array_equal(
        datasets(Path(ours.path))["acquisition/ElectricalSeries/data"],
        datasets(theirs)["acquisition/ElectricalSeries/data"],
    )
    assert described(Path(ours.path))["subject"] == described(theirs)["subject"]


def test_a_converter_with_its_own_code_gets_its_metadata_but_no_specification(tmp_path: Path) -> None:
    upload = write_sample_openephys(tmp_path / "upload")
    ours = convert(tmp_path, upload, {"session_start_time": "2024-03-05T14:30:00-05:00"})
    assert ours.specification_path is None and Path(ours.metadata_path).is_file()
    assert "session_start_time" in yaml.safe_load(Path(ours.metadata_path).read_text())["NWBFile"]


def test_dandi_naming_is_what_dandi_organize_gives_and_versions_stay_apart(tmp_path: Path, sample_run: Path) -> None:
    from dandi.metadata.nwb import get_metadata as dandi_metadata
    from dandi.organize import create_unique_filenames_from_metadata

    metadata = {**FULL_METADATA, "subject_id": "m042/left hemisphere", "session_id": "day 1.a"}
    rt = build_runtime(make_settings(tmp_path / "svc", output_naming="dandi"), in_background=False)
    try:
        rt.store.begin_session("s1", str(sample_run), str(tmp_path / "out"))
        found = rt.call(conversion.DETECT_FORMAT, input_path=str(sample_run))
        v1 = rt.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=metadata)
        v2 = rt.call(conversion.APPLY_CORRECTIONS, metadata=metadata)
        anonymous = rt.call(conversion.APPLY_CORRECTIONS, metadata={**metadata, "subject_id": ""})
    finally:
        rt.close()
    assert Path(v1.path).name == "sub-m042-left-hemisphere_ses-day-1-a_desc-v1_ecephys.nwb"
    assert Path(v2.path).name == "sub-m042-left-hemisphere_ses-day-1-a_desc-v2_ecephys.nwb"
    assert Path(v1.specification_path).name == "sub-m042-left-hemisphere_ses-day-1-a_desc-v1_ecephys.neuroconv.yml"
    # DANDI's own organise, given this file and another session of the subject (so it writes ses-),
    # names it the same but for our version entity.
    read = dandi_metadata(v1.path)  # what organise reads from a file, neurodata types included
    records = [{**read, "path": v1.path}, {**read, "path": "other.nwb", "session_id": "day2"}]
    dandi_name = create_unique_filenames_from_metadata(records)[0]["dandi_filename"]
    assert dandi_name == Path(v1.path).name.replace("_desc-v1", "")
    # Without a subject ID there is no DANDI name: the session name, and a note that says why.
    assert Path(anonymous.path).name == "sample_run_g0_v3.nwb"
    assert any("needs a subject ID" in note for note in anonymous.notes)
