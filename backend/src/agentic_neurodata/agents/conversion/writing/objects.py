"""Per-object values for the objects NeuroConv makes while writing, not in any reader's metadata.

A reader that names no device and no electrode groups gets NeuroConv's placeholder device
("PlaceholderElectrodeDevice") and groups it synthesises from the recording's channel groups. The
values a correction gives those objects (`device_name[PlaceholderElectrodeDevice]`,
`electrode_location[<group>]`, see metadata/object_fields.py) are written as the metadata entries
NeuroConv would otherwise have made up: a device entry, and a group entry per channel group that
links to it. Values for one group stay with that group, also in the electrodes table's location
column. The channel properties a correction asks for in one byte (`compact_binary_columns`) are
narrowed here too, since NeuroConv writes a column from each property as the reader gives it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....knowledge.readers import PLACEHOLDER_DEVICES
from ....metadata.nwb_mapping import electrode_location, metadata_entries
from ....metadata.object_fields import values_for
from ..detection import interfaces_of

# Properties NeuroConv does not write as columns of their own (channel groups become group_name).
NOT_COLUMNS = {"group", "contact_vector"}
BINARY_SAMPLE = 200  # the values NWB Inspector's check_column_binary_capability reads
SYSTEM_KEY = "acquisition_system"  # our key for the device that replaces NeuroConv's placeholder
ELECTRODE_PLACEHOLDER = PLACEHOLDER_DEVICES[0]


def _recordings(converter: Any) -> list[Any]:
    found = []
    for interface in interfaces_of(converter).values():
        recording = getattr(interface, "recording_extractor", None)
        if recording is not None and hasattr(recording, "get_channel_ids"):
            found.append(recording)
    return found


def _group_names(recording: Any) -> list[str]:
    """The channel groups NeuroConv writes for a recording (its own rule, so names match the file)."""
    from neuroconv.tools.spikeinterface.spikeinterface import _get_group_name

    return [str(name) for name in _get_group_name(recording=recording)]


def _falls_to_placeholder(recording: Any) -> bool:
    """NeuroConv gives a group with no device the probe's device when one probe names a model, else its placeholder."""
    if not recording.has_probe():
        return True
    probes = recording.get_probegroup().probes
    return not (len(probes) == 1 and probes[0].model_name)


def recordings_layout(converter: Any) -> list[dict[str, Any]]:
    """Per recording, the channel groups NeuroConv writes and whether they fall to its placeholder device.
    Plain values: kept in the version's recipe, so a derived version's metadata is completed alike."""
    return [
        {"groups": list(dict.fromkeys(_group_names(recording))), "placeholder": _falls_to_placeholder(recording)}
        for recording in _recordings(converter)
    ]


def complete_objects(converter: Any, metadata: dict[str, Any], user_metadata: dict[str, Any]) -> list[dict[str, Any]]:
    """Write per-object values for the placeholder device and synthesised groups into `metadata` (in place);
    returns the recordings' layout it was worked out from."""
    layout = recordings_layout(converter)
    complete_metadata(metadata, user_metadata, layout)
    return layout


def complete_metadata(metadata: dict[str, Any], user_metadata: dict[str, Any], layout: list[dict[str, Any]]) -> None:
    """`complete_objects` from a recorded layout (recordings_layout), without opening the recording."""
    new_name = values_for(user_metadata, "Device", "name").get(ELECTRODE_PLACEHOLDER)
    new_description = values_for(user_metadata, "Device", "description").get(ELECTRODE_PLACEHOLDER)
    descriptions = values_for(user_metadata, "ElectrodeGroup", "description")
    locations = values_for(user_metadata, "ElectrodeGroup", "location")
    ecephys = metadata.setdefault("Ecephys", {})
    existing = ecephys.get("ElectrodeGroups")
    if not isinstance(existing, dict) and (ecephys.get("ElectrodeGroup") or ecephys.get("Device")):
        return  # a reader with list-shaped metadata names its own groups and devices: nothing is made up
    named = {entry.get("name"): entry for entry in metadata_entries(existing)}
    added: dict[str, dict[str, Any]] = {}
    linked = False
    for recording in layout:
        to_system = bool(new_name) and bool(recording.get("placeholder"))
        for group in recording.get("groups") or []:
            if group in named:  # named by the reader, values applied already (nwb_mapping): link its device only
                if to_system and "device_metadata_key" not in named[group]:
                    named[group]["device_metadata_key"] = SYSTEM_KEY
                    linked = True
                continue
            if group in added:
                continue
            entry: dict[str, Any] = {"name": group}
            if to_system:
                entry["device_metadata_key"] = SYSTEM_KEY
            if group in descriptions:
                entry["description"] = str(descriptions[group])
            general = electrode_location(user_metadata)
            if group in locations or general:
                entry["location"] = str(locations.get(group, general))
            if len(entry) > 1:
                added[group] = entry
    if not added and not linked:
        return
    if linked or any("device_metadata_key" in entry for entry in added.values()):
        device = {"name": str(new_name)}
        if new_description:
            device["description"] = str(new_description)
        devices = metadata.get("Devices")
        metadata["Devices"] = {**(devices if isinstance(devices, dict) else {}), SYSTEM_KEY: device}
    ecephys["ElectrodeGroups"] = {**(existing if isinstance(existing, dict) else {}), **added}


def label_electrodes(converter: Any, user_metadata: dict[str, Any]) -> bool:
    """Write each group's brain area into the electrodes table's location column (NeuroConv fills it
    from each recording's `brain_area` property, else with "unknown"): the group's own value when
    one was given for it, else the value given for all electrodes."""
    general = electrode_location(user_metadata)
    per_group = values_for(user_metadata, "ElectrodeGroup", "location")
    labelled = False
    for recording in _recordings(converter):
        if not hasattr(recording, "set_property"):
            continue
        groups = _group_names(recording)
        areas = [str(per_group.get(group) or general or "") for group in groups]
        if any(areas):
            recording.set_property("brain_area", [area or "unknown" for area in areas])
            labelled = True
    return labelled


def compact_binary_properties(converter: Any) -> list[str]:
    """Channel and unit properties holding only the integers 0 and 1, stored in one byte (uint8)
    instead of the reader's wider integer: the same values, what NWB Inspector's
    check_column_binary_capability asks for. Returns the columns changed."""
    changed = []
    for interface in interfaces_of(converter).values():
        extractor = getattr(interface, "recording_extractor", None) or getattr(interface, "sorting_extractor", None)
        if extractor is None or not hasattr(extractor, "get_property_keys"):
            continue
        for key in extractor.get_property_keys():
            values = np.asarray(extractor.get_property(key))
            if key in NOT_COLUMNS or values.ndim != 1 or values.dtype.kind not in "iu" or values.dtype.itemsize == 1:
                continue
            # Flagged as the Inspector flags it (its first values are exactly 0 and 1); lossless for every value.
            if values.size and set(np.unique(values[:BINARY_SAMPLE]).tolist()) == {0, 1} and values.max() <= 255:
                extractor.set_property(key, values.astype(np.uint8))
                changed.append(key)
    return changed
