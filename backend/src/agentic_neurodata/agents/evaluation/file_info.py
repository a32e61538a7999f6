"""Characterise an NWB file: what it holds, read with PyNWB. Absent parts stay absent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...models import AcquisitionEntry, FileInfo, SubjectInfo


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _dataset_facts(data: Any) -> tuple[list[int] | None, str | None, int | None]:
    shape = getattr(data, "shape", None)
    dtype = getattr(data, "dtype", None)
    n_bytes = None
    if shape is not None and dtype is not None:
        n_bytes = int(getattr(dtype, "itemsize", 0)) * int(_product(shape))
    return (list(map(int, shape)) if shape is not None else None, str(dtype) if dtype is not None else None, n_bytes)


def _product(shape: Any) -> int:
    total = 1
    for n in shape:
        total *= int(n)
    return total


def _acquisition_entry(name: str, obj: Any) -> AcquisitionEntry:
    data = getattr(obj, "data", None)
    shape, dtype, n_bytes = _dataset_facts(data) if data is not None else (None, None, None)
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


def _coverage(nwbfile: Any) -> tuple[float, float] | None:
    spans = []
    for obj in nwbfile.acquisition.values():
        rate = getattr(obj, "rate", None)
        data = getattr(obj, "data", None)
        if rate and data is not None and getattr(data, "shape", None):
            start = float(getattr(obj, "starting_time", 0.0) or 0.0)
            spans.append((start, start + data.shape[0] / float(rate)))
        elif getattr(obj, "timestamps", None) is not None and len(obj.timestamps):
            spans.append((float(obj.timestamps[0]), float(obj.timestamps[-1])))
    if not spans:
        return None
    return (min(s for s, _ in spans), max(e for _, e in spans))


def describe_nwbfile(nwbfile: Any, path: Path) -> FileInfo:
    subject = None
    if nwbfile.subject is not None:
        s = nwbfile.subject
        subject = SubjectInfo(
            subject_id=s.subject_id, species=s.species, age=s.age, sex=s.sex, strain=getattr(s, "strain", None),
            description=s.description, date_of_birth=_text(getattr(s, "date_of_birth", None)),
        )
    electrodes = nwbfile.electrodes
    coverage = _coverage(nwbfile)
    return FileInfo(
        file_path=str(path),
        file_size_bytes=path.stat().st_size,
        nwb_version=_text(getattr(nwbfile, "nwb_version", None)) if hasattr(nwbfile, "nwb_version") else None,
        identifier=nwbfile.identifier,
        session_description=nwbfile.session_description,
        session_id=nwbfile.session_id,
        session_start_time=_text(nwbfile.session_start_time),
        file_create_date=_text(nwbfile.file_create_date[0]) if nwbfile.file_create_date else None,
        experimenter=list(nwbfile.experimenter or []),
        institution=nwbfile.institution,
        lab=nwbfile.lab,
        experiment_description=nwbfile.experiment_description,
        keywords=[str(k) for k in (nwbfile.keywords[:] if nwbfile.keywords is not None else [])],
        subject=subject,
        devices=[{"name": n, "description": d.description, "manufacturer": getattr(d, "manufacturer", None)}
                 for n, d in nwbfile.devices.items()],
        electrode_groups=[{"name": n, "location": g.location, "description": g.description,
                           "device": g.device.name if g.device is not None else None}
                          for n, g in nwbfile.electrode_groups.items()],
        electrode_count=len(electrodes) if electrodes is not None else None,
        electrode_columns=list(electrodes.colnames) if electrodes is not None else [],
        acquisition=[_acquisition_entry(n, o) for n, o in nwbfile.acquisition.items()],
        processing_modules=[{"name": n, "description": m.description, "interfaces": list(m.data_interfaces)}
                            for n, m in nwbfile.processing.items()],
        units_count=len(nwbfile.units) if nwbfile.units is not None else None,
        temporal_coverage_s=list(coverage) if coverage else None,
        duration_s=(coverage[1] - coverage[0]) if coverage else None,
    )


def read_file_info(path: Path) -> FileInfo:
    """Open with PyNWB and describe; raises whatever PyNWB raises when the file is unreadable."""
    import h5py
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), mode="r") as io:
        info = describe_nwbfile(io.read(), Path(path))
    with h5py.File(path, "r") as handle:
        version = handle.attrs.get("nwb_version")
        info.nwb_version = version.decode() if isinstance(version, bytes) else (str(version) if version else None)
    return info
