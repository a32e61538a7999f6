"""Run NeuroConv for one detected format and write one NWB file, fast and with bounded memory.

NeuroConv builds the NWBFile (metadata, electrodes, small datasets) as usual. Each large dataset it
would stream through its iterator is instead created empty (same shape, dtype and chunking as
NeuroConv's default configuration, our codec) and filled afterwards by fastwrite.fill from the very
same iterator, so the decoded data are identical to NeuroConv's own output.

The converter is built from the conversion plan (plan.py) the way NeuroConv's `neuroconv` command
builds one from a YAML specification, so the specification written beside the file re-runs it.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ....domain import SessionStream
from ....metadata.nwb_mapping import is_placeholder
from ....metadata.object_fields import values_for
from ..detection import conversion_options, create_nwbfile, interfaces_of, name_series
from .codec import Codec, make_codec
from .corrections import correct_plan, validate_options
from .fastwrite import FillJob, fill
from .final_metadata import final_metadata
from .hdf5_text import TextChanges, clean_extractor_text, clean_metadata
from .objects import compact_binary_properties, complete_objects, label_electrodes
from .plan import ConversionPlan, build_converter, make_plan, make_session_plan, stream_interfaces

ProgressCallback = Callable[[float, str, int | None, int | None], None]
WRITE_START, WRITE_END = 20.0, 95.0


def usable_cpus() -> int:
    """The cores this process may run on (a container or taskset limits them; os.cpu_count() does not see it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class WriteSettings:
    """How the large datasets are written. Plain values, so a worker process can receive them."""

    compression: str
    level: int
    threads: int
    buffer_bytes: int
    deflate_with: str = "zlib-ng"  # or "zlib" (what HDF5 and so NeuroConv use): for the benchmark

    @classmethod
    def from_settings(cls, settings: Any) -> WriteSettings:
        threads = settings.conversion_threads or usable_cpus()
        return cls(
            settings.compression, settings.compression_level, threads, settings.conversion_buffer_mb * 1024 * 1024
        )

    def codec(self) -> Codec:
        return make_codec(self.compression, self.level, self.deflate_with)


@dataclass
class ConversionOutcome:
    metadata: dict[str, Any]
    notes: list[str]
    bytes_written: int
    plan: ConversionPlan | None = None
    base_plan: ConversionPlan | None = None  # before the stream options: what a later round starts from
    conversion_options: dict[str, Any] = field(default_factory=dict)
    reader_metadata: dict[str, Any] = field(default_factory=dict)  # what the readers gave, before ours
    electrodes_located: bool = False  # the electrodes table's location column was set
    writing_fixes: list[str] = field(default_factory=list)  # automatic fixes made to be able to write (in notes too)
    has_recordings: bool = False  # some stream is a recording (its channels are the electrodes table's rows)
    # Each recording's channel groups, and whether they fall to NeuroConv's placeholder device (objects.py).
    recordings_layout: list[dict[str, Any]] = field(default_factory=list)
    # The session's streams as written (links made or not, offsets), as plain dicts: empty for one reader.
    streams: list[dict[str, Any]] = field(default_factory=list)
    # What the specification cannot carry about times and names, in words (its header lists them).
    not_carried: list[str] = field(default_factory=list)


def describe_placeholders(nwbfile: Any, user_metadata: dict[str, Any]) -> None:
    """Give the devices and electrode groups NeuroConv makes up itself (a reader that names none
    gets "PlaceholderElectrodeDevice" and groups described "no description") the descriptions
    given for them: the one given for that object by name, else the one given for all; those named
    in the metadata already got them there (nwb_mapping, objects.py)."""
    wanted = (
        (nwbfile.devices, "Device", user_metadata.get("device_description")),
        (nwbfile.electrode_groups, "ElectrodeGroup", user_metadata.get("electrode_group_description")),
    )
    for objects, object_type, for_all in wanted:
        own = values_for(user_metadata, object_type, "description")
        for name, item in objects.items():
            description = own.get(name) or for_all
            if description and is_placeholder(getattr(item, "description", None)):
                item.fields["description"] = str(description)  # set once by PyNWB: replaced in place


def has_recordings(converter: Any) -> bool:
    return any(getattr(i, "recording_extractor", None) is not None for i in interfaces_of(converter).values())


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
            empty = H5DataIO(
                data=None,
                shape=tuple(int(n) for n in iterator.maxshape),
                dtype=np.dtype(iterator.dtype),
                chunks=tuple(int(n) for n in chunks),
                **codec.dataset_options,
            )
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
    options: dict[str, Any] | None = None,
    base_plan: dict[str, Any] | None = None,
    session: list[dict[str, Any]] | None = None,
) -> ConversionOutcome:
    """Convert with NeuroConv; `progress` is called per batch and may raise to stop (cancel).
    Module-level with plain arguments: it runs in a worker process (isolation.run_isolated).
    `base_plan`: the plan an earlier round made for the same reader (ConversionPlan.as_plain), so a
    correction round does not open and compare every stream again to make it.
    `session`: the included streams of a session of several readers (detection's SessionStream dicts)."""
    from pynwb import NWBHDF5IO

    options = validate_options(options)
    notes: list[str] = []
    if options.get("compression", write.compression) != write.compression:
        write = replace(write, compression=options["compression"])
        notes.append(f"Wrote the data with {write.compression} compression (lossless), as asked.")
    codec = write.codec()
    progress(2.0, "Opening the recording", None, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parts = [SessionStream.model_validate(s) for s in session or []]
        composed = parts if len(parts) > 1 else []
        earlier = ConversionPlan.from_plain(base_plan) if base_plan else None
        if earlier is not None and earlier.made_for(interface, source_data, composed):
            base = earlier
        else:
            base = make_session_plan(composed) if composed else make_plan(interface, source_data)
        converter = build_converter(base)
        plan, converter, stream_notes = correct_plan(getattr(converter, "plan", base), converter, options)
        plan = getattr(converter, "plan", plan)  # as built: names given to streams that would share one
        reader_metadata = converter.get_metadata()
        metadata, metadata_notes = final_metadata(
            reader_metadata, file_metadata or {}, user_metadata, bool(options.get("drop_empty_strings"))
        )
        name_series(metadata, dict(plan.series_names))
        notes += list(getattr(converter, "notes", [])) + unlinked_notes(plan) + stream_notes + metadata_notes
        layout = complete_objects(converter, metadata, user_metadata)
        located = label_electrodes(converter, user_metadata)
        text_changes = TextChanges()
        metadata = clean_metadata(metadata, text_changes)
        clean_extractor_text(_extractors(converter), metadata, text_changes)
        writing_fixes = text_changes.notes()
        notes += writing_fixes
        if options.get("compact_binary_columns"):
            compacted = compact_binary_properties(converter)
            if compacted:
                notes.append(f"Stored the 0/1 columns {', '.join(compacted)} in one byte each (same values).")
        progress(8.0, "Building the NWB file", None, None)
        options_by_interface = conversion_options(converter)
        nwbfile = create_nwbfile(converter, metadata, options_by_interface)
        spec_options, not_carried = specification_options(plan, converter, nwbfile)
        describe_placeholders(nwbfile, user_metadata)
        _configure(nwbfile, codec)
        taken = _take_over_large_datasets(nwbfile, codec)
    total = sum(
        FillJob(
            None, it._get_data, tuple(int(n) for n in it.maxshape), np.dtype(it.dtype), tuple(it.chunk_shape)
        ).nbytes
        for _, it in taken
    )
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
            job = FillJob(
                dataset=empty.dataset,
                read=iterator._get_data,
                shape=tuple(empty.dataset.shape),
                dtype=empty.dataset.dtype,
                chunks=tuple(empty.dataset.chunks),
            )
            fill(job, codec, write.threads, write.buffer_bytes, on_batch)
            filled.append((empty.dataset.name, job.shape))
    progress(WRITE_END, "Checking the written data", total, total)
    verify_readable(output_path, filled)
    return ConversionOutcome(
        metadata=_plain_dicts(metadata),
        notes=notes,
        bytes_written=total,
        plan=plan,
        base_plan=base,
        conversion_options=_plain_dicts(spec_options),
        reader_metadata=_plain_dicts(reader_metadata),
        electrodes_located=located,
        writing_fixes=writing_fixes,
        has_recordings=has_recordings(converter),
        recordings_layout=layout,
        streams=written_streams(plan),
        not_carried=not_carried,
    )


def _extractors(converter: Any) -> list[tuple[str, Any]]:
    """The recording and sorting extractors behind the converter's interfaces (their properties become
    the electrodes and units columns)."""
    found = []
    for interface in interfaces_of(converter).values():
        for kind in ("recording", "sorting"):
            extractor = getattr(interface, f"{kind}_extractor", None)
            if extractor is not None and hasattr(extractor, "get_property_keys"):
                found.append((kind, extractor))
    return found


def unit_electrode_rows(nwbfile: Any) -> list[list[int]] | None:
    """Each unit's rows of the electrodes table, as NeuroConv linked them (None: no links)."""
    units = nwbfile.units
    if units is None or "electrodes" not in units.colnames:
        return None
    index = units["electrodes"]
    ends = [int(n) for n in index.data]
    flat = [int(n) for n in index.target.data]
    return [flat[start:end] for start, end in zip([0, *ends[:-1]], ends, strict=True)]


def specification_options(plan: ConversionPlan, converter: Any, nwbfile: Any) -> tuple[dict[str, Any], list[str]]:
    """The conversion options of each stream as NeuroConv's specification names them (a linked
    sorting's units carry their electrode rows, `unit_electrode_indices`), and what about times and
    names the specification cannot carry."""
    interfaces = stream_interfaces(converter)
    options = {name: conversion_options(interface) for name, interface in interfaces.items()}
    not_carried: list[str] = []
    sortings = [s.name for s in plan.streams if getattr(interfaces.get(s.name), "sorting_extractor", None) is not None]
    rows = unit_electrode_rows(nwbfile) if plan.links else None
    if plan.links and rows is not None and len(sortings) == 1:
        options[sortings[0]] = {**options.get(sortings[0], {}), "unit_electrode_indices": rows}
    elif plan.links:
        not_carried.append("the links of units to electrodes (more than one sorting in the session)")
    for name, offset in plan.offsets:
        not_carried.append(f"{name} is written {offset:g} s after the session start (aligned start time)")
    for link in plan.links:
        recording = getattr(interfaces.get(link.recording), "recording_extractor", None)
        start = float(recording.get_start_time(segment_index=0)) if recording is not None else 0.0
        if start:
            not_carried.append(
                f"{link.sorting}'s spike times on {link.recording}'s clock (its first sample at {start:g} s)"
            )
    return {name: value for name, value in options.items() if value}, not_carried


def unlinked_notes(plan: ConversionPlan) -> list[str]:
    """Why each sorting detection did not match to a recording is converted beside it, unlinked."""
    return [
        f"{stream.name} is converted beside the recording, its units not linked to electrodes. {stream.link.reason}"
        for stream in plan.session
        if stream.link is not None and not stream.link.linked
    ]


def written_streams(plan: ConversionPlan) -> list[dict[str, Any]]:
    """The session's streams as written: a sorting is linked only if its link was made."""
    linked = {link.sorting for link in plan.links}
    written = []
    for stream in plan.session:
        if stream.link is not None and stream.link.linked and stream.name not in linked:
            link = stream.link.model_copy(
                update={"linked": False, "reason": "Not linked: the link could not be made (see the log)."}
            )
            stream = stream.model_copy(update={"link": link})
        written.append(stream.model_dump(mode="json"))
    return written


def _plain_dicts(value: Any) -> Any:
    """NeuroConv's DeepDict as plain dicts, so the outcome can leave the worker process."""
    if isinstance(value, dict):
        return {key: _plain_dicts(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_dicts(item) for item in value]
    return value


def verify_readable(path: Path, datasets: list[tuple[str, tuple[int, ...]]]) -> None:
    """Decode the first and the last chunk of every dataset we wrote ourselves (one value each: HDF5
    decodes exactly one chunk for it). PyNWB wrote everything else, and the evaluation reads the whole
    file with PyNWB next (an unreadable file is reported there), so it is not read twice."""
    import h5py

    with h5py.File(path, "r") as handle:
        for name, shape in datasets:
            dataset = handle[name]
            if tuple(dataset.shape) != shape:
                raise ValueError(f"{name} has shape {dataset.shape}, expected {shape}")
            if shape and all(shape):
                dataset[tuple(0 for _ in shape)]
                dataset[tuple(n - 1 for n in shape)]
