"""NWB files for evaluation tests, written once per test session with plain NeuroConv (not the
conversion agent, which changes independently): the generated SpikeGLX sample with and without
metadata, and the real recordings of ../shared/realdata."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from agentic_neurodata.metadata.nwb_mapping import apply_user_metadata
from tests.support.paths import REALDATA
from tests.support.settings import FULL_METADATA

# Full metadata, with a lab name that must survive the PDF's markup unharmed.
TRICKY_LAB = "Smith & <Jones> Lab"
SAMPLE_METADATA = {
    "minimal": {"session_start_time": "2024-03-05T14:30:00-05:00"},
    "full": {**FULL_METADATA, "lab": TRICKY_LAB},
}


def _real_cases() -> dict[str, tuple[str, dict, dict]]:
    return {
        "openephys_legacy": (
            "OpenEphysLegacyRecordingInterface",
            {"folder_path": str(REALDATA / "openephys_legacy" / "Record Node 101")},
            {},
        ),
        "intan": (
            "IntanRecordingInterface",
            {"file_path": str(REALDATA / "intan" / "sampledata_v1_2021-04-20.rhd")},
            {},
        ),
        "abf": (
            "AxonIntracellularInterface",
            {
                "file_path": str(REALDATA / "abf" / "17o05028_ic_steps.abf"),
                "response_channel_name": "IN0",
                "mode": "current_clamp",
                "stimulus_command": "Cmd 0",
            },
            {},
        ),
        "phy": ("PhySortingInterface", {"folder_path": str(REALDATA / "phy_kilosort" / "bme410")}, {}),
        "edf": (
            "EDFRecordingInterface",
            {"file_path": str(REALDATA / "edf" / "OpenBCI_COsleep_multiple_annotation_chans.bdf")},
            {"data_representation": "physical_units"},
        ),
    }


@pytest.fixture(scope="session")
def sample_nwb(sample_run: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """{"minimal": no subject or experimenter, "full": FULL_METADATA (+ a lab name with markup characters)}."""
    from neuroconv.converters import SpikeGLXConverterPipe

    folder = tmp_path_factory.mktemp("sample_nwb")
    written = {}
    for name, flat in SAMPLE_METADATA.items():
        converter = SpikeGLXConverterPipe(folder_path=str(sample_run))
        metadata = apply_user_metadata(converter.get_metadata(), flat)
        path = folder / f"sample_{name}_v1.nwb"
        converter.run_conversion(nwbfile_path=str(path), metadata=metadata, overwrite=True)
        written[name] = path
    return written


@pytest.fixture(scope="session")
def real_nwb(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The real recordings converted as the shared README says, with a session start time in Paris."""
    import neuroconv.datainterfaces as interfaces

    if not REALDATA.is_dir():
        pytest.skip("../shared/realdata is not available")
    folder = tmp_path_factory.mktemp("real_nwb")
    written = {}
    for name, (interface, source, options) in _real_cases().items():
        recording = getattr(interfaces, interface)(**source)
        metadata = recording.get_metadata()
        metadata["NWBFile"]["session_start_time"] = datetime(2024, 1, 1, 10, tzinfo=ZoneInfo("Europe/Paris"))
        path = folder / f"{name}.nwb"
        recording.run_conversion(nwbfile_path=str(path), metadata=metadata, overwrite=True, **options)
        written[name] = path
    return written
