"""The conversion agent's actions through the agent router, with real NeuroConv conversions."""

from __future__ import annotations

import hashlib
from pathlib import Path

import h5py
import numpy as np
import pytest
from pynwb import NWBHDF5IO

from agentic_neurodata.contracts import conversion
from agentic_neurodata.domain import FileFacts
from agentic_neurodata.errors import BadInputError, WorkflowCancelled
from agentic_neurodata.sample_data import SampleSpec, read_sample_ap
from tests.support.formats import START
from tests.support.paths import REALDATA
from tests.support.settings import SAMPLE_SPEC

pytestmark = pytest.mark.slow


def _sha(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_detect_stores_the_result_and_what_the_files_know(runtime, sample_run: Path) -> None:
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(sample_run))
    assert found.interface == "SpikeGLXConverterPipe" and not found.needs_choice
    state = runtime.store.snapshot()
    assert state.detected_format.interface == "SpikeGLXConverterPipe"
    known = FileFacts.model_validate(state.extracted_metadata)
    assert (known.sampling_rate_hz, known.channel_count, known.duration_s) == (30000.0, 32, 3.0)
    assert (known.dtype, known.bit_depth) == ("int16", 16)
    assert known.bit_depth_source == "reader sample type (int16)"  # SpikeGLX's header does not say
    assert known.session_start_time == "2024-03-05T14:30:00" and known.session_start_time_source == "file header"
    assert known.session_start_time_has_timezone is False
    assert [q.name for q in known.questions] == ["session_start_time"]
    assert known.devices and known.electrode_groups
    assert {s.name for s in known.streams} >= {"imec0.ap", "imec0.lf"}
    assert any(e.message.startswith("The files say: 32 channels at 30000 Hz") for e in runtime.store.logs())


def test_extract_metadata_alone_detects_first(runtime) -> None:
    known = runtime.call(conversion.EXTRACT_METADATA, input_path=str(REALDATA / "edf"))
    assert (known.channel_count, known.sampling_rate_hz) == (19, 125.0)
    assert known.session_start_time == "2019-12-15T14:36:46" and known.interface == "EDFRecordingInterface"
    assert runtime.store.snapshot().detected_format.interface == "EDFRecordingInterface"
    # A BDF file stores 24-bit samples; the reader hands them out as int16.
    assert (known.bit_depth, known.bit_depth_source) == (24, "file header (BDF: 24-bit samples)")
    assert (known.dtype, known.sample_type_bits) == ("int16", 16)


def test_runner_ups_beside_a_clear_winner_do_not_make_it_a_choice(runtime, tmp_path: Path) -> None:
    from agentic_neurodata.sample_data.edf import write_sample_edf

    write_sample_edf(tmp_path / "eeg")
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(tmp_path / "eeg"))
    assert not found.needs_choice and found.interface == "EDFRecordingInterface"
    assert [a.interface for a in found.alternatives] == ["EDFAnalogInterface"]
    assert found.alternatives[0].explanation.startswith("Not chosen (")
    # Settled: what the files know is read at once, and the conversion goes ahead without an answer.
    assert runtime.store.snapshot().extracted_metadata["channel_count"] > 0
    version = runtime.call(conversion.CONVERT, input_path=str(tmp_path / "eeg"), detection_result=found, metadata=START)
    assert Path(version.path).exists()


def test_sorting_without_its_rate_asks_for_it_then_converts(runtime, tmp_path: Path) -> None:
    from tests.support.recordings import write_mda_firings

    firings = write_mda_firings(tmp_path / "sorted" / "firings.mda")
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(firings.parent))
    assert found.needs_choice and found.interface == "MdaSortingInterface"
    assert [(q.name, q.suggested) for q in found.questions] == [("sampling_frequency", None)]
    with pytest.raises(BadInputError, match="not settled"):
        runtime.call(conversion.CONVERT, input_path=str(firings.parent), detection_result=found, metadata=START)
    with pytest.raises(BadInputError, match="sampling_frequency must be a positive whole number"):
        runtime.call(conversion.COMPLETE_DETECTION, arguments={"sampling_frequency": "fast"})
    done = runtime.call(conversion.COMPLETE_DETECTION, arguments={"sampling_frequency": 30000})
    assert done.source_data["sampling_frequency"] == 30000 and not done.needs_choice
    version = runtime.call(conversion.CONVERT, input_path=str(firings.parent), detection_result=done, metadata=START)
    with NWBHDF5IO(version.path, "r") as io:
        assert len(io.read().units) == 5


