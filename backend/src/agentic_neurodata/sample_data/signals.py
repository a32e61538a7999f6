"""Deterministic extracellular-like traces shared by every generated sample."""

from __future__ import annotations

import numpy as np


def spike_template(rate_hz: float) -> np.ndarray:
    """A 2 ms biphasic extracellular action potential, peak -1."""
    t = np.arange(int(0.002 * rate_hz)) / rate_hz
    trough = -np.exp(-((t - 0.0005) ** 2) / (2 * 0.00012**2))
    rebound = 0.35 * np.exp(-((t - 0.0010) ** 2) / (2 * 0.00030**2))
    return trough + rebound


def traces_uv(
    n_samples: int, n_channels: int, rate_hz: float, seed: int, noise_uv: float = 12.0, n_units: int = 4
) -> np.ndarray:
    """Gaussian noise with a few spiking units on neighbouring channels, in microvolts (float32)."""
    rng = np.random.default_rng(seed)
    data = rng.normal(0.0, noise_uv, size=(n_samples, n_channels)).astype(np.float32)
    template = spike_template(rate_hz)
    if template.size == 0 or n_samples <= template.size:
        return data
    channels = np.arange(n_channels)
    duration = n_samples / rate_hz
    for _ in range(n_units):
        centre = rng.uniform(0, max(n_channels - 1, 0))
        amplitude = rng.uniform(80.0, 220.0)
        footprint = np.exp(-((channels - centre) ** 2) / (2 * 1.5**2)).astype(np.float32)
        onsets = rng.integers(0, n_samples - template.size, size=rng.poisson(rng.uniform(4.0, 20.0) * duration))
        waveform = (template[:, None] * footprint[None, :] * amplitude).astype(np.float32)
        for onset in onsets:
            data[onset : onset + template.size] += waveform
    return data


def to_int16(traces: np.ndarray, uv_per_bit: float) -> np.ndarray:
    return np.clip(np.round(traces / uv_per_bit), -32768, 32767).astype(np.int16)
