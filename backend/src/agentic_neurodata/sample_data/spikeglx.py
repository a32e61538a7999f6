"""Generate a small, valid SpikeGLX recording (imec0 AP + LF) for demos and tests.

The run is realistic enough for NeuroConv and NWB Inspector to treat it like a real
Neuropixels 1.0 recording: a full 384-entry IMRO table with a saved subset of channels,
Gaussian noise with a few spiking units on top, a sync channel, and an LF band.
It deliberately carries no subject or experimenter metadata (SpikeGLX never stores them),
so a conversion without user input fails NWB Inspector's DANDI checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import numpy as np

NP1_AP_GAIN = 500
NP1_LF_GAIN = 250
NP1_RANGE_MAX_V = 0.6
NP1_MAX_INT = 512
PROBE_READOUT_CHANNELS = 384


@dataclass(frozen=True)
class SampleSpec:
    """What to generate. Defaults give about 6.4 MB on disk."""

    run_name: str = "sample_run"
    n_channels: int = 32
    duration_s: float = 3.0
    ap_rate_hz: float = 30000.0
    lf_rate_hz: float = 2500.0
    n_units: int = 6
    noise_uv: float = 12.0
    seed: int = 20240305
    file_create_time: datetime = datetime(2024, 3, 5, 14, 30, 0)


def uv_per_bit(gain: int) -> float:
    """Microvolts represented by one int16 step for a Neuropixels 1.0 channel of this gain."""
    return NP1_RANGE_MAX_V / NP1_MAX_INT / gain * 1e6


def _imro_table() -> str:
    # NP1.0 entry: (channel bank refid apgain lfgain aphipass); all 384 readout channels are listed
    # even when only a subset is saved, exactly as SpikeGLX writes it.
    entries = "".join(f"({ch} 0 0 {NP1_AP_GAIN} {NP1_LF_GAIN} 1)" for ch in range(PROBE_READOUT_CHANNELS))
    return f"(0,{PROBE_READOUT_CHANNELS}){entries}"


def _channel_map(n_channels: int, kind: str) -> str:
    prefix = "AP" if kind == "ap" else "LF"
    offset = 0 if kind == "ap" else PROBE_READOUT_CHANNELS
    entries = "".join(f"({prefix}{ch};{ch + offset}:{ch})" for ch in range(n_channels))
    sync_index = 2 * PROBE_READOUT_CHANNELS
    return f"({PROBE_READOUT_CHANNELS},{PROBE_READOUT_CHANNELS},1){entries}(SY0;{sync_index}:{sync_index})"


def _meta_text(spec: SampleSpec, kind: str, bin_path: Path, n_samples: int) -> str:
    rate = spec.ap_rate_hz if kind == "ap" else spec.lf_rate_hz
    n_saved = spec.n_channels + 1
    saved_subset = f"0:{spec.n_channels - 1},{2 * PROBE_READOUT_CHANNELS}"
    if kind == "lf":
        saved_subset = (
            f"{PROBE_READOUT_CHANNELS}:{PROBE_READOUT_CHANNELS + spec.n_channels - 1},{2 * PROBE_READOUT_CHANNELS}"
        )
    ap_lf_sy = f"{spec.n_channels},0,1" if kind == "ap" else f"0,{spec.n_channels},1"
    fields = {
        "acqApLfSy": f"{PROBE_READOUT_CHANNELS},{PROBE_READOUT_CHANNELS},1",
        "appVersion": "20230425",
        "fileCreateTime": spec.file_create_time.strftime("%Y-%m-%dT%H:%M:%S"),
        "fileName": f"D:/data/{bin_path.parent.parent.name}/{bin_path.parent.name}/{bin_path.name}",
        "fileSizeBytes": str(n_samples * n_saved * 2),
        "fileTimeSecs": f"{n_samples / rate:.6f}",
        "firstSample": "0",
        "gateMode": "Immediate",
        "imAiRangeMax": str(NP1_RANGE_MAX_V),
        "imAiRangeMin": str(-NP1_RANGE_MAX_V),
        "imDatPrb_pn": "NP1000",
        "imDatPrb_sn": "18194814012",
        "imDatPrb_type": "0",
        "imDatPrb_port": "1",
        "imDatPrb_slot": "2",
        "imMaxInt": str(NP1_MAX_INT),
        "imSampRate": f"{rate:g}",
        "nSavedChans": str(n_saved),
        "snsApLfSy": ap_lf_sy,
        "snsSaveChanSubset": saved_subset,
        "trigMode": "Immediate",
        "typeImEnabled": "1",
        "typeNiEnabled": "0",
        "typeThis": "imec",
        "~imroTbl": _imro_table(),
        "~snsChanMap": _channel_map(spec.n_channels, kind),
    }
    return "".join(f"{key}={value}\n" for key, value in fields.items())


def _spike_template(rate_hz: float) -> np.ndarray:
    """A 2 ms biphasic extracellular action potential, peak -1."""
    t = np.arange(int(0.002 * rate_hz)) / rate_hz
    trough = -np.exp(-((t - 0.0005) ** 2) / (2 * 0.00012**2))
    rebound = 0.35 * np.exp(-((t - 0.0010) ** 2) / (2 * 0.00030**2))
    return trough + rebound


@dataclass(frozen=True)
class SampleUnit:
    """One spiking unit of the generated AP band: the ground truth a sorter would find."""

    centre: float  # position on the probe, in channels
    amplitude_uv: float
    onsets: np.ndarray  # first sample of each spike's waveform

    @property
    def channel(self) -> int:
        """The channel where the unit is largest."""
        return round(self.centre)


def _units(spec: SampleSpec, rng: np.random.Generator, n_samples: int, template_size: int) -> list[SampleUnit]:
    units = []
    for _ in range(spec.n_units):
        centre = rng.uniform(0, spec.n_channels - 1)
        amplitude_uv = rng.uniform(80.0, 220.0)
        rate = rng.uniform(4.0, 20.0)
        n_spikes = rng.poisson(rate * spec.duration_s)
        units.append(SampleUnit(centre, amplitude_uv, rng.integers(0, n_samples - template_size, size=n_spikes)))
    return units


def _ap_band(spec: SampleSpec, rng: np.random.Generator) -> tuple[np.ndarray, list[SampleUnit]]:
    n_samples = int(spec.duration_s * spec.ap_rate_hz)
    bit = uv_per_bit(NP1_AP_GAIN)
    traces_uv = rng.normal(0.0, spec.noise_uv, size=(n_samples, spec.n_channels)).astype(np.float32)
    template = _spike_template(spec.ap_rate_hz)
    channels = np.arange(spec.n_channels)
    units = _units(spec, rng, n_samples, template.size)
    for unit in units:
        footprint = np.exp(-((channels - unit.centre) ** 2) / (2 * 1.5**2)).astype(np.float32)
        waveform = (template[:, None] * footprint[None, :] * unit.amplitude_uv).astype(np.float32)
        for onset in unit.onsets:
            traces_uv[onset : onset + template.size] += waveform
    return np.round(traces_uv / bit).astype(np.int16), units


def sample_units(spec: SampleSpec = SampleSpec()) -> list[SampleUnit]:
    """The units write_sample_spikeglx puts in the AP band of `spec` (drawn from the same seed)."""
    return _ap_band(spec, np.random.default_rng(spec.seed))[1]


def _lf_band(spec: SampleSpec, rng: np.random.Generator) -> np.ndarray:
    n_samples = int(spec.duration_s * spec.lf_rate_hz)
    t = np.arange(n_samples) / spec.lf_rate_hz
    theta = 150.0 * np.sin(2 * np.pi * 7.5 * t)[:, None]
    depth_phase = np.linspace(0, np.pi / 2, spec.n_channels)[None, :]
    traces_uv = theta * np.cos(depth_phase) + rng.normal(0.0, 20.0, size=(n_samples, spec.n_channels))
    return np.round(traces_uv / uv_per_bit(NP1_LF_GAIN)).astype(np.int16)


def _with_sync(traces: np.ndarray, rate_hz: float) -> np.ndarray:
    # SpikeGLX's sync channel carries a 1 Hz square wave on bit 6.
    t = np.arange(traces.shape[0]) / rate_hz
    sync = np.where((t % 1.0) < 0.5, 64, 0).astype(np.int16)
    return np.concatenate([traces, sync[:, None]], axis=1)


def write_sample_spikeglx(root: Path, spec: SampleSpec = SampleSpec()) -> Path:
    """Write `<root>/<run>_g0/<run>_g0_imec0/` with AP and LF bin+meta pairs; return the run folder."""
    rng = np.random.default_rng(spec.seed)
    run_folder = Path(root) / f"{spec.run_name}_g0"
    probe_folder = run_folder / f"{spec.run_name}_g0_imec0"
    probe_folder.mkdir(parents=True, exist_ok=True)
    ap, _ = _ap_band(spec, rng)
    bands = {
        "ap": _with_sync(ap, spec.ap_rate_hz),
        "lf": _with_sync(_lf_band(spec, rng), spec.lf_rate_hz),
    }
    for kind, data in bands.items():
        stem = f"{spec.run_name}_g0_t0.imec0.{kind}"
        bin_path = probe_folder / f"{stem}.bin"
        data.tofile(bin_path)
        (probe_folder / f"{stem}.meta").write_text(_meta_text(spec, kind, bin_path, data.shape[0]))
    return run_folder


def read_sample_ap(run_folder: Path, n_channels: int) -> np.ndarray:
    """The AP traces as written (samples x channels, without the sync channel), for checks."""
    bin_path = next(Path(run_folder).rglob("*.ap.bin"))
    return np.fromfile(bin_path, dtype=np.int16).reshape(-1, n_channels + 1)[:, :n_channels]


def write_large_spikeglx(
    root: Path, duration_s: float, n_channels: int = PROBE_READOUT_CHANNELS, seed: int = 20240305, block_s: float = 1.0
) -> Path:
    """A long AP-band run written block by block (bounded memory, any size), for benchmarks:
    noise plus spikes, and the sync channel. Deterministic for a given seed and block length."""
    spec = SampleSpec(run_name="large_run", n_channels=n_channels, duration_s=duration_s)
    run_folder = Path(root) / f"{spec.run_name}_g0"
    probe_folder = run_folder / f"{spec.run_name}_g0_imec0"
    probe_folder.mkdir(parents=True, exist_ok=True)
    bin_path = probe_folder / f"{spec.run_name}_g0_t0.imec0.ap.bin"
    n_samples = int(duration_s * spec.ap_rate_hz)
    block = int(block_s * spec.ap_rate_hz)
    template = (_spike_template(spec.ap_rate_hz) * 150.0 / uv_per_bit(NP1_AP_GAIN)).astype(np.float32)
    rng = np.random.default_rng(seed)
    with open(bin_path, "wb") as handle:
        for start in range(0, n_samples, block):
            size = min(block, n_samples - start)
            counts = rng.normal(0.0, spec.noise_uv / uv_per_bit(NP1_AP_GAIN), size=(size, n_channels)).astype(
                np.float32
            )
            for onset in rng.integers(0, max(1, size - template.size), size=int(size / spec.ap_rate_hz * 40)):
                channel = int(rng.integers(0, n_channels))
                counts[onset : onset + template.size, channel] += template[: size - onset]
            traces = np.round(counts).astype(np.int16)
            t = (start + np.arange(size)) / spec.ap_rate_hz
            sync = np.where((t % 1.0) < 0.5, 64, 0).astype(np.int16)
            np.concatenate([traces, sync[:, None]], axis=1).tofile(handle)
    (probe_folder / f"{spec.run_name}_g0_t0.imec0.ap.meta").write_text(_meta_text(spec, "ap", bin_path, n_samples))
    return run_folder


NIDQ_RATE_HZ = 25000.0


def add_sample_nidq(
    run_folder: Path, active_lines: tuple[int, ...] = (), duration_s: float = 3.0, seed: int = 20240305
) -> Path:
    """Add a NIDQ stream to a SpikeGLX run: two analog channels (XA0, XA1) and one 8-line digital
    word (XD0) in which only `active_lines` ever change (a 100 ms TTL at 0.5 s, 1.5 s, ...); the others stay low, as
    unused lines do on a real rig. Returns the .nidq.bin path."""
    run_folder = Path(run_folder)
    n_samples = int(duration_s * NIDQ_RATE_HZ)
    rng = np.random.default_rng(seed)
    analog = rng.normal(0.0, 200.0, size=(n_samples, 2)).astype(np.int16)
    t = np.arange(n_samples) / NIDQ_RATE_HZ
    word = np.zeros(n_samples, dtype=np.int16)
    for line in active_lines:
        word |= np.where(((t % 1.0) >= 0.5) & ((t % 1.0) < 0.6), 1 << line, 0).astype(np.int16)
    data = np.concatenate([analog, word[:, None]], axis=1)
    bin_path = run_folder / f"{run_folder.name}_t0.nidq.bin"
    data.tofile(bin_path)
    fields = {
        "acqMnMaXaDw": "0,0,2,1",
        "appVersion": "20230425",
        "fileCreateTime": "2024-03-05T14:30:00",
        "fileName": f"D:/data/{run_folder.name}/{bin_path.name}",
        "fileSizeBytes": str(data.nbytes),
        "fileTimeSecs": f"{duration_s:.6f}",
        "firstSample": "0",
        "gateMode": "Immediate",
        "niAiRangeMax": "5",
        "niAiRangeMin": "-5",
        "niMAGain": "1",
        "niMNGain": "200",
        "niMaxInt": "32768",
        "niSampRate": f"{NIDQ_RATE_HZ:g}",
        "niXDBytes1": "1",
        "niXDChans1": "0:7",
        "nSavedChans": "3",
        "snsMnMaXaDw": "0,0,2,1",
        "snsSaveChanSubset": "all",
        "trigMode": "Immediate",
        "typeImEnabled": "1",
        "typeNiEnabled": "1",
        "typeThis": "nidq",
        "~snsChanMap": "(0,0,2,0,1)(XA0;0:0)(XA1;1:1)(XD0;2:2)",
    }
    bin_path.with_suffix(".meta").write_text("".join(f"{key}={value}\n" for key, value in fields.items()))
    return bin_path
