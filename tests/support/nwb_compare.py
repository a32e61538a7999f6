"""Compare two NWB files the ways their users see them: every dataset decoded (values, shape, type),
every object's fields as PyNWB reads them, and NWB Inspector's findings. What differs between any
two conversions by design (identifier, creation date, object ids) is left out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import h5py
import numpy as np

# Written anew by every conversion, whatever the metadata.
PER_FILE = {"/identifier", "/file_create_date"}
PER_FILE_FIELDS = {"object_id", "identifier", "file_create_date"}


def _value(handle: h5py.File, value: Any) -> Any:
    """Decoded, comparable values; object references as the path they point to."""
    if isinstance(value, h5py.Reference):
        return ("ref", handle[value].name) if value else None
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        if value.dtype == object or value.dtype.kind in "SU":
            return [_value(handle, item) for item in value.tolist()]
        if value.dtype.names:
            return [tuple(_value(handle, field) for field in row) for row in value.tolist()]
        return value
    return value


def decoded_datasets(path: Path) -> dict[str, Any]:
    """Every dataset outside /specifications: (shape, dtype, decoded values, attributes)."""
    found: dict[str, Any] = {}
    with h5py.File(path, "r") as handle:

        def visit(name: str, item: Any) -> None:
            if name.startswith("specifications") or not isinstance(item, h5py.Dataset):
                return
            if f"/{name}" in PER_FILE:
                return
            attributes = {k: _value(handle, v) for k, v in item.attrs.items() if k != "object_id"}
            found[f"/{name}"] = (item.shape, str(item.dtype), _value(handle, item[()]), attributes)

        handle.visititems(visit)
    return found


def datasets_differ(a: Path, b: Path) -> list[str]:
    """The datasets whose decoded content, shape, type or attributes differ (or exist in one file only)."""
    left, right = decoded_datasets(a), decoded_datasets(b)
    differing = sorted(set(left) ^ set(right))
    for name in sorted(set(left) & set(right)):
        (shape_a, dtype_a, values_a, attrs_a), (shape_b, dtype_b, values_b, attrs_b) = left[name], right[name]
        same = shape_a == shape_b and dtype_a == dtype_b and _equal(values_a, values_b) and _equal(attrs_a, attrs_b)
        if not same:
            differing.append(name)
    return differing


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(np.asarray(a), np.asarray(b)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return bool(a == b)


def _field(value: Any) -> Any:
    """A PyNWB field as a comparable value: containers by type and name, data decoded."""
    from hdmf.container import AbstractContainer

    if isinstance(value, AbstractContainer):
        return (type(value).__name__, value.name)
    if isinstance(value, h5py.Dataset):
        return np.asarray(value[()]).tolist()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [_field(item) for item in value]
    if isinstance(value, dict):
        return {key: _field(item) for key, item in value.items()}
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def pynwb_view(path: Path) -> dict[str, dict[str, Any]]:
    """Every object PyNWB reads, by type and place in the file, with its fields."""
    from pynwb import NWBHDF5IO

    view: dict[str, dict[str, Any]] = {}
    with NWBHDF5IO(str(path), "r") as io:
        nwbfile = io.read()
        for item in nwbfile.objects.values():
            parent = getattr(item.parent, "name", None)
            key = f"{type(item).__name__}:{parent}/{item.name}"
            view[key] = {k: _field(v) for k, v in item.fields.items() if k not in PER_FILE_FIELDS}
    return view


def inspector_findings(path: Path) -> list[tuple[str, str, str | None, str | None, str]]:
    from agentic_neurodata.agents.evaluation.inspection import run_inspector

    issues, _ = run_inspector(path)
    return sorted((i.check_name, i.message, i.object_type, i.location, str(i.severity)) for i in issues)
