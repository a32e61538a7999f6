"""Map the flat metadata people give us onto NeuroConv's nested metadata dictionary."""

from __future__ import annotations

import copy
from typing import Any

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
    location = electrode_location(flat)
    if location:
        for electrode in groups + icephys_electrodes:
            electrode["location"] = location
    # Generated descriptions (auto-fixes) fill only what the files left empty or a placeholder.
    device_description = flat.get("device_description")
    if device_description:
        for device in metadata_entries(merged.get("Devices")) + metadata_entries(ecephys.get("Device")):
            if is_placeholder(device.get("description")):
                device["description"] = device_description
    group_description = flat.get("electrode_group_description")
    if group_description:
        for group in groups:
            if is_placeholder(group.get("description")):
                group["description"] = group_description
    if flat.get("cell_id"):
        for electrode in icephys_electrodes:
            electrode["cell_id"] = str(flat["cell_id"])
    return merged


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
