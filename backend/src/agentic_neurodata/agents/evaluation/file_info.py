"""Characterise an NWB file (Story 7.1): what it holds, read lazily with PyNWB.

Absent parts stay absent (None or empty), never an exception: files from different converters
omit different optional parts. Of the recorded data only shapes, dtypes and first/last timestamps
are read (plus the spike times of a Units table, one number per spike), so a large file is
described in well under a second.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ...models import AcquisitionEntry, FileInfo, SubjectInfo


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
    """[first, last] time in seconds over acquisition series and sorted spikes."""
    spans = [span for obj in nwbfile.acquisition.values() if (span := _series_span(obj))]
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
        subject_id=s.subject_id, species=s.species, age=s.age, sex=s.sex, strain=getattr(s, "strain", None),
        description=s.description, date_of_birth=_text(getattr(s, "date_of_birth", None)),
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
    for group, location in zip(electrodes["group_name"].data[:], electrodes["location"].data[:]):
        found.setdefault(_text(group) or "", set()).add(_text(location) or "")
    return {group: sorted(locations) for group, locations in found.items()}


def _electrode_groups(nwbfile: Any) -> list[dict[str, Any]]:
    locations = _electrode_locations_by_group(nwbfile.electrodes)
    groups = []
    for name, group in nwbfile.electrode_groups.items():
        entry = {"name": name, "location": group.location, "description": group.description,
                 "device": group.device.name if group.device is not None else None}
        if name in locations:
            entry["electrode_locations"] = locations[name]
        groups.append(entry)
    return groups


def describe_nwbfile(nwbfile: Any, path: Path) -> FileInfo:
    electrodes = nwbfile.electrodes
    coverage = _coverage(nwbfile)
    return FileInfo(
        file_path=str(path),
        file_size_bytes=path.stat().st_size,
        identifier=nwbfile.identifier,
        session_description=nwbfile.session_description,
        session_id=nwbfile.session_id,
        session_start_time=_text(nwbfile.session_start_time),
        file_create_date=_text(nwbfile.file_create_date[0]) if nwbfile.file_create_date is not None
        and len(nwbfile.file_create_date) else None,
        experimenter=_texts(nwbfile.experimenter),
        institution=nwbfile.institution,
        lab=nwbfile.lab,
        experiment_description=nwbfile.experiment_description,
        keywords=_texts(nwbfile.keywords),
        subject=_subject(nwbfile),
        devices=[_device(n, d) for n, d in nwbfile.devices.items()],
        electrode_groups=_electrode_groups(nwbfile),
        electrode_count=len(electrodes) if electrodes is not None else None,
        electrode_columns=list(electrodes.colnames) if electrodes is not None else [],
        acquisition=[_acquisition_entry(n, o) for n, o in nwbfile.acquisition.items()],
        processing_modules=[{"name": n, "description": m.description,
                             "interfaces": {i: type(o).__name__ for i, o in m.data_interfaces.items()}}
                            for n, m in nwbfile.processing.items()],
        units_count=len(nwbfile.units) if nwbfile.units is not None else None,
        temporal_coverage_s=[round(v, 6) for v in coverage] if coverage else None,
        duration_s=round(coverage[1] - coverage[0], 6) if coverage else None,
    )


def read_file_info(path: Path) -> FileInfo:
    """Open with PyNWB and describe; raises whatever PyNWB raises when the file is unreadable."""
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), mode="r") as io:
        info = describe_nwbfile(io.read(), Path(path))
        version = io.nwb_version
    info.nwb_version = version[0] if version and version[0] else None
    return info
