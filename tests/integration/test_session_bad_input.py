"""Bad input in one stream of a session: named with the file and what is wrong, and the rest is
converted once the user agrees; nothing uploaded is lost. A recording paused and resumed converts
whole, each piece at its own time."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pynwb import NWBHDF5IO

from agentic_neurodata.contracts import conversion
from agentic_neurodata.sample_data import SampleSpec, write_sample_openephys, write_sample_phy, write_sample_spikeglx

pytestmark = pytest.mark.slow
START = {"session_start_time": "2024-03-05T14:30:00-05:00"}


def test_a_sorting_folder_missing_params_py_is_named_and_the_rest_converts(runtime, tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    sorting = write_sample_phy(run / "kilosort")
    (sorting / "params.py").unlink()
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(run))
    assert found.needs_choice
    assert "kilosort is missing params.py (the sorter's parameters" in found.explanation
    [option] = found.alternatives
    assert option.label == "Convert the rest (recommended)"
    [broken] = [s for s in found.streams if s.problem]
    assert not broken.included and broken.files == sorted(f"kilosort/{p.name}" for p in sorting.iterdir())
    done = runtime.call(conversion.COMPLETE_DETECTION, choice=option.choice_id)
    assert [s.interface for s in done.included_streams()] == ["SpikeGLXConverterPipe"]
    version = runtime.call(conversion.CONVERT, input_path=str(run), detection_result=done, metadata=START)
    with NWBHDF5IO(version.path, "r") as io:
        nwbfile = io.read()
        assert nwbfile.units is None and "ElectricalSeriesAP" in nwbfile.acquisition
    assert (sorting / "spike_times.npy").is_file()  # nothing uploaded is lost


def test_spike_times_after_the_recording_end_are_named_and_the_rest_converts(runtime, tmp_path: Path) -> None:
    spec = SampleSpec()
    run = write_sample_spikeglx(tmp_path / "upload", spec)
    write_sample_phy(run / "kilosort", spec, shift_samples=int(spec.duration_s * spec.ap_rate_hz))
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(run))
    [sorting] = [s for s in found.streams if s.kind == "sorting" and not s.included]
    assert sorting.problem is not None and sorting.problem.startswith(
        "kilosort: spike_times.npy has spikes up to sample"
    )
    assert "after the end of imec0.ap (90000 samples, 3.000 s)" in sorting.problem
    # Phy and Kilosort still tie on the folder: the question is which reader, and both options leave it out.
    assert {a.choice_id for a in found.alternatives} == {"PhySortingInterface", "KiloSortSortingInterface"}
    assert "spike_times.npy has spikes up to sample" in found.explanation
    done = runtime.call(conversion.COMPLETE_DETECTION, choice="PhySortingInterface")
    version = runtime.call(conversion.CONVERT, input_path=str(run), detection_result=done, metadata=START)
    with NWBHDF5IO(version.path, "r") as io:
        assert io.read().units is None


def test_a_recording_paused_and_resumed_converts_whole_each_piece_at_its_time(runtime, tmp_path: Path) -> None:
    upload = write_sample_openephys(tmp_path / "upload")
    first = upload / "Record Node 101" / "experiment1" / "recording1"
    second = first.with_name("recording2")
    second.mkdir()
    for path in first.rglob("*"):
        if path.is_file():
            target = second / path.relative_to(first)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    stream = second / "continuous" / "Acquisition_Board-100.Rhythm Data"
    resumed = 1_000_000 + 5 * 30000  # five seconds after the first piece started
    samples = np.arange(resumed, resumed + 30000, dtype=np.int64)
    np.save(stream / "sample_numbers.npy", samples)
    np.save(stream / "timestamps.npy", samples / 30000.0)
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(upload))
    assert not found.needs_choice, found.explanation
    [recording] = found.streams
    assert [(p.index, round(p.start_s, 3), p.duration_s) for p in recording.pieces] == [
        (0, 33.333, 1.0),
        (1, 38.333, 1.0),
    ]
    assert json.loads(json.dumps(runtime.store.snapshot().extracted_metadata))["duration_s"] == 2.0
    version = runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=found, metadata=START)
    with NWBHDF5IO(version.path, "r") as io:
        series = [s for s in io.read().acquisition.values() if type(s).__name__ == "ElectricalSeries"]
        assert sorted(round(s.starting_time, 3) for s in series) == [33.333, 38.333]
        assert all(s.data.shape == (30000, 16) for s in series)