def test_versions_are_numbered_kept_and_hashed_with_progress_in_bytes(runtime, sample_run: Path) -> None:
    events: list[dict] = []
    runtime.store.subscribe(events.append)
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(sample_run))
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata={})
    v1_hash = _sha(v1.path)
    assert v1.sha256 == v1_hash and Path(v1.path).name == "sample_run_g0_v1.nwb"
    assert any("written as UTC" in note for note in v1.notes)  # no zone in the files, none given
    events.clear()
    v2 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
    assert Path(v2.path).name == "sample_run_g0_v2.nwb" and v2.notes == []
    assert _sha(v1.path) == v1_hash
    assert [v.version for v in runtime.store.snapshot().versions] == [1, 2]
    progress = [e["metadata"] for e in events if e["type"] == "progress" and e["metadata"].get("bytes_total")]
    assert progress and progress[-1]["bytes_done"] == progress[-1]["bytes_total"] > 0
    assert [p["percent"] for p in progress] == sorted(p["percent"] for p in progress)
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        assert nwbfile.session_start_time.isoformat() == "2024-03-05T14:30:00-05:00"
        np.testing.assert_array_equal(
            nwbfile.acquisition["ElectricalSeriesAP"].data[:], read_sample_ap(sample_run, SAMPLE_SPEC.n_channels)
        )
    assert not list(Path(v1.path).parent.glob(".*partial*"))


def test_decoded_data_are_identical_to_neuroconvs_own_output(sample_run: Path, tmp_path: Path) -> None:
    from neuroconv.converters import SpikeGLXConverterPipe

    from tests.support.formats import convert

    converter = SpikeGLXConverterPipe(folder_path=sample_run)
    metadata = converter.get_metadata()
    metadata["NWBFile"]["session_start_time"] = "2024-03-05T14:30:00-05:00"
    converter.run_conversion(nwbfile_path=tmp_path / "neuroconv.nwb", metadata=metadata, overwrite=True)
    convert(sample_run, tmp_path / "ours.nwb")
    with h5py.File(tmp_path / "neuroconv.nwb") as theirs, h5py.File(tmp_path / "ours.nwb") as ours:
        assert sorted(theirs["acquisition"]) == sorted(ours["acquisition"])
        for name in theirs["acquisition"]:
            a, b = theirs[f"acquisition/{name}/data"], ours[f"acquisition/{name}/data"]
            assert (a.shape, a.dtype, a.chunks) == (b.shape, b.dtype, b.chunks)
            assert b.compression == "gzip"
            np.testing.assert_array_equal(a[:], b[:])


@pytest.mark.parametrize("codec", ["lz4", "zstd", "none"])
def test_optional_codecs_decode_to_the_same_data(codec: str, sample_run: Path, tmp_path: Path) -> None:
    import hdf5plugin  # noqa: F401 - registers the filters for reading

    from tests.support.formats import convert

    convert(sample_run, tmp_path / f"{codec}.nwb", compression=codec)
    with NWBHDF5IO(str(tmp_path / f"{codec}.nwb"), "r") as io:
        data = io.read().acquisition["ElectricalSeriesAP"].data
        np.testing.assert_array_equal(data[:], read_sample_ap(sample_run, SAMPLE_SPEC.n_channels))
        assert bool(data.id.get_create_plist().get_nfilters()) == (codec != "none")


