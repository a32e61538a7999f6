"""What the files already know (Story 6.2): start time, rates, channels, duration, data type,
devices and electrode groups, read from the chosen reader itself."""

from __future__ import annotations

import re
import warnings
from datetime import datetime
from pathlib import Path
from typing import Any

from ...metadata.nwb_mapping import metadata_entries
from ...models import FieldRequest
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
                    return datetime(*map(int, match.groups()))
                except ValueError:
                    continue
    return None


def _as_datetime(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return None
    return None


def _streams(instance: Any) -> list[dict[str, Any]]:
    found = []
    for name, interface in interfaces_of(instance).items():
        recording = getattr(interface, "recording_extractor", None)
        sorting = getattr(interface, "sorting_extractor", None)
        if recording is not None:
            dtype = recording.get_dtype()
            found.append({
                "name": name, "kind": "recording",
                "sampling_rate_hz": float(recording.get_sampling_frequency()),
                "channel_count": int(recording.get_num_channels()),
                "samples": int(recording.get_num_samples()),
                "duration_s": round(float(recording.get_total_duration()), 6),
                "dtype": str(dtype), "bit_depth": int(dtype.itemsize * 8),
            })
        elif sorting is not None:
            found.append({"name": name, "kind": "sorting", "sampling_rate_hz": float(sorting.get_sampling_frequency()),
                          "unit_count": len(sorting.get_unit_ids())})
    return found


def summarise(instance: Any, source_data: dict[str, Any]) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        metadata = instance.get_metadata()
    nwbfile = metadata.get("NWBFile", {})
    ecephys = metadata.get("Ecephys", {})
    start = _as_datetime(nwbfile.get("session_start_time"))
    source = "file header" if start else None
    if start is None and (start := _start_from_folders(source_data)):
        source = "folder name"
    streams = _streams(instance)
    main = max((s for s in streams if s["kind"] == "recording"), key=lambda s: s["samples"] * s["channel_count"],
               default=None)
    devices = [{k: d.get(k) for k in ("name", "description", "manufacturer", "serial_number") if d.get(k)}
               for d in metadata_entries(metadata.get("Devices")) + metadata_entries(ecephys.get("Device"))]
    groups = [{k: g.get(k) for k in ("name", "description", "location") if g.get(k)}
              for g in metadata_entries(ecephys.get("ElectrodeGroups")) + metadata_entries(ecephys.get("ElectrodeGroup"))]
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
        summary.update({k: main[k] for k in ("sampling_rate_hz", "channel_count", "duration_s", "dtype", "bit_depth")})
    return summary


def extract(interface: str, source_data: dict[str, Any]) -> dict[str, Any]:
    instance, _ = instantiate(get_class(interface), source_data)
    return {"interface": interface, **summarise(instance, source_data)}
