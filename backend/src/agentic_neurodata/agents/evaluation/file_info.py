"""Characterise an NWB file (Story 7.1): what it holds, read lazily with PyNWB.

Absent parts stay absent (None or empty), never an exception: files from different converters
omit different optional parts, and a part that cannot be described (an odd value, a bug here)
is left out with a note rather than hiding the rest. Containers in acquisition (LFP, Position)
are listed by their inner series, '<container>/<series>'. Of the recorded data only shapes,
dtypes and first/last timestamps are read (plus the spike times of a Units table, one number
per spike), so a large file is described in well under a second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ...domain import AcquisitionEntry, FileInfo, SubjectInfo


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _texts(values: Any) -> list[str]:
    if values is None:
        return []
    if isinstance(values, (str, bytes)):
        values = [values]
    return [t for t in (_text(v) for v in values[:]) if t]


def _dataset_facts(data: Any) -> tuple[list[int] | None, str | None, int | None]:
    shape = getattr(data, "shape", None)
    dtype = getattr(data, "dtype", None)
    if shape is None and isinstance(data, (list, tuple)):
        array = np.asarray(data)
        shape, dtype = array.shape, array.dtype
    n_bytes = None
    if shape is not None and dtype is not None:
        n_bytes = int(np.dtype(dtype).itemsize) * int(np.prod(shape, dtype=np.int64))
    return (list(map(int, shape)) if shape is not None else None, str(dtype) if dtype is not None else None, n_bytes)


def _acquisition_entry(name: str, obj: Any) -> AcquisitionEntry:
    data = getattr(obj, "data", None)
    shape, dtype, n_bytes = _dataset_facts(data) if data is not None else (None, None, None)
    if shape is None and hasattr(obj, "colnames"):  # a table (events, trials): its size is its rows
        shape = [len(obj)]
    rate = getattr(obj, "rate", None)
    return AcquisitionEntry(
        name=name,
        neurodata_type=type(obj).__name__,
        shape=shape,
        dtype=dtype,
        bytes=n_bytes,
        rate_hz=float(rate) if rate is not None else None,
        unit=getattr(obj, "unit", None),
    )


def _is_container(obj: Any) -> bool:
    """A holder of series without data of its own, such as LFP, Position or FilteredEphys."""
    return getattr(obj, "data", None) is None and not hasattr(obj, "colnames") and bool(getattr(obj, "children", ()))


def _acquisition_entries(name: str, obj: Any) -> list[AcquisitionEntry]:
    """One entry per series; a container (LFP, Position) lists its inner series as '<container>/<series>'."""
    if not _is_container(obj):
        return [_acquisition_entry(name, obj)]
    return [_acquisition_entry(f"{name}/{child.name}", child) for child in obj.children]


def _time_series_in(objects: Any, depth: int = 3) -> Iterator[Any]:
    """Objects holding data, looking inside containers (processing/ecephys/LFP/ElectricalSeries)."""
    for obj in objects:
        if getattr(obj, "data", None) is not None:
            yield obj
        elif depth and _is_container(obj):
            yield from _time_series_in(obj.children, depth - 1)


def _series_span(obj: Any) -> tuple[float, float] | None:
    data = getattr(obj, "data", None)
    shape = getattr(data, "shape", None)
    if not shape or not shape[0]:
        return None
    rate = getattr(obj, "rate", None)
    if rate:
        start = float(getattr(obj, "starting_time", None) or 0.0)
        return start, start + shape[0] / float(rate)
    timestamps = getattr(obj, "timestamps", None)
    if timestamps is not None and len(timestamps):
        return float(timestamps[0]), float(timestamps[len(timestamps) - 1])
    return None


def _units_span(units: Any) -> tuple[float, float] | None:
    if units is None or "spike_times" not in units.colnames:
        return None
    times = units["spike_times"].target.data
    if not len(times):
        return None
    values = np.asarray(times[:])  # one float per spike: small next to any recording
    return float(values.min()), float(values.max())


def _coverage(nwbfile: Any) -> tuple[float, float] | None:
    """[first, last] time in seconds over the time series of acquisition and processing, and sorted spikes."""
    series = list(_time_series_in(nwbfile.acquisition.values()))
    for module in nwbfile.processing.values():
        series.extend(_time_series_in(module.data_interfaces.values()))
    spans = []
    for obj in series:
        try:
            span = _series_span(obj)
        except (TypeError, ValueError, IndexError):  # odd timestamps in one series: leave it out of the span
            span = None
        if span:
            spans.append(span)
    units_span = _units_span(nwbfile.units)
    if units_span:
        spans.append(units_span)
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)


def _subject(nwbfile: Any) -> SubjectInfo | None:
    s = nwbfile.subject
    if s is None:
        return None
    return SubjectInfo(
        subject_id=s.subject_id,
        species=s.species,
        age=s.age,
        sex=s.sex,
        strain=getattr(s, "strain", None),
        description=s.description,
        date_of_birth=_text(getattr(s, "date_of_birth", None)),
    )


def _device(name: str, device: Any) -> dict[str, Any]:
    # NWB 2.9 moved manufacturer and model number into a DeviceModel; older files keep them on the Device.
    model = getattr(device, "model", None)
    facts = {
        "name": name,
        "description": getattr(device, "description", None),
        "manufacturer": getattr(device, "manufacturer", None) or getattr(model, "manufacturer", None),
        "model": getattr(model, "model_number", None) or getattr(model, "name", None),
        "serial_number": getattr(device, "serial_number", None),
    }
    return {key: value for key, value in facts.items() if value is not None or key in ("name", "description")}


def _electrode_locations_by_group(electrodes: Any) -> dict[str, list[str]]:
    if electrodes is None or "location" not in electrodes.colnames or "group_name" not in electrodes.colnames:
        return {}
    found: dict[str, set[str]] = {}
    for group, location in zip(electrodes["group_name"].data[:], electrodes["location"].data[:], strict=False):
        found.setdefault(_text(group) or "", set()).add(_text(location) or "")
    return {group: sorted(locations) for group, locations in found.items()}


def _electrode_groups(nwbfile: Any) -> list[dict[str, Any]]:
    locations = _electrode_locations_by_group(nwbfile.electrodes)
    groups = []
    for name, group in nwbfile.electrode_groups.items():
        entry = {
            "name": name,
            "location": group.location,
            "description": group.description,
            "device": group.device.name if group.device is not None else None,
        }
        if name in locations:
            entry["electrode_locations"] = locations[name]
        groups.append(entry)
    return groups


class _Describer:
    """Runs each part of the description on its own: a part that raises is left absent and noted."""

    def __init__(self) -> None:
        self.notes: list[str] = []

    def part(self, label: str, compute: Callable[[], Any], default: Any = None) -> Any:
        try:
            return compute()
        except Exception as exc:  # noqa: BLE001 - odd or missing parts must not hide the rest of the file
            self.notes.append(f"{label} not described: {type(exc).__name__}: {exc}")
            return default

    def each(self, label: str, items: Callable[[], Any], describe: Callable[[str, Any], Any]) -> list[Any]:
        """One entry per item; an item that cannot be described is skipped, not the whole list."""
        described = []
        for name, obj in self.part(label, lambda: list(items().items()), []):
            entry = self.part(f"{label} '{name}'", partial(describe, name, obj))
            if isinstance(entry, list):
                described.extend(entry)
            elif entry is not None:
                described.append(entry)
        return described


def _processing_module(name: str, module: Any) -> dict[str, Any]:
    return {
        "name": name,
        "description": module.description,
        "interfaces": {i: type(o).__name__ for i, o in module.data_interfaces.items()},
    }


def _create_date(nwbfile: Any) -> str | None:
    dates = nwbfile.file_create_date
    return _text(dates[0]) if dates is not None and len(dates) else None


def _units_with_electrodes(units: Any) -> int | None:
    """How many units are linked to at least one row of the electrodes table (None: no such column)."""
    if units is None or "electrodes" not in units.colnames:
        return None
    ends = [int(n) for n in units["electrodes"].data[:]]
    return sum(1 for start, end in zip([0, *ends[:-1]], ends, strict=True) if end > start)


def describe_nwbfile(nwbfile: Any, path: Path, notes: list[str] | None = None) -> FileInfo:
    """FileInfo of an open file. Each part is described on its own; what cannot be described is
    absent, with a line in `notes` saying why."""
    d = _Describer()
    electrodes = d.part("Electrode table", lambda: nwbfile.electrodes)
    coverage = d.part("Temporal coverage", lambda: _coverage(nwbfile))
    fields: dict[str, Any] = {
        "file_path": str(path),
        "file_size_bytes": d.part("File size", lambda: path.stat().st_size),
        "identifier": d.part("Identifier", lambda: nwbfile.identifier),
        "session_description": d.part("Session description", lambda: nwbfile.session_description),
        "session_id": d.part("Session ID", lambda: nwbfile.session_id),
        "session_start_time": d.part("Session start time", lambda: _text(nwbfile.session_start_time)),
        "file_create_date": d.part("File creation date", lambda: _create_date(nwbfile)),
        "experimenter": d.part("Experimenter", lambda: _texts(nwbfile.experimenter), []),
        "institution": d.part("Institution", lambda: nwbfile.institution),
        "lab": d.part("Lab", lambda: nwbfile.lab),
        "experiment_description": d.part("Experiment description", lambda: nwbfile.experiment_description),
        "keywords": d.part("Keywords", lambda: _texts(nwbfile.keywords), []),
        "subject": d.part("Subject", lambda: _subject(nwbfile)),
        "devices": d.each("Device", lambda: nwbfile.devices, _device),
        "electrode_groups": d.part("Electrode groups", lambda: _electrode_groups(nwbfile), []),
        "electrode_count": d.part("Electrode count", lambda: len(electrodes) if electrodes is not None else None),
        "electrode_columns": d.part(
            "Electrode columns", lambda: list(electrodes.colnames) if electrodes is not None else [], []
        ),
        "acquisition": d.each("Acquisition", lambda: nwbfile.acquisition, _acquisition_entries),
        "processing_modules": d.each("Processing module", lambda: nwbfile.processing, _processing_module),
        "units_count": d.part("Units", lambda: len(nwbfile.units) if nwbfile.units is not None else None),
        "units_with_electrodes": d.part("Units' electrodes", lambda: _units_with_electrodes(nwbfile.units)),
        "temporal_coverage_s": [round(v, 6) for v in coverage] if coverage else None,
        "duration_s": round(coverage[1] - coverage[0], 6) if coverage else None,
    }
    info = _validated(fields, d.notes)
    if notes is not None:
        notes.extend(d.notes)
    return info


def _validated(fields: dict[str, Any], notes: list[str]) -> FileInfo:
    """FileInfo from the described parts; a value of an unexpected kind is dropped (and noted), not fatal."""
    from pydantic import ValidationError

    try:
        return FileInfo(**fields)
    except ValidationError as exc:
        odd = {str(error["loc"][0]) for error in exc.errors() if error.get("loc")}
        notes.extend(f"{name} not described: unexpected value {fields[name]!r:.80}" for name in sorted(odd))
        return FileInfo(**{k: v for k, v in fields.items() if k not in odd})


@contextmanager
def open_nwb(path: Path) -> Iterator[tuple[Any, str | None]]:
    """(NWBFile, NWB version) of a file open for reading; raises whatever PyNWB raises on an unreadable file."""
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), mode="r") as io:
        nwbfile = io.read()
        try:
            version = io.nwb_version
        except Exception:  # noqa: BLE001 - the version is one fact among many, not a reason to fail the read
            version = None
        yield nwbfile, (version[0] if version and version[0] else None)


def read_file_info(path: Path, notes: list[str] | None = None) -> FileInfo:
    """Open with PyNWB and describe; raises only when PyNWB cannot read the file (see `open_nwb`)."""
    with open_nwb(Path(path)) as (nwbfile, version):
        info = describe_nwbfile(nwbfile, Path(path), notes)
    info.nwb_version = version
    return info
