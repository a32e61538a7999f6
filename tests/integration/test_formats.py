"""Every generated sample and every real recording: detected as the right reader, converted with
real NeuroConv, and the file PyNWB reads back holds the expected channels and sampling rate."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.agents.conversion import detection
from agentic_neurodata.errors import FormatDetectionError
from agentic_neurodata.sample_data import SAMPLES
from tests.support.formats import convert, read_series
from tests.support.paths import REALDATA

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def samples_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("samples")


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
def test_generated_sample_is_detected_and_converted(sample, samples_root: Path, tmp_path: Path) -> None:
    upload = sample.write(samples_root / sample.name)
    found, _ = convert(samples_root / sample.name, tmp_path / "out.nwb")
    assert found.interface == sample.interface, found.explanation
    assert found.confidence > 0.9
    series, _ = read_series(tmp_path / "out.nwb")
    assert any(
        s.kind == "ElectricalSeries" and s.channels == sample.channels and s.rate == pytest.approx(sample.rate_hz)
        for s in series
    ), series
    assert upload.exists()


# (upload relative to realdata, expected reader, choice, arguments, check)
REAL = [
    (
        "openephys_binary",
        "OpenEphysBinaryRecordingInterface",
        "OpenEphysBinaryRecordingInterface#Record Node 118#File_Reader-106.0",
        None,
        ("ElectricalSeries", 16, 40000.0),
    ),
    (
        "openephys_legacy/Record Node 101",
        "OpenEphysLegacyRecordingInterface",
        None,
        None,
        ("ElectricalSeries", 16, 40000.0),
    ),
    (
        "openephys_legacy/Record Node 105",
        "OpenEphysLegacyRecordingInterface",
        None,
        None,
        ("ElectricalSeries", 16, 40000.0),
    ),
    (
        "abf/2020_07_29_0062.abf",
        "AxonRecordingInterface",
        "AxonRecordingInterface",
        None,
        ("ElectricalSeries", 2, 10000.0),
    ),
    ("abf/17o05028_ic_steps.abf", "AxonIntracellularInterface", None, {}, ("CurrentClampSeries", 1, 20000.0)),
    (
        "abf/171116sh_0013.abf",
        "AxonIntracellularInterface",
        None,
        {"mode": "voltage_clamp"},
        ("VoltageClampSeries", 1, 20000.0),
    ),
    ("intan/example_intan_file.rhd", "IntanConverter", None, None, ("ElectricalSeries", 2, 20000.0)),
    ("intan/sampledata_v1_2021-04-20.rhd", "IntanConverter", None, None, ("ElectricalSeries", 64, 20000.0)),
    ("edf", "EDFRecordingInterface", None, None, ("ElectricalSeries", 19, 125.0)),
    ("phy_kilosort", "PhySortingInterface", "PhySortingInterface", None, ("units", 295, None)),
]


@pytest.mark.parametrize("relative,interface,pick,arguments,check", REAL, ids=[r[0] for r in REAL])
def test_real_recording_is_detected_and_converted(relative, interface, pick, arguments, check, tmp_path: Path) -> None:
    found, _ = convert(REALDATA / relative, tmp_path / "out.nwb", pick=pick, arguments=arguments)
    assert found.interface == interface, found.explanation
    series, units = read_series(tmp_path / "out.nwb")
    kind, channels, rate = check
    if kind == "units":
        assert units == channels
        return
    assert any(s.kind == kind and s.channels == channels and s.rate == pytest.approx(rate) for s in series), series


def test_intan_file_version_1_5_fails_naming_the_file_and_the_readers_complaint() -> None:
    with pytest.raises(FormatDetectionError) as caught:
        convert(REALDATA / "intan" / "sampledata_v2_2021-04-22.rhd", Path("/nonexistent/never-written.nwb"))
    message = caught.value.message
    assert "sampledata_v2_2021-04-22.rhd" in message and "custom_channel_name" in message
    assert "Intan" in message and "no reader could open" in message


def test_abf_recordings_of_different_dates_are_offered_one_by_one_first() -> None:
    """Found uploading realdata's three ABF files (2017 and 2020): the question said they may be separate
    sessions and recommended "all of them together" in one file; each option said "needs mode,
    response_channel_name" although both are read from the header and never asked."""
    found = detection.detect(REALDATA / "abf", timeout_s=30)
    assert found.needs_choice and "DANDI keeps one session per NWB file" in found.explanation
    choices = found.alternatives
    assert choices[0].choice_id == found.choice_id and choices[-1].choice_id == "together"
    assert all("recommended" not in (c.label or "") for c in choices)
    steps = next(c for c in choices if c.choice_id == "AxonIntracellularInterface@17o05028_ic_steps.abf")
    assert "read from its header: mode current_clamp, response channel name IN 0" in steps.explanation
    assert "needs" not in steps.explanation
