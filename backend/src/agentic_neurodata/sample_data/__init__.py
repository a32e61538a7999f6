"""Small, deterministic recordings in the formats the service must detect and convert.

Each writer makes a few MB at most with a fixed seed, valid for its NeuroConv reader. SAMPLES
lists them with what a correct conversion holds (reader, channels, rate), for tests and demos.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import blackrock, edf, intan, neuralynx, neuroscope, openephys
from .blackrock import write_sample_blackrock
from .edf import write_sample_edf
from .intan import write_sample_intan
from .neuralynx import write_sample_neuralynx
from .neuroscope import write_sample_neuroscope
from .openephys import write_sample_openephys
from .phy import write_sample_phy, write_sample_trials
from .session import write_sample_session
from .spikeglx import (
    SampleSpec,
    SampleUnit,
    add_sample_nidq,
    read_sample_ap,
    sample_units,
    uv_per_bit,
    write_large_spikeglx,
    write_sample_spikeglx,
)

__all__ = [
    "SAMPLES",
    "Sample",
    "SampleSpec",
    "SampleUnit",
    "add_sample_nidq",
    "read_sample_ap",
    "sample_units",
    "uv_per_bit",
    "write_all_samples",
    "write_large_spikeglx",
    "write_sample_blackrock",
    "write_sample_edf",
    "write_sample_intan",
    "write_sample_neuralynx",
    "write_sample_neuroscope",
    "write_sample_openephys",
    "write_sample_phy",
    "write_sample_session",
    "write_sample_spikeglx",
    "write_sample_trials",
]


@dataclass(frozen=True)
class Sample:
    name: str
    write: Callable[[Path], Path]
    interface: str
    channels: int
    rate_hz: float


SAMPLES: tuple[Sample, ...] = (
    Sample(
        "spikeglx",
        lambda root: write_sample_spikeglx(root),
        "SpikeGLXConverterPipe",
        SampleSpec().n_channels,
        SampleSpec().ap_rate_hz,
    ),
    Sample("openephys", write_sample_openephys, "OpenEphysBinaryConverter", openephys.CHANNELS, openephys.RATE_HZ),
    Sample("intan", write_sample_intan, "IntanConverter", intan.CHANNELS, intan.RATE_HZ),
    Sample("neuralynx", write_sample_neuralynx, "NeuralynxRecordingInterface", neuralynx.CHANNELS, neuralynx.RATE_HZ),
    Sample("blackrock", write_sample_blackrock, "BlackrockRecordingInterface", blackrock.CHANNELS, blackrock.RATE_HZ),
    Sample("edf", write_sample_edf, "EDFRecordingInterface", edf.CHANNELS, edf.RATE_HZ),
    Sample(
        "neuroscope", write_sample_neuroscope, "NeuroScopeRecordingInterface", neuroscope.CHANNELS, neuroscope.RATE_HZ
    ),
)


def write_all_samples(root: Path) -> dict[str, Path]:
    """Each sample in its own folder under `root`; returns name -> what to upload."""
    written = {}
    for sample in SAMPLES:
        folder = Path(root) / sample.name
        written[sample.name] = sample.write(folder)
    return written
