"""A small Open Ephys binary recording (GUI 0.6 layout): Record Node / experiment / recording,
structure.oebin, continuous.dat with sample numbers and timestamps, settings.xml."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from .signals import to_int16, traces_uv

RATE_HZ = 30000
CHANNELS = 16
UV_PER_BIT = 0.195
STREAM = "Acquisition_Board-100.Rhythm Data"

SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<SETTINGS>
  <INFO>
    <VERSION>0.6.4</VERSION>
    <PLUGIN_API_VERSION>8</PLUGIN_API_VERSION>
    <DATE>5 Mar 2024 14:30:00</DATE>
    <OS>Linux</OS>
    <MACHINE>rig1</MACHINE>
  </INFO>
</SETTINGS>
"""


def _oebin(n_channels: int) -> dict:
    channels = [
        {
            "channel_name": f"CH{i + 1}",
            "description": "Headstage data channel",
            "identifier": "genericdata.continuous",
            "history": "Acquisition Board -> Record Node",
            "bit_volts": UV_PER_BIT,
            "units": "uV",
            "source_processor_index": i,
            "recorded_processor_index": i,
        }
        for i in range(n_channels)
    ]
    return {
        "GUI version": "0.6.4",
        "continuous": [
            {
                "folder_name": f"{STREAM}/",
                "sample_rate": RATE_HZ,
                "source_processor_name": "Acquisition Board",
                "source_processor_id": 100,
                "stream_name": "Rhythm Data",
                "recorded_processor": "Record Node",
                "recorded_processor_id": 101,
                "num_channels": n_channels,
                "channels": channels,
            }
        ],
        "events": [],
        "spikes": [],
    }


def write_sample_openephys(root: Path, seconds: float = 1.0, seed: int = 13) -> Path:
    node = Path(root) / "sample_openephys" / "Record Node 101"
    recording = node / "experiment1" / "recording1"
    stream = recording / "continuous" / STREAM
    stream.mkdir(parents=True, exist_ok=True)
    n_samples = int(seconds * RATE_HZ)
    to_int16(traces_uv(n_samples, CHANNELS, RATE_HZ, seed), UV_PER_BIT).tofile(stream / "continuous.dat")
    first = 1_000_000
    np.save(stream / "sample_numbers.npy", np.arange(first, first + n_samples, dtype=np.int64))
    np.save(stream / "timestamps.npy", np.arange(first, first + n_samples, dtype=np.float64) / RATE_HZ)
    (recording / "structure.oebin").write_text(json.dumps(_oebin(CHANNELS), indent=2))
    (recording / "sync_messages.txt").write_text(
        f"Software Time (milliseconds since midnight Jan 1st 1970 UTC): 1709649000000\n"
        f"Start Time for Acquisition Board (100) - Rhythm Data @ {RATE_HZ} Hz: {first}\n"
    )
    (node / "settings.xml").write_text(SETTINGS)
    return node.parent
