"""A data preview a scientist would look at: a few seconds of traces from a few channels and the
RMS of every channel (flagging dead and noisy ones); or, for a sorting-only file, a spike raster
and firing rates. Only the slice shown is read, so a file of many gigabytes stays fast.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

WINDOW_S = 2.0
N_TRACES = 8
DISPLAY_POINTS = 2000  # min/max pairs per trace: enough for a page, keeps every spike visible
DEAD_FRACTION = 0.2  # RMS below this fraction of the median: probably a dead or disconnected channel
NOISY_FACTOR = 3.0  # RMS above this multiple of the median: probably a noisy channel
RASTER_UNITS = 30
RASTER_WINDOW_S = 30.0
DPI = 150
MAX_BARS = 64  # more channels are drawn as one outline
TRACE_COLOUR = "#1f3b73"
DEAD_COLOUR = "#b00020"
NOISY_COLOUR = "#e08000"


@dataclass
class Figure:
    png: bytes
    caption: str
    width_in: float
    height_in: float


def data_preview(nwb_path: Path) -> Figure | None:
    """The preview figure for this file, or None when it holds nothing to plot."""
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(nwb_path), mode="r") as nwb_io:
        nwbfile = nwb_io.read()
        series = _pick_series(nwbfile)
        if series is not None:
            return _traces_figure(series)
        if nwbfile.units is not None and "spike_times" in nwbfile.units.colnames and len(nwbfile.units):
            return _raster_figure(nwbfile.units)
    return None


# --------------------------------------------------------------------------- choosing what to show


def _numeric_series(obj: Any) -> bool:
    data = getattr(obj, "data", None)
    shape = getattr(data, "shape", None)
    dtype = getattr(data, "dtype", None)
    return (
        shape is not None
        and len(shape) in (1, 2)
        and shape[0] > 1
        and dtype is not None
        and np.issubdtype(np.dtype(dtype), np.number)
        and _rate(obj) is not None
    )


def _rate(obj: Any) -> float | None:
    rate = getattr(obj, "rate", None)
    if rate:
        return float(rate)
    timestamps = getattr(obj, "timestamps", None)
    if timestamps is not None and len(timestamps) > 1:
        step = float(timestamps[1]) - float(timestamps[0])
        return 1.0 / step if step > 0 else None
    return None


def _pick_series(nwbfile: Any) -> Any | None:
    """The widest-band voltage recording; else any numeric series with a known rate."""
    from pynwb.ecephys import ElectricalSeries

    candidates = [o for o in nwbfile.acquisition.values() if _numeric_series(o)]
    for module in nwbfile.processing.values():
        for container in module.data_interfaces.values():
            children = getattr(container, "electrical_series", None) or {}
            candidates.extend(s for s in children.values() if _numeric_series(s))
    if not candidates:
        return None
    return max(
        candidates, key=lambda s: (isinstance(s, ElectricalSeries), getattr(s.data, "ndim", 1) == 2, _rate(s) or 0.0)
    )


# --------------------------------------------------------------------------- traces and RMS


def _in_volts_or_amperes(values: np.ndarray, unit: str, intracellular: bool) -> tuple[np.ndarray, str]:
    """Readable units: µV for extracellular voltage, mV for membrane potential, pA for currents."""
    unit_l = unit.lower()
    if unit_l in ("volts", "volt", "v"):
        return (values * 1e3, "mV") if intracellular else (values * 1e6, "µV")
    if unit_l in ("amperes", "ampere", "amps", "a"):
        return values * 1e12, "pA"
    return values, unit or "a.u."


def _scaled(series: Any, block: np.ndarray, channels: slice = slice(None)) -> tuple[np.ndarray, str]:
    """Data (samples × channels) in physical units, as float32: one copy of the block, scaled in place.
    `channels`: which of the series' channels the block holds (their own conversion factors)."""
    values = block.astype(np.float32)
    per_channel = getattr(series, "channel_conversion", None)
    scale = np.full(values.shape[1], float(getattr(series, "conversion", 1.0) or 1.0), dtype=np.float32)
    if per_channel is not None:
        scale *= np.asarray(per_channel[:], dtype=np.float32)[channels]
    readable, unit = _in_volts_or_amperes(
        np.ones(1, dtype=np.float32), str(getattr(series, "unit", "") or ""), intracellular=block.shape[1] == 1
    )
    values *= scale * readable[0]
    values += float(getattr(series, "offset", 0.0) or 0.0) * readable[0]
    return values, unit


