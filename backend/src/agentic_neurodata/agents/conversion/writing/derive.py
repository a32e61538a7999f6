"""Derive a version from the previous one: copy the file as it is (in the kernel: no dataset is
decoded or compressed again) and rewrite only the metadata a round changed (rounds.py says which).

The session (NWBFile) and Subject sections are written the way a conversion writes them: NeuroConv
builds an NWBFile from the old and from the new metadata, PyNWB writes each into memory, and every
object of those sections that differs between the two replaces the copy's (HDF5 object copy). The
copy's objects must equal the old build first; if they do not (something else wrote there), the
derivation refuses and the round converts again. Text attributes of devices, electrode groups and
table columns are set in place. The result is a complete NWB file on its own.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import ConversionError
from ....metadata.nwb_mapping import is_placeholder
from .rounds import Edits

TARGET = "agentic_neurodata.agents.conversion.writing.derive:derive_version"
COPY_PIECE = 256 * 1024 * 1024
# The fields of the NWBFile itself live at the root and directly under /general; the subject below it.
FILE_GROUPS = ("/", "/general")
SUBJECT = "/general/subject"
# Objects under the groups whose placeholders are described that are not themselves described.
NOT_DESCRIBED = {None, "DeviceModel", "ElectrodesTable", "DynamicTable"}

Progress = Callable[..., None]


class DerivationRefused(ConversionError):
    """The copy does not look the way the derivation expects; the round converts again instead."""

    error_code = "derivation_refused"


def derive_version(*, source: str, output_path: str, edits: Edits, progress: Progress) -> int:
    """Write the derived version to `output_path`; returns the bytes copied."""
    import h5py

    size = copy_file(Path(source), Path(output_path), progress)
    progress(90.0, "Writing the changed metadata", size, size)
    with h5py.File(output_path, "r+") as copy:
        if edits.named_groups is not None:
            _only_named_groups(copy, edits.named_groups)
        _rewrite_file_sections(copy, edits)
        for path, attribute, text in edits.attributes:
            _object(copy, path).attrs[attribute] = text
        for group, neurodata_type, text in edits.placeholders:
            _describe_placeholders(copy, group, neurodata_type, text)
        for table, column, value in edits.columns:
            _fill_column(copy, table, column, value)
    return size


def copy_file(source: Path, target: Path, progress: Progress) -> int:
    """Copy byte for byte in the kernel (copy_file_range), in pieces so progress and cancel follow."""
    size = source.stat().st_size
    with open(source, "rb") as reader, open(target, "wb") as writer:
        done = 0
        while done < size:
            try:
                copied = os.copy_file_range(reader.fileno(), writer.fileno(), min(COPY_PIECE, size - done))
            except OSError:  # a file system without it: through user space
                writer.write(reader.read(min(COPY_PIECE, size - done)))
                copied = writer.tell() - done
            if copied <= 0:
                raise DerivationRefused(f"{source.name} ended after {done} of {size} bytes while it was copied.")
            done += copied
            message = f"Copying the data ({done / 1e6:.0f} of {size / 1e6:.0f} MB)"
            progress(5.0 + 85.0 * done / size, message, done, size)
    return size


def _object(handle: Any, path: str) -> Any:
    if path not in handle:
        raise DerivationRefused(f"{path} is not in the previous version.")
    return handle[path]


@contextmanager
def _in_memory_nwb(sections: dict[str, Any]) -> Iterator[Any]:
    """The NWBFile and Subject as NeuroConv builds them and PyNWB writes them, in memory."""
    import h5py
    from neuroconv.tools.nwb_helpers import make_nwbfile_from_metadata
    from pynwb import NWBHDF5IO

    nwbfile = make_nwbfile_from_metadata(sections)
    handle = h5py.File(f"in-memory-{uuid.uuid4()}", "w", driver="core", backing_store=False)
    io = NWBHDF5IO(file=handle, mode="w")  # closing it closes the file: only once we are done
    try:
        io.write(nwbfile, cache_spec=False)
        yield handle
    finally:
        io.close()


def _rewrite_file_sections(copy: Any, edits: Edits) -> None:
    # A new file gets a new identifier: rounds.py put one into the new sections (and the metadata beside it).
    with _in_memory_nwb(edits.old_file_sections) as old, _in_memory_nwb(edits.new_file_sections) as new:
        for path in sorted(_file_objects(old) | _file_objects(new)):
            before = _fingerprint(old, path)
            if before == _fingerprint(new, path):
                continue
            # Written at conversion time, so never equal to a rebuild; everything else must be.
            if path not in ("/file_create_date", "/identifier") and _fingerprint(copy, path) != before:
                raise DerivationRefused(f"{path} in the previous version is not what its metadata says.")
            if path in copy:
                del copy[path]
            if path in new:
                parent, _, name = path.rpartition("/")
                new.copy(new[path], copy[parent or "/"], name=name)


def _file_objects(handle: Any) -> set[str]:
    """The NWBFile's own fields (datasets at the root and directly under /general) and its subject."""
    import h5py

    found = {SUBJECT} if SUBJECT in handle else set()
    for group in FILE_GROUPS:
        if group in handle:
            found |= {
                f"{group.rstrip('/')}/{name}" for name, item in handle[group].items() if isinstance(item, h5py.Dataset)
            }
    return found


def _fingerprint(handle: Any, path: str) -> Any:
    """What PyNWB reads from an object: its values and attributes (object ids aside), recursively."""
    import h5py

    if path not in handle:
        return None
    item = handle[path]
    attributes = tuple(
        sorted((key, _plain(value)) for key, value in item.attrs.items() if key not in ("object_id", ".specloc"))
    )
    if isinstance(item, h5py.Dataset):
        return ("dataset", _plain(item[()]), attributes)
    return ("group", attributes, tuple(sorted((name, _fingerprint(item, name)) for name in item)))


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        return tuple(_plain(item) for item in value.tolist())
    if isinstance(value, (list, tuple)):
        return tuple(_plain(item) for item in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _describe_placeholders(copy: Any, group: str, neurodata_type: str, text: str) -> None:
    """What runner.describe_placeholders does at conversion time, on the copy."""
    import h5py

    if group not in copy:
        return
    for name, item in copy[group].items():
        if not isinstance(item, h5py.Group):
            continue
        kind = _text(item.attrs.get("neurodata_type"))
        if kind != neurodata_type:
            if kind in NOT_DESCRIBED:
                continue
            raise DerivationRefused(f"{group}/{name} is a {kind}, which the derivation does not describe.")
        if is_placeholder(_text(item.attrs.get("description"))):
            item.attrs["description"] = text


def _only_named_groups(copy: Any, named: tuple[str, ...]) -> None:
    """Refuse when the file has an electrode group the metadata does not name (made up from the recording)."""
    import h5py

    group = copy.get("/general/extracellular_ephys")
    for name, item in group.items() if group is not None else ():
        is_group = isinstance(item, h5py.Group) and _text(item.attrs.get("neurodata_type")) == "ElectrodeGroup"
        if is_group and name not in named:
            raise DerivationRefused(f"the electrode group {name} is not named in the metadata")


def _fill_column(copy: Any, table: str, column: str, value: str) -> None:
    """Every row of a text column set to one value (the brain area of all electrodes)."""
    import h5py

    dataset = _object(copy, f"{table}/{column}")
    if dataset.ndim != 1 or h5py.check_string_dtype(dataset.dtype) is None:
        raise DerivationRefused(f"{table}/{column} is not a column of text.")
    dataset[...] = np.array([value] * dataset.shape[0], dtype=object)
