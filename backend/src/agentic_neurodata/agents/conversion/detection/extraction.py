"""What the files already know (Story 6.2): start time, rates, channels, duration, data type,
devices and electrode groups, read from the chosen reader itself."""

from __future__ import annotations

import re
import warnings
from datetime import datetime
from pathlib import Path
from typing import Any

from ....domain import FieldRequest
from ....metadata.nwb_mapping import metadata_entries
from .facts import as_datetime, total_samples
from .options import interfaces_of
from .probe import instantiate
from .registry import get_class

# Folder names such as "2021-03-22_20-05-30" (Open Ephys) or "2024-03-05 14.30.00".
_FOLDER_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})[_ T](\d{2})[-.:](\d{2})[-.:](\d{2})")

TIMEZONE_QUESTION = FieldRequest(
    name="session_start_time",
    description="When the recording started, with its time zone (the files give no time zone)",
    example="2024-03-05T14:30:00-05:00",
    why="NWB stores an absolute time; without a zone it would silently take the server's",
)
START_TIME_QUESTION = FieldRequest(
    name="session_start_time",
    description="When the recording started, with its time zone (the files do not say)",
    example="2024-03-05T14:30:00-05:00",
    why="Every NWB file needs its session start time",
)


def _start_from_folders(source_data: dict[str, Any]) -> datetime | None:
    for value in source_data.values():
        if not isinstance(value, str):
            continue
        for part in reversed(Path(value).parts):
            if match := _FOLDER_DATE.search(part):
                try:
                    year, month, day, hour, minute, second = map(int, match.groups())
                    return datetime(year, month, day, hour, minute, second)
                except ValueError:
                    continue
    return None


# EDF-family headers name their sample width; other readers only tell the type they hand out.
_BDF_VERSION = b"\xffBIOSEMI"  # BDF: 24-bit samples
_EDF_VERSION = b"0       "  # EDF: 16-bit samples (BDF+ writers may use it and say "24BIT"/"BDF+" further on)


def stored_bit_depth(source_data: dict[str, Any]) -> tuple[int, str] | None:
    """(bits per stored sample, what says so) when the file header tells it, else None."""
    value = source_data.get("file_path")
    if not isinstance(value, str):
        return None
    try:
        with open(value, "rb") as handle:
            header = handle.read(256)
    except OSError:
        return None
    reserved = header[192:236]  # EDF+/BDF+ "reserved" field
    edf_like = header.startswith(_EDF_VERSION)
    if header.startswith(_BDF_VERSION) or (edf_like and (b"24BIT" in reserved or reserved.startswith(b"BDF+"))):
        return 24, "file header (BDF: 24-bit samples)"
    if edf_like and Path(value).suffix.lower() in (".edf", ".rec"):  # "0" + spaces alone is a weak signature
        return 16, "file header (EDF: 16-bit samples)"
    return None


def _bit_depth(dtype: Any, stored: tuple[int, str] | None) -> dict[str, Any]:
    """The stored bit depth when the header tells it; otherwise the reader's sample type, said as such."""
    sample_bits = int(dtype.itemsize * 8)
    if stored:
        return {"bit_depth": stored[0], "bit_depth_source": stored[1], "sample_type_bits": sample_bits}
    return {
        "bit_depth": sample_bits,
        "bit_depth_source": f"reader sample type ({dtype})",
        "sample_type_bits": sample_bits,
    }


def _streams(instance: Any, stored: tuple[int, str] | None = None) -> list[dict[str, Any]]:
    found = []
    for name, interface in interfaces_of(instance).items():
        recording = getattr(interface, "recording_extractor", None)
        sorting = getattr(interface, "sorting_extractor", None)
        if recording is not None:
            dtype = recording.get_dtype()
            found.append(
                {
                    "name": name,
                    "kind": "recording",
                    "sampling_rate_hz": float(recording.get_sampling_frequency()),
                    "channel_count": int(recording.get_num_channels()),
                    "samples": total_samples(recording),
                    "duration_s": round(total_samples(recording) / float(recording.get_sampling_frequency()), 6),
                    "dtype": str(dtype),
                    **_bit_depth(dtype, stored),
                }
            )
        elif sorting is not None:
            found.append(
                {
                    "name": name,
                    "kind": "sorting",
                    "sampling_rate_hz": float(sorting.get_sampling_frequency()),
                    "unit_count": len(sorting.get_unit_ids()),
                }
            )
    return found


def summarise(instance: Any, source_data: dict[str, Any]) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        metadata = instance.get_metadata()
    nwbfile = metadata.get("NWBFile", {})
    ecephys = metadata.get("Ecephys", {})
    start = as_datetime(nwbfile.get("session_start_time"))
    source = "file header" if start else None
    if start is None and (start := _start_from_folders(source_data)):
        source = "folder name"
    streams = _streams(instance, stored_bit_depth(source_data))
    main = max(
        (s for s in streams if s["kind"] == "recording"), key=lambda s: s["samples"] * s["channel_count"], default=None
    )
    devices = [
        {k: d.get(k) for k in ("name", "description", "manufacturer", "serial_number") if d.get(k)}
        for d in metadata_entries(metadata.get("Devices")) + metadata_entries(ecephys.get("Device"))
    ]
    groups = [
        {k: g.get(k) for k in ("name", "description", "location") if g.get(k)}
        for g in metadata_entries(ecephys.get("ElectrodeGroups")) + metadata_entries(ecephys.get("ElectrodeGroup"))
    ]
    has_zone = bool(start and start.tzinfo is not None)
    questions = [] if has_zone else [TIMEZONE_QUESTION if start else START_TIME_QUESTION]
    summary: dict[str, Any] = {
        "session_start_time": start.isoformat() if start else None,
        "session_start_time_source": source,
        "session_start_time_has_timezone": has_zone,
        "streams": streams,
        "devices": devices,
        "electrode_groups": groups,
        "questions": [q.model_dump() for q in questions],
    }
    if main:
        summary.update(
            {
                k: main[k]
                for k in (
                    "sampling_rate_hz",
                    "channel_count",
                    "duration_s",
                    "dtype",
                    "bit_depth",
                    "bit_depth_source",
                    "sample_type_bits",
                )
            }
        )
    return summary


def extract(interface: str, source_data: dict[str, Any]) -> dict[str, Any]:
    instance, _ = instantiate(get_class(interface), source_data)
    return {"interface": interface, **summarise(instance, source_data)}