def test_open_ephys_streams_are_told_apart_and_the_answer_is_validated(runtime) -> None:
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(REALDATA / "openephys_binary"))
    assert found.needs_choice and found.interface == "OpenEphysBinaryRecordingInterface"
    ids = [a.choice_id for a in found.alternatives]
    assert len(ids) == len(set(ids)) == 2 and all("#Record Node 118#File_Reader-1" in i for i in ids)
    with pytest.raises(BadInputError, match="offered more than once"):
        runtime.call(conversion.COMPLETE_DETECTION, choice="OpenEphysBinaryRecordingInterface")
    done = runtime.call(conversion.COMPLETE_DETECTION, choice=ids[1])
    assert not done.needs_choice and done.source_data["stream_name"].endswith("File_Reader-114.0")
    assert runtime.store.snapshot().detected_format.choice_id == ids[1]
    assert runtime.store.snapshot().extracted_metadata["channel_count"] == 16


def test_headerless_binary_asks_for_rate_and_channels_then_converts(runtime, tmp_path: Path) -> None:
    upload = tmp_path / "raw"
    upload.mkdir()
    data = (np.arange(20000 * 4, dtype=np.int16) % 1000).reshape(-1, 4)
    (upload / "recording.bin").write_bytes(b"\0" * 8 + data.tobytes())  # WhiteMatter: 8-byte header, then samples
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(upload))
    assert found.needs_choice and found.interface == "WhiteMatterRecordingInterface"
    assert [q.name for q in found.questions] == ["sampling_frequency", "num_channels"]
    with pytest.raises(BadInputError, match="sampling_frequency must be a positive number"):
        runtime.call(conversion.COMPLETE_DETECTION, arguments={"sampling_frequency": 0, "num_channels": 4})
    done = runtime.call(conversion.COMPLETE_DETECTION, arguments={"sampling_frequency": "20000", "num_channels": "4"})
    assert done.source_data["sampling_frequency"] == 20000.0 and done.source_data["num_channels"] == 4
    version = runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=done, metadata=START)
    with NWBHDF5IO(version.path, "r") as io:
        series = io.read().acquisition["ElectricalSeries"]
        assert series.data.shape == (20000, 4) and series.rate == 20000.0
        np.testing.assert_array_equal(series.data[:], data)


def test_a_recording_without_start_time_needs_one_from_the_user(runtime) -> None:
    intan = REALDATA / "intan" / "example_intan_file.rhd"
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(intan))
    known = FileFacts.model_validate(runtime.store.snapshot().extracted_metadata)
    assert known.session_start_time is None and known.questions[0].name == "session_start_time"
    assert (known.channel_count, known.sampling_rate_hz) == (2, 20000.0)
    with pytest.raises(BadInputError, match="do not record when the session started"):
        runtime.call(conversion.CONVERT, input_path=str(intan), detection_result=found, metadata={})
    assert runtime.store.snapshot().stages["conversion"].status == "failed"
    version = runtime.call(conversion.CONVERT, input_path=str(intan), detection_result=found, metadata=START)
    assert version.version == 1


def test_convert_refuses_an_unsettled_detection(runtime) -> None:
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(REALDATA / "phy_kilosort"))
    assert found.needs_choice and {a.interface for a in found.alternatives} == {
        "PhySortingInterface",
        "KiloSortSortingInterface",
    }
    with pytest.raises(BadInputError, match="not settled"):
        runtime.call(conversion.CONVERT, input_path=str(REALDATA / "phy_kilosort"), detection_result=found, metadata={})
    with pytest.raises(BadInputError, match="Choose the format first"):
        runtime.call(conversion.EXTRACT_METADATA)


def test_cancel_during_the_write_leaves_no_file_and_no_version(runtime, tmp_path: Path) -> None:
    from agentic_neurodata.sample_data import write_sample_spikeglx

    run = write_sample_spikeglx(tmp_path / "long", SampleSpec(n_channels=64, duration_s=12.0))
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(run))

    def cancel_on_first_bytes(event: dict) -> None:
        if event["type"] == "progress" and event["metadata"].get("bytes_done"):
            runtime.store.request_cancel()

    runtime.store.subscribe(cancel_on_first_bytes)
    with pytest.raises(WorkflowCancelled):
        runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    state = runtime.store.snapshot()
    assert state.versions == [] and state.stages["conversion"].status == "failed"
    assert not any(Path(tmp_path / "out").glob("*.nwb")) and not any(Path(tmp_path / "out").glob(".*"))
