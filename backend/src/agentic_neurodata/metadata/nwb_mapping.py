"""Map the flat metadata people give us onto NeuroConv's nested metadata dictionary."""

from __future__ import annotations

import copy
from typing import Any

from .object_fields import edits_in, values_for

NWBFILE_FIELDS = (
    "session_description",
    "session_start_time",
    "experimenter",
    "institution",
    "lab",
    "experiment_description",
    "keywords",
    "session_id",
    "protocol",
    "notes",
    "related_publications",
    "pharmacology",
    "surgery",
    "virus",
    "stimulus_notes",
    "data_collection",
)
SUBJECT_FIELDS = (
    "subject_id",
    "species",
    "sex",
    "age",
    "date_of_birth",
    "strain",
    "genotype",
    "weight",
    "description",
)
LIST_FIELDS = {"experimenter", "keywords", "related_publications"}
# Flat names people use for the brain area of the electrodes.
LOCATION_FIELDS = ("electrode_location", "brain_region", "location")
SUBJECT_ALIASES = {"subject_description": "description"}
# Where NeuroConv takes the descriptions of the columns a reader adds, by table.
COLUMN_BLOCKS = {"electrodes": "Electrodes", "units": "UnitProperties"}
# What NWB Inspector's check_description takes for no description at all.
PLACEHOLDER_DESCRIPTIONS = {"", "no description", "no desc", "none", "placeholder"}


def _as_list(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if str(v).strip()]
    return [str(value)] if str(value).strip() else []


def to_neuroconv(flat: dict[str, Any]) -> dict[str, Any]:
    """Nest flat fields (already normalised by metadata rules) the way NeuroConv expects."""
    nwbfile: dict[str, Any] = {}
    subject: dict[str, Any] = {}
    for key, value in flat.items():
        if value is None or value == "" or value == []:
            continue
        if key in NWBFILE_FIELDS:
            nwbfile[key] = _as_list(value) if key in LIST_FIELDS else value
        elif key in SUBJECT_FIELDS or key in SUBJECT_ALIASES:
            subject[SUBJECT_ALIASES.get(key, key)] = value
    nested: dict[str, Any] = {}
    if nwbfile:
        nested["NWBFile"] = nwbfile
    if subject:
        nested["Subject"] = subject
    return nested


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Return `base` updated by `override`; nested dicts merge, everything else is replaced."""
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def apply_user_metadata(file_metadata: dict[str, Any], flat: dict[str, Any]) -> dict[str, Any]:
    """What the files know, overridden by what the user said (the user wins)."""
    merged = deep_merge(file_metadata, to_neuroconv(flat))
    ecephys = merged.get("Ecephys", {})
    groups = metadata_entries(ecephys.get("ElectrodeGroups")) + metadata_entries(ecephys.get("ElectrodeGroup"))
    icephys_electrodes = metadata_entries(merged.get("Icephys", {}).get("IntracellularElectrodes"))
    devices = metadata_entries(merged.get("Devices")) + metadata_entries(ecephys.get("Device"))
    # A value the person gave for every object of its kind: a location for all electrodes, a
    # description for every device or group the files left undescribed.
    location = electrode_location(flat)
    if location:
        for electrode in groups + icephys_electrodes:
            electrode["location"] = location
    device_description = flat.get("device_description")
    if device_description:
        for device in devices:
            if is_placeholder(device.get("description")):
                device["description"] = device_description
    group_description = flat.get("electrode_group_description")
    if group_description:
        for group in groups:
            if is_placeholder(group.get("description")):
                group["description"] = group_description
    # Values for one named object (`field[object]`) win over those, and touch that object only.
    _apply_object_values(merged, flat, devices, groups)
    if flat.get("cell_id"):
        for electrode in icephys_electrodes:
            electrode["cell_id"] = str(flat["cell_id"])
    return merged


def _apply_object_values(
    merged: dict[str, Any], flat: dict[str, Any], devices: list[dict[str, Any]], groups: list[dict[str, Any]]
) -> None:
    """Per-object values onto the objects the reader's metadata names (matched by name). Objects NeuroConv
    only makes while writing (its placeholder device, groups no metadata names) are completed by the
    conversion, which sees the recording (agents/conversion/writing/objects.py)."""
    models = metadata_entries(merged.get("DeviceModels"))
    named = (
        [("Device", entry) for entry in devices]
        + [("DeviceModel", entry) for entry in models]
        + [("ElectrodeGroup", entry) for entry in groups]
    )
    edits = list(edits_in(flat))
    for object_type, entry in named:
        for edit in edits:
            if (edit.object_type, edit.object_name) == (object_type, entry.get("name")) and edit.attribute != "name":
                entry[edit.attribute] = edit.value
    # Renames last, so values given under the old name found their object first.
    renames = values_for(flat, "Device", "name")
    for device in devices:
        new_name = renames.get(str(device.get("name")))
        if new_name:
            device["name"] = new_name
    ecephys = merged.setdefault("Ecephys", {}) if any(e.object_type in COLUMN_BLOCKS for e in edits) else {}
    for edit in edits:
        block = COLUMN_BLOCKS.get(edit.object_type)
        if block is None:
            continue
        columns = ecephys.get(block)
        columns = columns if isinstance(columns, list) else []
        ecephys[block] = [c for c in columns if c.get("name") != edit.object_name] + [
            {"name": edit.object_name, "description": str(edit.value)}
        ]


def target_of(field: str) -> tuple[str, str, str] | None:
    """(object type, object name, attribute) a flat session or subject field sets in the NWB file."""
    if field in NWBFILE_FIELDS:
        return ("NWBFile", "root", field)
    if field in SUBJECT_FIELDS or field in SUBJECT_ALIASES:
        return ("Subject", "subject", SUBJECT_ALIASES.get(field, field))
    return None


def electrode_location(flat: dict[str, Any]) -> str | None:
    """The brain area the user gave for the electrodes, under any of its flat names."""
    return next((str(flat[k]) for k in LOCATION_FIELDS if flat.get(k)), None)


def is_placeholder(description: Any) -> bool:
    return description is None or str(description).strip().strip(".").lower() in PLACEHOLDER_DESCRIPTIONS


def metadata_entries(container: Any) -> list[dict[str, Any]]:
    """NeuroConv 0.10 keys some metadata sections by name (dict); older interfaces use lists."""
    if isinstance(container, dict):
        return [v for v in container.values() if isinstance(v, dict)]
    if isinstance(container, list):
        return [v for v in container if isinstance(v, dict)]
    return []