@dataclass
class ChannelSummary:
    """What the multichannel figure shows: every channel's RMS and the traces of the channels with
    the largest spikes relative to their noise (offset removed), in readable units."""

    rms: np.ndarray
    shown: np.ndarray  # channel indices, ascending
    traces: np.ndarray  # samples × len(shown)
    unit: str


def _band_width(data: Any) -> int:
    """Channels read at once: one chunk column (each chunk is decoded once), at least 32."""
    chunks = getattr(data, "chunks", None)
    return max(32, int(chunks[1]) if chunks and len(chunks) > 1 else 64)


def _deflate_only(data: Any) -> bool:
    """A chunked HDF5 dataset compressed with deflate and nothing else (our writing, NeuroConv's default)."""
    import h5py

    return (
        isinstance(data, h5py.Dataset)
        and data.chunks is not None
        and data.compression == "gzip"
        and not data.shuffle
        and not data.fletcher32
        and data.scaleoffset is None
    )


def _window(data: Any, n: int, band: slice) -> np.ndarray:
    """data[:n, band]. Deflate-only chunks are read as stored and inflated with zlib-ng, faster than
    HDF5's zlib (decoding is most of the preview's time); anything else goes through h5py."""
    if not _deflate_only(data):
        return np.asarray(data[:n, band])
    from zlib_ng import zlib_ng

    rows, columns = data.chunks
    out = np.empty((n, band.stop - band.start), dtype=data.dtype)
    for row in range(0, n, rows):
        for column in range(band.start - band.start % columns, band.stop, columns):
            try:
                mask, stored = data.id.read_direct_chunk((row, column))
            except (KeyError, OSError, RuntimeError, ValueError):  # not written (fill value): h5py knows what to do
                return np.asarray(data[:n, band])
            if mask:  # a filter was skipped for this chunk
                return np.asarray(data[:n, band])
            chunk = np.frombuffer(zlib_ng.decompress(stored), dtype=data.dtype).reshape(rows, columns)
            first, last = max(column, band.start), min(column + columns, band.stop)
            height = min(rows, n - row)
            out[row : row + height, first - band.start : last - band.start] = chunk[
                :height, first - column : last - column
            ]
    return out


def _summarise_channels(series: Any, n: int) -> ChannelSummary:
    """Read the window a band of channels at a time (memory: a band, not the whole block), keeping
    each channel's RMS and the best traces so far."""
    data = series.data
    n_channels = int(data.shape[1])
    rms = np.zeros(n_channels, dtype=np.float32)
    best = np.zeros(0, dtype=np.float64)
    kept = np.zeros(0, dtype=np.int64)
    traces = np.zeros((n, 0), dtype=np.float32)
    unit = ""
    width = _band_width(data)
    for first in range(0, n_channels, width):
        band = slice(first, min(first + width, n_channels))
        values, unit = _scaled(series, _window(data, n, band), band)
        # DC offsets would stack traces unevenly. The mean, not the median: a median across samples of a
        # (samples × channels) block takes seconds on 384 channels and spikes barely move a 2 s mean.
        values -= values.mean(axis=0, keepdims=True)
        band_rms = np.sqrt(np.einsum("ij,ij->j", values, values) / values.shape[0])
        rms[band] = band_rms
        # The channels with the largest spikes relative to their own noise: where a scientist looks first.
        excursion = np.maximum(values.max(axis=0), -values.min(axis=0)) / np.where(band_rms > 0, band_rms, np.inf)
        best = np.concatenate([best, excursion])
        kept = np.concatenate([kept, np.arange(band.start, band.stop)])
        traces = np.concatenate([traces, values], axis=1)
        top = np.argsort(best, kind="stable")[::-1][:N_TRACES]
        best, kept, traces = best[top], kept[top], traces[:, top]
    order = np.argsort(kept)
    return ChannelSummary(rms=rms, shown=kept[order], traces=traces[:, order], unit=unit)


