"""A small Blackrock recording: one .ns5 file (NEURALCD, file spec 2.3, 30 kHz)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .signals import to_int16, traces_uv

RATE_HZ = 30000
CHANNELS = 8

BASIC = np.dtype(
    [
        ("file_id", "S8"),
        ("ver_major", "u1"),
        ("ver_minor", "u1"),
        ("bytes_in_headers", "<u4"),
        ("label", "S16"),
        ("comment", "S256"),
        ("period", "<u4"),
        ("timestamp_resolution", "<u4"),
        ("year", "<u2"),
        ("month", "<u2"),
        ("weekday", "<u2"),
        ("day", "<u2"),
        ("hour", "<u2"),
        ("minute", "<u2"),
        ("second", "<u2"),
        ("millisecond", "<u2"),
        ("channel_count", "<u4"),
    ]
)
EXTENDED = np.dtype(
    [
        ("type", "S2"),
        ("electrode_id", "<u2"),
        ("electrode_label", "S16"),
        ("physical_connector", "u1"),
        ("connector_pin", "u1"),
        ("min_digital_val", "<i2"),
        ("max_digital_val", "<i2"),
        ("min_analog_val", "<i2"),
        ("max_analog_val", "<i2"),
        ("units", "S16"),
        ("hi_freq_corner", "<u4"),
        ("hi_freq_order", "<u4"),
        ("hi_freq_type", "<u2"),
        ("lo_freq_corner", "<u4"),
        ("lo_freq_order", "<u4"),
        ("lo_freq_type", "<u2"),
    ]
)
PACKET = np.dtype([("header_flag", "u1"), ("timestamp", "<u4"), ("nb_data_points", "<u4")])


def write_sample_blackrock(root: Path, seconds: float = 1.0, seed: int = 23) -> Path:
    path = Path(root) / "sample_blackrock" / "sample_blackrock.ns5"
    path.parent.mkdir(parents=True, exist_ok=True)
    n_samples = int(seconds * RATE_HZ)
    basic = np.zeros(1, dtype=BASIC)
    basic[0] = (
        b"NEURALCD",
        2,
        3,
        BASIC.itemsize + CHANNELS * EXTENDED.itemsize,
        b"raw",
        b"generated sample",
        1,
        30000,
        2024,
        3,
        2,
        5,
        14,
        30,
        0,
        0,
        CHANNELS,
    )
    extended = np.zeros(CHANNELS, dtype=EXTENDED)
    for c in range(CHANNELS):
        extended[c] = (
            b"CC",
            c + 1,
            f"chan{c + 1}".encode(),
            1,
            c + 1,
            -32764,
            32764,
            -8191,
            8191,
            b"uV",
            300,
            1,
            1,
            7500000,
            3,
            1,
        )
    packet = np.zeros(1, dtype=PACKET)
    packet[0] = (1, 0, n_samples)
    data = to_int16(traces_uv(n_samples, CHANNELS, RATE_HZ, seed), 8191 / 32764)
    with open(path, "wb") as handle:
        for part in (basic, extended, packet, data):
            handle.write(part.tobytes())
    return path.parent
