"""A small Intan RHD2000 file (format version 3.0, amplifier channels only, header attached)."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

from .signals import traces_uv

RATE_HZ = 20000.0
CHANNELS = 16
UV_PER_BIT = 0.195
BLOCK = 128  # samples per data block from version 2.0 on
MAGIC = 0xC6912702


def _qstring(text: str) -> bytes:
    if not text:
        return struct.pack("<I", 0xFFFFFFFF)
    raw = text.encode("utf-16-le")
    return struct.pack("<I", len(raw)) + raw


def _header(n_channels: int, custom_names: dict[int, str] | None = None) -> bytes:
    out = struct.pack("<Ihh", MAGIC, 3, 0)
    out += struct.pack("<f", RATE_HZ)
    out += struct.pack("<hffffff", 1, 1.0, 0.1, 7500.0, 1.0, 0.1, 7500.0)  # DSP and bandwidths
    out += struct.pack("<hff", 0, 1000.0, 1000.0)  # notch off, impedance test frequencies
    out += _qstring("generated sample") + _qstring("") + _qstring("")
    out += struct.pack("<h", 0)  # temperature sensors
    out += struct.pack("<h", 0)  # eval board mode
    out += _qstring("")  # reference channel
    out += struct.pack("<h", 1)  # one signal group: port A
    out += _qstring("Port A") + _qstring("A") + struct.pack("<hhh", 1, n_channels, n_channels)
    for c in range(n_channels):
        name = f"A-{c:03d}"
        out += _qstring(name) + _qstring((custom_names or {}).get(c, name))
        out += struct.pack("<hhhhhhhhhhff", c, c, 0, 1, c, 0, 0, 0, 0, 0, 1e5, 0.0)
    return out


def write_sample_intan(
    root: Path, seconds: float = 1.0, seed: int = 17, custom_names: dict[int, str] | None = None
) -> Path:
    """`custom_names`: channel index -> the custom name in the header (the Intan software lets people
    rename channels; names copied from elsewhere can carry characters HDF5 cannot store, e.g. a NUL)."""
    path = Path(root) / "sample_intan.rhd"
    path.parent.mkdir(parents=True, exist_ok=True)
    n_samples = int(seconds * RATE_HZ) // BLOCK * BLOCK
    counts = np.round(traces_uv(n_samples, CHANNELS, RATE_HZ, seed) / UV_PER_BIT)
    stored = (np.clip(counts, -32768, 32767) + 32768).astype(np.uint16)  # offset binary, as the RHD stores it
    block = np.dtype([("timestamp", "<i4", BLOCK)] + [(f"A-{c:03d}", "<u2", BLOCK) for c in range(CHANNELS)])
    blocks = np.zeros(n_samples // BLOCK, dtype=block)
    blocks["timestamp"] = np.arange(n_samples, dtype=np.int32).reshape(-1, BLOCK)
    for c in range(CHANNELS):
        blocks[f"A-{c:03d}"] = stored[:, c].reshape(-1, BLOCK)
    with open(path, "wb") as handle:
        handle.write(_header(CHANNELS, custom_names))
        handle.write(blocks.tobytes())
    return path
