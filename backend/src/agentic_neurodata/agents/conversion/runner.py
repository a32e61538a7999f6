"""Run NeuroConv for one detected format and write one NWB file, fast and with bounded memory.

NeuroConv builds the NWBFile (metadata, electrodes, small datasets) as usual. Each large dataset it
would stream through its iterator is instead created empty (same shape, dtype and chunking as
NeuroConv's default configuration, our codec) and filled afterwards by fastwrite.fill from the very
same iterator, so the decoded data are identical to NeuroConv's own output.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import BadInputError
from ...metadata.nwb_mapping import apply_user_metadata
from .codec import Codec, make_codec
from .fastwrite import FillJob, fill
from .options import conversion_options, create_nwbfile
from .probe import instantiate
from .registry import get_class

ProgressCallback = Callable[[float, str, int | None, int | None], None]
WRITE_START, WRITE_END = 20.0, 95.0


@dataclass
class WriteSettings:
    codec: Codec
    threads: int
    buffer_bytes: int

    @classmethod
    def from_settings(cls, settings: Any) -> WriteSettings:
        threads = settings.conversion_threads or os.cpu_count() or 1
        return cls(make_codec(settings.compression, settings.compression_level), threads,
                   settings.conversion_buffer_mb * 1024 * 1024)


@dataclass
class ConversionOutcome:
    metadata: dict[str, Any]
    notes: list[str]
    bytes_written: int


def _with_timezone(metadata: dict[str, Any], notes: list[str]) -> None:
    """Never let PyNWB put a naive start time in the server's zone: a time without zone that nobody
    completed is written as UTC, said so in the notes (logged and returned)."""
    nwbfile = metadata.setdefault("NWBFile", {})
    start = nwbfile.get("session_start_time")
    if isinstance(start, str):
        start = datetime.fromisoformat(start)
    if start is None:
        raise BadInputError("The files do not record when the session started, and no session_start_time was "
                            "given. Give it with its time zone, e.g. 2024-03-05T14:30:00-05:00.",
                            details={"field": "session_start_time", "example": "2024-03-05T14:30:00-05:00"})
    if start.tzinfo is None:
        start = start.replace(tzinfo=timezone.utc)
        notes.append(f"The session start time {start:%Y-%m-%d %H:%M:%S} has no time zone in the files and none was "
                     "given; it was written as UTC. Give session_start_time with its zone to correct it.")
    nwbfile["session_start_time"] = start


def _take_over_large_datasets(nwbfile: Any, codec: Codec) -> list[tuple[Any, Any]]:
    """Swap every iterator-backed dataset for an empty one of the same shape and chunks."""
    from hdmf.backends.hdf5 import H5DataIO
    from hdmf.data_utils import GenericDataChunkIterator

    taken = []
    for neurodata_object in nwbfile.all_children():
        fields = getattr(neurodata_object, "fields", None)
        if not isinstance(fields, dict):
            continue
        for name in ("data", "timestamps"):
            wrapped = fields.get(name)
            if not isinstance(wrapped, H5DataIO) or not isinstance(wrapped.data, GenericDataChunkIterator):
                continue
            iterator = wrapped.data
            chunks = wrapped.io_settings.get("chunks") or iterator.chunk_shape
            empty = H5DataIO(data=None, shape=tuple(int(n) for n in iterator.maxshape), dtype=np.dtype(iterator.dtype),
                             chunks=tuple(int(n) for n in chunks), **codec.dataset_options)
            fields[name] = empty
            taken.append((empty, iterator))
    return taken


def _configure(nwbfile: Any, codec: Codec) -> None:
    """NeuroConv's default chunking for every dataset, with our codec."""
    from neuroconv.tools.nwb_helpers import configure_backend, get_default_backend_configuration

    configuration = get_default_backend_configuration(nwbfile=nwbfile, backend="hdf5")
    for dataset in configuration.dataset_configurations.values():
        if dataset.compressors:
            dataset.compressors = codec.compressors
            dataset.compressor_options = codec.compressor_options
    configure_backend(nwbfile=nwbfile, backend_configuration=configuration)


def run_conversion(
    interface: str,
    source_data: dict[str, Any],
    user_metadata: dict[str, Any],
    output_path: Path,
    progress: ProgressCallback,
    write: WriteSettings,
    file_metadata: dict[str, Any] | None = None,
) -> ConversionOutcome:
    """Convert with NeuroConv; `progress` is called per batch and may raise to stop (cancel)."""
    from pynwb import NWBHDF5IO

    notes: list[str] = []
    progress(2.0, "Opening the recording", None, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        instance, _ = instantiate(get_class(interface), source_data)
        metadata = apply_user_metadata(apply_user_metadata(instance.get_metadata(), file_metadata or {}), user_metadata)
        _with_timezone(metadata, notes)
        progress(8.0, "Building the NWB file", None, None)
        nwbfile = create_nwbfile(instance, metadata, conversion_options(instance))
        _configure(nwbfile, write.codec)
        taken = _take_over_large_datasets(nwbfile, write.codec)
    total = sum(FillJob(None, it._get_data, tuple(int(n) for n in it.maxshape), np.dtype(it.dtype),
                        tuple(it.chunk_shape)).nbytes for _, it in taken)
    done = 0

    def on_batch(size: int) -> None:
        nonlocal done
        done += size
        percent = WRITE_START + (WRITE_END - WRITE_START) * (done / total if total else 1.0)
        progress(percent, f"Writing data ({done / 1e6:.0f} of {total / 1e6:.0f} MB)", done, total)

    progress(WRITE_START, "Writing the NWB file", 0, total)
    filled: list[tuple[str, tuple[int, ...]]] = []
    with NWBHDF5IO(str(output_path), "w") as io:
        io.write(nwbfile)
        for empty, iterator in taken:
            job = FillJob(dataset=empty.dataset, read=iterator._get_data, shape=tuple(empty.dataset.shape),
                          dtype=empty.dataset.dtype, chunks=tuple(empty.dataset.chunks))
            fill(job, write.codec, write.threads, write.buffer_bytes, on_batch)
            filled.append((empty.dataset.name, job.shape))
    progress(WRITE_END, "Checking that PyNWB reads the file", total, total)
    verify_readable(output_path, filled)
    return ConversionOutcome(metadata=metadata, notes=notes, bytes_written=total)


def verify_readable(path: Path, datasets: list[tuple[str, tuple[int, ...]]]) -> None:
    """Open with PyNWB and decode the first and the last chunk of every large dataset (one value each:
    HDF5 decodes exactly one chunk for it)."""
    import h5py
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(path), "r") as io:
        io.read()
    with h5py.File(path, "r") as handle:
        for name, shape in datasets:
            dataset = handle[name]
            if tuple(dataset.shape) != shape:
                raise ValueError(f"{name} has shape {dataset.shape}, expected {shape}")
            if shape and all(shape):
                dataset[tuple(0 for _ in shape)]
                dataset[tuple(n - 1 for n in shape)]
