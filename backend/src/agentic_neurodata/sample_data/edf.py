"""A small EDF+ recording written with pyedflib (the library NeuroConv's EDF reader uses)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import numpy as np

from .signals import traces_uv

RATE_HZ = 256
CHANNELS = 8


def write_sample_edf(root: Path, seconds: int = 4, seed: int = 7) -> Path:
    import pyedflib

    path = Path(root) / "sample_eeg.edf"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = traces_uv(seconds * RATE_HZ, CHANNELS, RATE_HZ, seed, noise_uv=20.0, n_units=0).astype(np.float64)
    writer = pyedflib.EdfWriter(str(path), CHANNELS, file_type=pyedflib.FILETYPE_EDFPLUS)
    try:
        # Same physical and digital range on every channel: one gain, one offset (NeuroConv needs that
        # for digital counts; real montages with different ranges need physical units, see options.py).
        writer.setSignalHeaders(
            [
                {
                    "label": f"EEG{i + 1}",
                    "dimension": "uV",
                    "sample_frequency": RATE_HZ,
                    "physical_max": 500.0,
                    "physical_min": -500.0,
                    "digital_max": 32767,
                    "digital_min": -32768,
                    "transducer": "AgAgCl electrode",
                    "prefilter": "HP:0.1Hz",
                }
                for i in range(CHANNELS)
            ]
        )
        writer.setStartdatetime(datetime(2024, 3, 5, 14, 30, 0))
        writer.writeSamples([np.clip(data[:, i], -500, 500) for i in range(CHANNELS)])
    finally:
        writer.close()
    return path
