"""A small Neuralynx recording: one .ncs file per channel (16 kB text header + 512-sample records)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .signals import traces_uv

RATE_HZ = 32000
CHANNELS = 4
SAMPLES_PER_RECORD = 512
AD_BIT_VOLTS = 0.000000030517578125  # 1000 uV input range over 32768 steps
HEADER_SIZE = 16384
START_US = 1_709_649_000_000_000 % 10**12  # any epoch; records count from here


def _header(channel: int) -> bytes:
    lines = [
        "######## Neuralynx Data File Header",
        f"## File Name C:\\CheetahData\\2024-03-05_14-30-00\\CSC{channel + 1}.ncs",
        "## Time Opened (m/d/y): 3/5/2024  (h:m:s.ms) 14:30:00.000",
        "## Time Closed (m/d/y): 3/5/2024  (h:m:s.ms) 14:30:02.000",
        "-FileType NCS",
        "-FileVersion 3.4",
        "-RecordSize 1044",
        "-CheetahRev 6.4.1",
        f"-AcqEntName CSC{channel + 1}",
        "-HardwareSubSystemName AcqSystem1",
        "-HardwareSubSystemType DigitalLynxSX",
        f"-SamplingFrequency {RATE_HZ}",
        "-ADMaxValue 32767",
        f"-ADBitVolts {AD_BIT_VOLTS:.24f}",
        "-NumADChannels 1",
        f"-ADChannel {channel}",
        "-InputRange 1000",
        "-InputInverted True",
        "-DSPLowCutFilterEnabled True",
        "-DspLowCutFrequency 0.1",
        "-DspLowCutNumTaps 0",
        "-DspLowCutFilterType DCO",
        "-DSPHighCutFilterEnabled True",
        "-DspHighCutFrequency 9000",
        "-DspHighCutNumTaps 64",
        "-DspHighCutFilterType FIR",
        "-DspDelayCompensation Enabled",
        "-DspFilterDelay_µs 984",
    ]
    text = "\r\n".join(lines).encode("latin-1")
    return text + b"\x00" * (HEADER_SIZE - len(text))


def write_sample_neuralynx(root: Path, seconds: float = 1.0, seed: int = 19) -> Path:
    folder = Path(root) / "sample_neuralynx"
    folder.mkdir(parents=True, exist_ok=True)
    n_records = int(seconds * RATE_HZ) // SAMPLES_PER_RECORD
    n_samples = n_records * SAMPLES_PER_RECORD
    counts = np.round(traces_uv(n_samples, CHANNELS, RATE_HZ, seed) / (AD_BIT_VOLTS * 1e6))
    record = np.dtype(
        [
            ("timestamp", "<u8"),
            ("channel_id", "<u4"),
            ("sample_rate", "<u4"),
            ("nb_valid", "<u4"),
            ("samples", "<i2", SAMPLES_PER_RECORD),
        ]
    )
    record_us = SAMPLES_PER_RECORD * 1_000_000 // RATE_HZ  # 16000 us: exact at 32 kHz
    for c in range(CHANNELS):
        records = np.zeros(n_records, dtype=record)
        records["timestamp"] = START_US + np.arange(n_records, dtype=np.uint64) * record_us
        records["channel_id"] = c
        records["sample_rate"] = RATE_HZ
        records["nb_valid"] = SAMPLES_PER_RECORD
        records["samples"] = np.clip(counts[:, c], -32768, 32767).astype(np.int16).reshape(n_records, -1)
        with open(folder / f"CSC{c + 1}.ncs", "wb") as handle:
            handle.write(_header(c))
            handle.write(records.tobytes())
    return folder
