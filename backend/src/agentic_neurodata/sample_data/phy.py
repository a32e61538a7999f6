"""A Phy/Kilosort output folder sorted from the generated SpikeGLX run (its ground-truth units), and
a trials table beside it: the extra streams of a whole-session sample.

The sorting is what Kilosort writes for a SpikeGLX AP file: `params.py` naming the .bin it sorted
(all saved channels, the sync channel included, in `n_channels_dat`), `channel_map.npy` with the rows
it used, spike times as sample numbers of that file, and Phy's `cluster_info.tsv` with each unit's
best channel (`ch`). Its channels therefore match the recording, so the units link to its electrodes.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .spikeglx import SampleSpec, sample_units

# The trough of the generated spike waveform is 0.5 ms after its first sample: where a sorter puts the spike.
TROUGH_S = 0.0005
# Neuropixels 1.0 site layout (x, y in micrometres) for the channel positions Phy shows.
_SITE_X = (43.0, 11.0, 59.0, 27.0)
_SITE_PITCH_UM = 20.0


def _positions(n_channels: int) -> np.ndarray:
    return np.array([(_SITE_X[ch % 4], _SITE_PITCH_UM * (ch // 2)) for ch in range(n_channels)], dtype=np.float64)


def write_sample_phy(folder: Path, spec: SampleSpec | None = None, shift_samples: int = 0) -> Path:
    """Write the sorting of the SpikeGLX run `spec` describes into `folder`; returns the folder.
    `shift_samples` moves every spike (a positive shift past the run's end makes spike times fall
    outside the recording, for tests of that mistake)."""
    spec = spec or SampleSpec()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    units = sample_units(spec)
    trough = round(TROUGH_S * spec.ap_rate_hz)
    times = np.concatenate([u.onsets + trough for u in units]) + shift_samples
    clusters = np.concatenate([np.full(len(u.onsets), i) for i, u in enumerate(units)])
    order = np.argsort(times, kind="stable")
    times, clusters = times[order].astype(np.uint64), clusters[order].astype(np.int32)
    amplitudes = np.concatenate([np.full(len(u.onsets), u.amplitude_uv) for u in units])[order]
    np.save(folder / "spike_times.npy", times[:, None])
    np.save(folder / "spike_clusters.npy", clusters)
    np.save(folder / "spike_templates.npy", clusters.astype(np.uint32))
    np.save(folder / "amplitudes.npy", amplitudes.astype(np.float64))
    np.save(folder / "channel_map.npy", np.arange(spec.n_channels, dtype=np.int32)[:, None])
    np.save(folder / "channel_positions.npy", _positions(spec.n_channels))
    probe_folder = f"{spec.run_name}_g0_imec0"
    params = {
        "dat_path": f"'../{probe_folder}/{spec.run_name}_g0_t0.imec0.ap.bin'",
        "n_channels_dat": str(spec.n_channels + 1),  # the sync channel is saved in the same file
        "dtype": "'int16'",
        "offset": "0",
        "sample_rate": f"{spec.ap_rate_hz:.1f}",
        "hp_filtered": "False",
    }
    (folder / "params.py").write_text("".join(f"{key} = {value}\n" for key, value in params.items()))
    rows = ["cluster_id\tch\tgroup\tKSLabel\tn_spikes"]
    rows += [f"{i}\t{u.channel}\tgood\tgood\t{len(u.onsets)}" for i, u in enumerate(units)]
    (folder / "cluster_info.tsv").write_text("\n".join(rows) + "\n")
    (folder / "cluster_group.tsv").write_text(
        "cluster_id\tgroup\n" + "".join(f"{i}\tgood\n" for i in range(len(units)))
    )
    return folder


def write_sample_trials(path: Path, duration_s: float = 3.0, interval_s: float = 0.5) -> Path:
    """A trials table (start_time, stop_time, stimulus) as a behaviour rig writes it: one 100 ms
    stimulus every `interval_s`, alternating grating and blank, within the recording's duration."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    starts = np.arange(interval_s, duration_s - 0.1, interval_s)
    rows = ["start_time,stop_time,stimulus"]
    rows += [f"{t:.3f},{t + 0.1:.3f},{'grating' if i % 2 == 0 else 'blank'}" for i, t in enumerate(starts)]
    path.write_text("\n".join(rows) + "\n")
    return path