def _decimate(trace: np.ndarray, points: int = DISPLAY_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """(sample positions, values) keeping each bin's minimum and maximum, so no spike disappears."""
    n = trace.shape[0]
    if n <= 2 * points:
        return np.arange(n), trace
    size = n // points
    bins = trace[: size * points].reshape(points, size)
    values = np.empty(2 * points, dtype=trace.dtype)
    values[0::2], values[1::2] = bins.min(axis=1), bins.max(axis=1)
    positions = np.repeat(np.arange(points) * size + size // 2, 2)
    return positions, values


def _channel_labels(series: Any, n_channels: int) -> list[str]:
    fallback = [f"channel {i}" for i in range(n_channels)]
    electrodes = getattr(series, "electrodes", None)
    if electrodes is None:
        return fallback
    try:
        table = electrodes.table
        rows = np.asarray(electrodes.data[:])
        if "channel_name" in table.colnames:
            names = table["channel_name"].data[:]
            return [str(names[r].decode() if isinstance(names[r], bytes) else names[r]) for r in rows]
        return [f"electrode {table.id.data[r]}" for r in rows]
    except (AttributeError, IndexError, KeyError, TypeError):
        return fallback


def _style(ax: Any, xlabel: str, ylabel: str | None = None, title: str | None = None) -> None:
    ax.set_xlabel(xlabel, fontsize=8)
    if ylabel:
        ax.set_ylabel(ylabel, fontsize=8)
    if title:
        ax.set_title(title, fontsize=8, loc="left")
    ax.tick_params(labelsize=7)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _traces_figure(series: Any) -> Figure:
    rate = _rate(series) or 1.0
    n = int(min(series.data.shape[0], max(2, round(WINDOW_S * rate))))
    time_s = np.arange(n) / rate
    if len(series.data.shape) == 1 or series.data.shape[1] == 1:
        block = np.asarray(series.data[:n])
        values, unit = _scaled(series, block if block.ndim == 2 else block[:, None])
        return _single_trace_figure(series, values[:, 0], unit, time_s, rate)
    return _multichannel_figure(series, _summarise_channels(series, n), time_s, rate)


def _single_trace_figure(series: Any, trace: np.ndarray, unit: str, time_s: np.ndarray, rate: float) -> Figure:
    from matplotlib.figure import Figure as MplFigure

    figure = MplFigure(figsize=(7.0, 3.0), dpi=DPI, layout="constrained")
    ax = figure.subplots()
    positions, values = _decimate(trace)
    ax.plot(time_s[positions], values, lw=0.6, color=TRACE_COLOUR)
    ax.set_xlim(0, time_s[-1])
    _style(ax, "time from start of the series (s)", unit)
    caption = (
        f"First {time_s[-1]:.1f} s of {series.name} ({type(series).__name__}, {rate:g} Hz), in {unit}; "
        f"range {trace.min():.1f} to {trace.max():.1f} {unit}."
    )
    return _render(figure, caption)


def _multichannel_figure(series: Any, summary: ChannelSummary, time_s: np.ndarray, rate: float) -> Figure:
    from matplotlib.figure import Figure as MplFigure

    rms, shown, unit = summary.rms, summary.shown, summary.unit
    n_channels = rms.shape[0]
    labels = _channel_labels(series, n_channels)
    spacing = 2.5 * (float(np.percentile(np.abs(summary.traces), 99.5)) or 1.0)

    figure = MplFigure(figsize=(7.0, 6.0), dpi=DPI)
    top, bottom = figure.subplots(2, 1, height_ratios=[3, 2])
    _leave_room(figure, longest_tick_label=max(len(labels[c]) for c in shown))
    for row in range(len(shown)):
        positions, trace = _decimate(summary.traces[:, row])
        top.plot(time_s[positions], trace - row * spacing, lw=0.35, color=TRACE_COLOUR)
    top.set_yticks([-row * spacing for row in range(len(shown))], [labels[c] for c in shown], fontsize=7)
    top.set_xlim(0, time_s[-1])
    bar_x, bar_y = time_s[-1] * 1.005, -(len(shown) - 1) * spacing
    top.plot([bar_x, bar_x], [bar_y, bar_y + spacing / 2.5], color="black", lw=1.2, clip_on=False)
    top.text(bar_x, bar_y + spacing / 5, f" {spacing / 2.5:.0f} {unit}", fontsize=7, va="center", clip_on=False)
    _style(
        top,
        "time from start of the series (s)",
        title=f"{series.name}: {len(shown)} of {n_channels} channels with the largest spikes (offset removed)",
    )

    median = float(np.median(rms))
    dead = rms < DEAD_FRACTION * median
    noisy = rms > NOISY_FACTOR * median
    if n_channels <= MAX_BARS:
        colours = np.where(dead, DEAD_COLOUR, np.where(noisy, NOISY_COLOUR, TRACE_COLOUR))
        bottom.bar(np.arange(n_channels), rms, width=0.8, color=colours, linewidth=0)
    else:  # one filled outline instead of hundreds of bars (seconds to draw), flagged channels marked on top
        bottom.stairs(rms, np.arange(n_channels + 1) - 0.5, fill=True, color=TRACE_COLOUR, linewidth=0)
        for flagged, colour in ((dead, DEAD_COLOUR), (noisy, NOISY_COLOUR)):
            bottom.plot(np.flatnonzero(flagged), rms[flagged], "v", color=colour, markersize=4)
    bottom.axhline(median, color="#555555", lw=0.8, ls="--")
    bottom.set_xlim(-0.5, n_channels - 0.5)
    _style(
        bottom,
        "channel (index in the series)",
        f"RMS ({unit})",
        f"RMS of every channel over the same {time_s[-1]:.1f} s (dashed line: median {median:.1f} {unit})",
    )
    caption = (
        f"First {time_s[-1]:.1f} s of {series.name} ({type(series).__name__}, {rate:g} Hz). Top: the "
        f"{len(shown)} channels with the largest excursions relative to their noise, offset removed; each "
        "trace keeps the minimum and maximum of every screen column, so no spike is lost. Bottom: RMS of all "
        f"{n_channels} channels, median {median:.1f} {unit}; {int(dead.sum())} below {DEAD_FRACTION:g}× the "
        f"median (possibly dead, red), {int(noisy.sum())} above {NOISY_FACTOR:g}× (possibly noisy, orange)."
    )
    return _render(figure, caption)


def _leave_room(figure: Any, longest_tick_label: int) -> None:
    """Margins sized from the text they hold. Constrained layout measures every label by drawing the
    figure once more (0.14 s of the 0.6 s the report waits for this figure after a conversion)."""
    width, height = figure.get_size_inches()
    character = 0.6 * 7 / 72  # inches: a 7-point tick label's average character
    left = max(longest_tick_label, 4) * character + 0.35  # tick labels, ticks, the axis title beside them
    gap = 0.75  # the upper panel's axis title and the lower panel's title
    usable = height - 0.3 - 0.5 - gap
    figure.subplots_adjust(
        left=left / width, right=1 - 0.7 / width, top=1 - 0.3 / height, bottom=0.5 / height, hspace=gap / (usable / 2)
    )


# --------------------------------------------------------------------------- sorting-only files


def _raster_figure(units: Any) -> Figure:
    from matplotlib.figure import Figure as MplFigure

    n_units = len(units)
    shown = min(RASTER_UNITS, n_units)
    spike_times = [np.asarray(units["spike_times"][i]) for i in range(n_units)]
    first = min((t.min() for t in spike_times if t.size), default=0.0)
    last = max((t.max() for t in spike_times if t.size), default=first + 1.0)
    span = max(last - first, 1e-9)
    rates = np.array([t.size / span for t in spike_times])

    figure = MplFigure(figsize=(7.0, 5.6), dpi=DPI, layout="constrained")
    top, bottom = figure.subplots(2, 1, height_ratios=[3, 2])
    window_end = first + RASTER_WINDOW_S
    top.eventplot(
        [t[(t >= first) & (t <= window_end)] for t in spike_times[:shown]],
        lineoffsets=np.arange(shown),
        linelengths=0.8,
        linewidths=0.6,
        colors=TRACE_COLOUR,
    )
    top.set_xlim(first, min(window_end, last))
    _style(top, "time (s)", "unit (row in the Units table)", f"Spikes of the first {shown} of {n_units} units")
    bottom.bar(np.arange(n_units), rates, width=1.0, color=TRACE_COLOUR, linewidth=0)
    bottom.set_xlim(-0.5, n_units - 0.5)
    _style(
        bottom,
        "unit (row in the Units table)",
        "mean rate (spikes/s)",
        f"Mean firing rate over {span:.1f} s (median {np.median(rates):.2f} spikes/s)",
    )
    caption = (
        f"Spike raster of the first {shown} units over the first {min(RASTER_WINDOW_S, span):.0f} s, and the "
        f"mean firing rate of all {n_units} units."
    )
    return _render(figure, caption)


def _render(figure: Any, caption: str) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    # The PDF keeps the PNG's bytes as they are: fast compression, a slightly larger file.
    figure.savefig(buffer, format="png", dpi=DPI, pil_kwargs={"compress_level": 1})
    width, height = figure.get_size_inches()
    return Figure(png=buffer.getvalue(), caption=caption, width_in=float(width), height_in=float(height))
