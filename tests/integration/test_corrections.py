"""The automatic fixes the conversation agent asks for (apply_corrections, conversion options and the
metadata fields of the knowledge base), each shown on a real conversion to remove the NWB Inspector
issue it is meant for."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import h5py
import pytest
from pynwb import NWBHDF5IO

from agentic_neurodata.agents.evaluation.inspection import run_inspector
from agentic_neurodata.contracts import conversion
from agentic_neurodata.errors import BadInputError, ConversionError
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import add_sample_nidq, write_sample_spikeglx
from tests.support.formats import START
from tests.support.paths import REALDATA
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow


@pytest.fixture
def runtime(tmp_path: Path):
    rt = build_runtime(make_settings(tmp_path / "svc"), in_background=False)
    yield rt
    rt.close()


def start(runtime, upload: Path, out: Path, arguments: dict | None = None) -> dict:
    runtime.store.begin_session("s1", str(upload), str(out))
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(upload))
    if found.needs_choice:
        found = runtime.call(conversion.COMPLETE_DETECTION, arguments=arguments or {})
    return found


def checks(path: str, object_type: str | None = None) -> set[str]:
    issues, _ = run_inspector(Path(path))
    return {i.check_name for i in issues if object_type is None or i.object_type == object_type}


def test_unknown_or_wrong_options_are_refused_with_the_known_ones(runtime, sample_run: Path, tmp_path: Path) -> None:
    found = start(runtime, sample_run, tmp_path / "out")
    with pytest.raises(BadInputError) as caught:
        runtime.call(
            conversion.CONVERT,
            input_path=str(sample_run),
            detection_result=found,
            metadata=START,
            options={"drop_empty_table": True},
        )
    assert "drop_empty_table" in caught.value.message and "drop_empty_tables" in caught.value.message
    assert set(caught.value.details["known"]) == {
        "skip_empty_streams",
        "drop_empty_tables",
        "drop_empty_strings",
        "compact_binary_columns",
        "compression",
    }
    with pytest.raises(BadInputError, match="true or false"):
        runtime.call(conversion.APPLY_CORRECTIONS, metadata=START, options={"skip_empty_streams": "yes"})
    with pytest.raises(BadInputError, match="gzip, lz4, zstd, none"):
        runtime.call(conversion.APPLY_CORRECTIONS, metadata=START, options={"compression": "rar"})
    assert runtime.store.snapshot().versions == []


def test_apply_corrections_needs_a_converted_session(runtime) -> None:
    with pytest.raises(BadInputError, match="nothing to correct"):
        runtime.call(conversion.APPLY_CORRECTIONS, metadata=START)


def test_quiet_digital_lines_are_left_out_and_the_inspector_no_longer_crashes_on_empty_tables(
    runtime, tmp_path: Path
) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    add_sample_nidq(run, active_lines=(2,))
    found = start(runtime, run, tmp_path / "out")
    v1 = runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    before = checks(v1.path)
    assert {"check_empty_table", "inspector_internal_error"} <= before
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=START, options={"drop_empty_tables": True})
    assert v2.version == 2 and v2.options == {"drop_empty_tables": True}
    assert v2.notes == [
        "Left out 7 of the 8 digital lines of nidq: they never change, so each would have been "
        "an empty event table; the 1 that change are kept as events."
    ]
    after = checks(v2.path)
    assert not {"check_empty_table", "inspector_internal_error"} & after
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        [events] = nwbfile.events.values()
        assert len(events) == 3  # line 2: one TTL a second for 3 s
        assert any(name.startswith("TimeSeriesNIDQ") for name in nwbfile.acquisition)  # analog kept
    # The next correction keeps the option (it is in state) unless told otherwise.
    v3 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=START)
    assert v3.options == {"drop_empty_tables": True} and "check_empty_table" not in checks(v3.path)


def test_a_board_whose_lines_all_stay_quiet_keeps_its_analog_channels(runtime, tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    add_sample_nidq(run, active_lines=())
    found = start(runtime, run, tmp_path / "out")
    version = runtime.call(
        conversion.CONVERT,
        input_path=str(run),
        detection_result=found,
        metadata=START,
        options={"drop_empty_tables": True},
    )
    assert version.notes == [
        "Left out 8 of the 8 digital lines of nidq: they never change, so each would have been an empty event table."
    ]
    with NWBHDF5IO(version.path, "r") as io:
        nwbfile = io.read()
        assert not nwbfile.events and any(name.startswith("TimeSeriesNIDQ") for name in nwbfile.acquisition)


def test_an_empty_stream_is_left_out_instead_of_failing_the_conversion(runtime, tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    found = start(runtime, run, tmp_path / "out")
    next(run.rglob("*.lf.bin")).write_bytes(b"")  # the LF band lost its samples after detection
    with pytest.raises(ConversionError, match="could not convert"):
        runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    version = runtime.call(conversion.APPLY_CORRECTIONS, metadata=START, options={"skip_empty_streams": True})
    assert version.notes == ["Left out imec0.lf: it holds no samples."]
    with NWBHDF5IO(version.path, "r") as io:
        assert sorted(io.read().acquisition) == ["ElectricalSeriesAP", "TimeSeriesImec0Sync"]
    assert "check_time_series_data_is_not_empty" not in checks(version.path)


def test_compression_option_changes_the_codec_and_says_so(tmp_path: Path, sample_run: Path) -> None:
    rt = build_runtime(make_settings(tmp_path / "svc", compression="none"), in_background=False)
    try:
        found = start(rt, sample_run, tmp_path / "out")
        v1 = rt.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
        v2 = rt.call(conversion.APPLY_CORRECTIONS, metadata=START, options={"compression": "gzip"})
    finally:
        rt.close()
    with h5py.File(v1.path) as plain, h5py.File(v2.path) as packed:
        assert plain["acquisition/ElectricalSeriesAP/data"].compression is None
        assert packed["acquisition/ElectricalSeriesAP/data"].compression == "gzip"
    assert v2.notes == ["Wrote the data with gzip compression (lossless), as asked."]


def test_generated_descriptions_and_the_brain_area_remove_their_issues(runtime, tmp_path: Path) -> None:
    edf = REALDATA / "edf"
    start(runtime, edf, tmp_path / "out")
    base = {**START, "subject_id": "p07", "species": "Homo sapiens", "sex": "F", "age": "P30Y"}
    v1 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=base)
    issues = {(i.check_name, i.object_type) for i in run_inspector(Path(v1.path))[0]}
    assert {
        ("check_description", "Device"),
        ("check_description", "ElectrodeGroup"),
        ("check_description", "Subject"),
    } <= issues
    fixed = {
        "device_description": "OpenBCI Cyton board (8 channels, 24-bit), as named in the BDF header",
        "electrode_group_description": "Scalp EEG electrodes of the OpenBCI board",
        "subject_description": "Healthy adult volunteer, overnight sleep recording",
    }
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**base, **fixed})
    issues = {(i.check_name, i.object_type) for i in run_inspector(Path(v2.path))[0]}
    assert (
        not {("check_description", "Device"), ("check_description", "ElectrodeGroup"), ("check_description", "Subject")}
        & issues
    )
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        assert {d.description for d in nwbfile.devices.values()} == {fixed["device_description"]}
        assert {g.description for g in nwbfile.electrode_groups.values()} == {fixed["electrode_group_description"]}
        assert nwbfile.subject.description == fixed["subject_description"]


def test_electrode_location_reaches_the_electrodes_table(runtime, sample_run: Path, tmp_path: Path) -> None:
    found = start(runtime, sample_run, tmp_path / "out")
    metadata = {k: v for k, v in FULL_METADATA.items() if k != "electrode_location"}
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=metadata)
    assert "check_electrodes_location_allen_ccf" in checks(v1.path)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**metadata, "electrode_location": "VISp"})
    assert "check_electrodes_location_allen_ccf" not in checks(v2.path)
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        assert set(nwbfile.electrodes["location"].data[:]) == {"VISp"}
        assert {g.location for g in nwbfile.electrode_groups.values()} == {"VISp"}


def test_cell_id_and_date_of_birth(runtime, tmp_path: Path) -> None:
    abf = REALDATA / "abf" / "17o05028_ic_steps.abf"
    start(runtime, abf, tmp_path / "out")
    metadata = {
        "session_start_time": "2024-03-05T14:30:00+09:00",
        "subject_id": "r3",
        "species": "Rattus norvegicus",
        "sex": "M",
        "date_of_birth": "2024-01-02",
    }
    v1 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=metadata)
    assert "check_intracellular_electrode_cell_id_exists" in checks(v1.path)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**metadata, "cell_id": "cell_03"})
    assert "check_intracellular_electrode_cell_id_exists" not in checks(v2.path)
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        assert {e.cell_id for e in nwbfile.icephys_electrodes.values()} == {"cell_03"}
        born = nwbfile.subject.date_of_birth
        assert born.isoformat() == "2024-01-02T00:00:00+09:00" and born.utcoffset() == timedelta(hours=9)


def test_empty_optional_text_from_a_reader_is_left_out(tmp_path: Path) -> None:
    """No reader here emits an empty optional string, so one is given to the real EDF reader's
    metadata; NeuroConv writes it and NWB Inspector flags it, unless drop_empty_strings leaves it out."""
    from neuroconv.datainterfaces import EDFRecordingInterface

    from agentic_neurodata.agents.conversion.writing.final_metadata import final_metadata

    edf = next((REALDATA / "edf").glob("*.bdf"))
    flagged = {}
    for drop in (False, True):
        reader = EDFRecordingInterface(file_path=str(edf))
        own = reader.get_metadata()
        own["Devices"] = {"amplifier": {"name": "OpenBCI", "description": "EEG amplifier", "manufacturer": ""}}
        own["Ecephys"]["ElectrodeGroups"] = {
            "scalp": {
                "name": "ElectrodeGroup",
                "description": "Scalp electrodes",
                "location": "scalp",
                "device_metadata_key": "amplifier",
            }
        }
        metadata, notes = final_metadata(own, {}, START, drop_empty_strings=drop)
        path = tmp_path / f"drop_{drop}.nwb"
        reader.run_conversion(
            nwbfile_path=str(path), metadata=metadata, overwrite=True, data_representation="physical_units"
        )
        flagged[drop] = "check_empty_string_for_optional_attribute" in checks(str(path), "Device")
        if drop:
            assert len(notes) == 1 and notes[0].startswith("Left out optional metadata given as empty text (Devices.")
    assert flagged == {False: True, True: False}
