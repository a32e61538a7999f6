"""Which recording of the session a spike sorting was made from, and on which channels each unit lies.

A sorter writes spike times as sample numbers of the file it sorted and each unit's channels as rows
of that file. Phy and Kilosort say which file and how many rows in `params.py` (`dat_path`,
`n_channels_dat`, `sample_rate`), which rows they used in `channel_map.npy`, and each unit's best
channel in `cluster_info.tsv` (`ch`, read by SpikeInterface as a unit property). The rule, written
down in docs/architecture.md ("Whole sessions"): a sorting matches a recording when the rates agree,
the file it sorted had the recording's channels (one more is a sync channel saved alongside, as
SpikeGLX does), and `dat_path`, when it names a file of the upload, names one of the recording's.
Only then are its units linked to the recording's electrodes (NeuroConv's SortedRecordingConverter
does the linking), and then every spike must fall within the recording.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import Any

import numpy as np

RATE_TOLERANCE = 1e-3  # relative: 30000 and 30000.0 agree, 30000 and 25000 do not


@dataclass(frozen=True)
class SorterLayout:
    """What a Phy/Kilosort folder says about the data it sorted."""

    folder: Path
    dat_channels: int | None
    channel_map: tuple[int, ...]
    rate_hz: float | None
    dat_file: str | None  # the base name of the file it sorted

    def describe(self) -> str:
        parts = []
        if self.dat_channels is not None:
            parts.append(f"{self.dat_channels} channels in the sorted file (params.py n_channels_dat)")
        if self.channel_map:
            parts.append(f"{len(self.channel_map)} used (channel_map.npy)")
        if self.rate_hz:
            parts.append(f"{self.rate_hz:g} Hz")
        return ", ".join(parts)


def read_params(path: Path) -> dict[str, Any]:
    """params.py as plain values, without running it (it is Python that only assigns literals)."""
    values: dict[str, Any] = {}
    for node in ast.parse(path.read_text(encoding="utf-8", errors="replace")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return values


def sorter_layout(source_data: dict[str, Any]) -> SorterLayout | None:
    """The layout of a Phy/Kilosort folder, or None when the reader is not one (no params.py)."""
    folder = source_data.get("folder_path")
    if not isinstance(folder, (str, Path)) or not (Path(folder) / "params.py").is_file():
        return None
    folder_path = Path(folder)
    try:
        params = read_params(folder_path / "params.py")
    except SyntaxError:
        params = {}
    channel_map: tuple[int, ...] = ()
    if (folder_path / "channel_map.npy").is_file():
        channel_map = tuple(int(c) for c in np.load(folder_path / "channel_map.npy").ravel())
    dat_path = params.get("dat_path")
    if isinstance(dat_path, (list, tuple)):
        dat_path = dat_path[0] if dat_path else None
    dat_channels = params.get("n_channels_dat")
    rate = params.get("sample_rate")
    return SorterLayout(
        folder=folder_path,
        dat_channels=int(dat_channels) if isinstance(dat_channels, (int, float)) else None,
        channel_map=channel_map,
        rate_hz=float(rate) if isinstance(rate, (int, float)) else None,
        # Written on another machine, perhaps Windows: only the base name can be compared.
        dat_file=PureWindowsPath(str(dat_path)).name if dat_path else None,
    )


@dataclass(frozen=True)
class RecordingChoice:
    """A recording stream a sorting may have been made from."""

    name: str  # its name in the session plan
    channel_count: int
    rate_hz: float
    samples: int
    files: frozenset[str]  # base names of its files


@dataclass(frozen=True)
class Match:
    recording: RecordingChoice | None
    reason: str
    # Set when the sorting matches but its spikes fall outside the recording: bad input, not a mismatch.
    problem: str | None = None


def _fits(layout: SorterLayout, sorting_rate: float, recording: RecordingChoice) -> str | None:
    """Why `recording` is not the one the sorting was made from, or None when it fits."""
    rate = layout.rate_hz or sorting_rate
    if abs(rate - recording.rate_hz) > RATE_TOLERANCE * recording.rate_hz:
        return f"{recording.name} is sampled at {recording.rate_hz:g} Hz, the sorting at {rate:g} Hz"
    if layout.dat_channels is not None and layout.dat_channels not in (
        recording.channel_count,
        recording.channel_count + 1,
    ):
        return (
            f"the sorting was made from {layout.dat_channels} channels, {recording.name} has {recording.channel_count}"
        )
    if layout.channel_map and max(layout.channel_map) >= recording.channel_count:
        return f"channel_map.npy uses channel {max(layout.channel_map)}, {recording.name} has {recording.channel_count}"
    if not layout.channel_map and layout.dat_channels is None:
        return "the sorting does not say how many channels it was made from (no params.py n_channels_dat)"
    return None


def match(
    layout: SorterLayout | None,
    sorting_rate: float,
    spike_frames: tuple[int, int] | None,
    recordings: list[RecordingChoice],
    upload_files: frozenset[str],
) -> Match:
    """The recording a sorting was made from (see the module's rule), or why none is."""
    if layout is None:
        return Match(None, "the sorting does not say which channels it was made from (no params.py)")
    if not recordings:
        return Match(None, "the session holds no recording to link the units to")
    named = layout.dat_file if layout.dat_file and layout.dat_file in upload_files else None
    candidates = [r for r in recordings if named is None or named in r.files]
    if named and not candidates:
        return Match(None, f"params.py names {named}, which no recording reader of the session reads")
    reasons = {r.name: _fits(layout, sorting_rate, r) for r in candidates}
    fitting = [r for r in candidates if reasons[r.name] is None]
    if not fitting:
        return Match(None, "; ".join(str(reason) for reason in reasons.values()))
    if len(fitting) > 1:
        names = ", ".join(r.name for r in fitting)
        return Match(None, f"it fits {names} equally well and params.py does not name the file it sorted")
    [recording] = fitting
    why = f"{layout.describe()}, as {recording.name}" + (f"; params.py names {named}" if named else "")
    if spike_frames is not None and spike_frames[1] >= recording.samples:
        last_s = spike_frames[1] / recording.rate_hz
        return Match(
            recording,
            why,
            problem=(
                f"spike_times.npy has spikes up to sample {spike_frames[1]} ({last_s:.3f} s), after the end of "
                f"{recording.name} ({recording.samples} samples, {recording.samples / recording.rate_hz:.3f} s). "
                "The sorting was made from a longer recording, or its times were shifted: export it again "
                "from the sorter for this recording"
            ),
        )
    return Match(recording, why)


def unit_rows(sorting_extractor: Any, layout: SorterLayout) -> tuple[dict[Any, list[int]] | None, str]:
    """For each unit, the rows of the sorted file it lies on (its best channel); or None and why not."""
    unit_ids = list(sorting_extractor.get_unit_ids())
    if "ch" not in sorting_extractor.get_property_keys():
        return None, "the sorting does not say on which channel each unit lies (no 'ch' column in cluster_info.tsv)"
    best = sorting_extractor.get_property("ch")
    rows: dict[Any, list[int]] = {}
    for unit, channel in zip(unit_ids, best, strict=True):
        index = int(channel)
        # Phy's `ch` counts the channels it used; channel_map.npy gives their rows in the sorted file.
        rows[unit] = [layout.channel_map[index] if layout.channel_map and index < len(layout.channel_map) else index]
    return rows, "each unit on its best channel (cluster_info.tsv ch)"


def unit_ids_to_channel_ids(sorting_interface: Any, recording_interface: Any) -> dict[Any, list[Any]]:
    """The mapping NeuroConv's SortedRecordingConverter takes: each unit to the recording's channel IDs.
    Raises ValueError (with the reason) when the units' channels are not known."""
    layout = sorter_layout(dict(getattr(sorting_interface, "source_data", {}) or {}))
    if layout is None:
        raise ValueError("the sorting does not say which channels it was made from (no params.py)")
    rows, why = unit_rows(sorting_interface.sorting_extractor, layout)
    if rows is None:
        raise ValueError(why)
    channel_ids = list(recording_interface.recording_extractor.get_channel_ids())
    return {
        unit: [channel_ids[row] for row in unit_rows_ if row < len(channel_ids)] for unit, unit_rows_ in rows.items()
    }
