"""Whether the recordings of a session can go into one NWB file: NeuroConv writes one electrodes table,
and refuses recordings whose electrode columns it cannot fill for each other (SpikeGLX's integer
`adc_sample_order` has no empty value for an Intan recording's rows). Proved like one reader is
(probe.py): every reader opened into one converter, and an in-memory stub file made from it.

Recordings that would write an ElectricalSeries of the same name (two Open Ephys record nodes) get
names of their own here too; writing/composed.py gives them the same names in the real file.
"""

from __future__ import annotations

import copy
import re
import warnings
from typing import Any

from .options import conversion_options, create_nwbfile, interfaces_of
from .probe import STUB_START_TIME, call_with_timeout, describe_error, instantiate


def _series_suffix(stream_name: str) -> str:
    """ "OpenEphysLegacyRecordingInterface@Record Node 105" -> "RecordNode105"."""
    tail = re.split(r"[@#:]", stream_name, maxsplit=1)[-1]
    return "".join(word[:1].upper() + word[1:] for word in re.findall(r"[A-Za-z0-9]+", tail)) or "2"


def distinct_series(interfaces: dict[str, Any]) -> dict[str, str]:
    """Recordings that share a metadata key would write one ElectricalSeries name twice (PyNWB refuses the
    second): each gets a key of its own (set on the interface) and a name. Returns metadata key -> name."""
    recordings = [(n, i) for n, i in interfaces.items() if getattr(i, "recording_extractor", None) is not None]
    keys = [getattr(i, "metadata_key", None) for _, i in recordings]
    renamed: dict[str, str] = {}
    for name, interface in recordings:
        if keys.count(getattr(interface, "metadata_key", None)) > 1:
            interface.metadata_key = f"{interface.metadata_key}_{_series_suffix(name).lower()}"
            renamed[interface.metadata_key] = f"ElectricalSeries{_series_suffix(name)}"
    return renamed


def name_series(metadata: dict[str, Any], renamed: dict[str, str]) -> None:
    entries = (metadata.get("Ecephys") or {}).get("ElectricalSeries")
    for key, name in renamed.items():
        if isinstance(entries, dict) and isinstance(entries.get(key), dict):
            entries[key]["name"] = name


def _stub_together(readers: dict[str, tuple[type[Any], dict[str, Any]]]) -> None:
    from neuroconv import ConverterPipe

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pipe = ConverterPipe(data_interfaces={name: instantiate(cls, data)[0] for name, (cls, data) in readers.items()})
        renamed = distinct_series(interfaces_of(pipe))
        metadata = copy.deepcopy(pipe.get_metadata())
        name_series(metadata, renamed)
        metadata.setdefault("NWBFile", {})
        if not metadata["NWBFile"].get("session_start_time"):
            metadata["NWBFile"]["session_start_time"] = STUB_START_TIME
        create_nwbfile(pipe, metadata, conversion_options(pipe, stub=True))


def why_not_together(readers: dict[str, tuple[type[Any], dict[str, Any]]], timeout_s: float) -> str | None:
    """None when these readers (name -> class and arguments) write one NWB file together, else why not."""
    try:
        call_with_timeout(lambda: _stub_together(readers), timeout_s, "the session's readers together")
    except Exception as exc:  # noqa: BLE001 - a refusal is the answer, not a crash
        return describe_error(exc)
    return None
