"""What a correction round changes, and whether its version can be derived from the previous one.

A round compares what the previous version was written from (its VersionRecipe) with the round's
metadata and options, and what it was read from (the reader, its arguments and, for a session of
several streams, each stream with its reader, link and offset) with what the round reads. When only
metadata changed, and every change is one the derivation knows how to write (derive.py), the next
version is the previous file copied as it is (compressed chunks untouched) with the changed metadata
rewritten. Anything else converts again (a stream left out or put back changes the data). Safe by construction:
both what the user changed (flat metadata names) and where it lands in NeuroConv's metadata (dotted
paths) must be on the lists below; a change that is not, a new kind of fix included, converts again.
"""

from __future__ import annotations

import copy
import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from ....domain import DetectionResult, ValueChange, VersionRecipe
from ....metadata.nwb_mapping import (
    LOCATION_FIELDS,
    NWBFILE_FIELDS,
    SUBJECT_ALIASES,
    SUBJECT_FIELDS,
    electrode_location,
    metadata_entries,
)
from ....metadata.object_fields import split_key
from ..detection import name_series
from .final_metadata import final_metadata
from .objects import complete_metadata

# The flat metadata names whose every effect the derivation writes. `device_description` and
# `electrode_group_description` also describe objects NeuroConv makes up itself (runner.py,
# describe_placeholders); the brain area also fills the electrodes table's location column.
PLACEHOLDER_TEXT = {"device_description": "Device", "electrode_group_description": "ElectrodeGroup"}
DERIVABLE_FIELDS = (
    set(NWBFILE_FIELDS) | set(SUBJECT_FIELDS) | set(SUBJECT_ALIASES) | set(LOCATION_FIELDS) | set(PLACEHOLDER_TEXT)
)
# Per-object values (metadata/object_fields.py) whose object the metadata names: their text lands in one
# attribute of that object. A device, group or column the conversion makes up itself (objects.py), a
# rename and a group's own brain area (also rows of the electrodes table) convert again.
DERIVABLE_OBJECT_FIELDS = {
    "device_description": "/general/devices/{}",
    "electrode_group_description": "/general/extracellular_ephys/{}",
    "column_description": "{}",
}
COLUMN_TABLES = {"electrodes": "/general/extracellular_ephys/electrodes", "units": "/units"}
# Where NeuroConv's metadata puts the objects whose text attributes the derivation rewrites:
# (section, subsection) -> HDF5 group of the objects, and the attributes it may set.
OBJECT_SECTIONS: dict[tuple[str, ...], tuple[str, frozenset[str]]] = {
    ("Devices",): ("/general/devices", frozenset({"description"})),
    ("Ecephys", "Device"): ("/general/devices", frozenset({"description"})),
    ("Ecephys", "ElectrodeGroups"): ("/general/extracellular_ephys", frozenset({"description", "location"})),
    ("Ecephys", "ElectrodeGroup"): ("/general/extracellular_ephys", frozenset({"description", "location"})),
    ("Ecephys", "Electrodes"): ("/general/extracellular_ephys/electrodes", frozenset({"description"})),
    ("Ecephys", "UnitProperties"): ("/units", frozenset({"description"})),
}
ELECTRODES_TABLE = "/general/extracellular_ephys/electrodes"
# The NWBFile and Subject sections are written whole by derive.py, the way NeuroConv writes them.
FILE_SECTIONS = ("NWBFile", "Subject")


@dataclass(frozen=True)
class Edits:
    """What derive.py writes into the copy. Plain values: it runs in a worker process."""

    old_file_sections: dict[str, Any]  # NWBFile and Subject as the previous version was written
    new_file_sections: dict[str, Any]
    attributes: tuple[tuple[str, str, str], ...] = ()  # (HDF5 object, attribute, text)
    placeholders: tuple[tuple[str, str, str], ...] = ()  # (HDF5 group, neurodata type, text for placeholders)
    columns: tuple[tuple[str, str, str], ...] = ()  # (table, column, the value of every row)
    # When the brain area changed: the electrode groups the metadata names. A group the conversion makes
    # up from the recording (not in the metadata) may take the new area there too; it is not derived.
    named_groups: tuple[str, ...] | None = None


@dataclass
class RoundPlan:
    derive: bool
    why: str
    changes: list[ValueChange] = field(default_factory=list)
    metadata: dict[str, Any] | None = None  # the new NeuroConv metadata, when derived
    notes: list[str] = field(default_factory=list)
    edits: Edits | None = None


class NotDerivable(Exception):
    """A change the derivation cannot write; the round converts again."""


def value_changes(
    old_metadata: dict[str, Any], new_metadata: dict[str, Any], old_options: dict[str, Any], new_options: dict[str, Any]
) -> list[ValueChange]:
    """The values that differ between two rounds: flat metadata fields, then conversion options."""
    changes = [
        ValueChange(name=name, kind="metadata", old=old_metadata.get(name), new=new_metadata.get(name))
        for name in sorted(set(old_metadata) | set(new_metadata))
        if old_metadata.get(name) != new_metadata.get(name)
    ]
    changes += [
        ValueChange(name=name, kind="option", old=old_options.get(name), new=new_options.get(name))
        for name in sorted(set(old_options) | set(new_options))
        if old_options.get(name) != new_options.get(name)
    ]
    return changes


def reads_of(found: DetectionResult) -> dict[str, Any]:
    """What a conversion of this detection reads: the reader, its arguments, the names of the streams
    it converts and, for a session of several, each stream as detection composed it (reader, files,
    link, offset)."""
    included = found.included_streams()
    return {
        "interface": found.interface,
        "source_data": json.loads(json.dumps(found.source_data, default=str)),
        "streams": [stream.name for stream in included] or [found.interface],
        "session": [stream.model_dump(mode="json") for stream in included] if found.composed else [],
    }


def stream_changes(old_reads: dict[str, Any], new_reads: dict[str, Any]) -> list[ValueChange]:
    """The session's streams left out or put back between two rounds (none when either is not known)."""
    old, new = old_reads.get("streams") or [], new_reads.get("streams") or []
    if not old or not new:
        return []
    return [ValueChange(name=n, kind="stream", old="included", new="left out") for n in old if n not in new] + [
        ValueChange(name=n, kind="stream", old="left out", new="included") for n in new if n not in old
    ]


def plan_round(
    previous: int | None,
    recipe: VersionRecipe | None,
    metadata: dict[str, Any],
    options: dict[str, Any],
    reads: dict[str, Any],
) -> RoundPlan:
    """Derive or convert again, with the reason in plain words. `reads`: what this round converts
    (reads_of the detection in the session)."""
    if previous is None or recipe is None:
        return RoundPlan(False, "there is no earlier version to derive from, so the recording is converted")
    changes = value_changes(recipe.metadata, metadata, recipe.options, options)
    if recipe.reads != reads:
        streams = stream_changes(recipe.reads, reads)
        said = "; ".join(f"{c.name} {c.new}" for c in streams)
        why = (
            f"the session's streams changed ({said}): the data are written again"
            if streams
            else f"the recording is read differently than for v{previous} (reader, files or how the streams "
            "are linked and timed), so it is converted again"
        )
        return RoundPlan(False, why, changes + streams)
    options_changed = [c.name for c in changes if c.kind == "option"]
    if options_changed:
        return RoundPlan(
            False,
            f"conversion options changed ({', '.join(options_changed)}): the data are written again",
            changes,
        )
    unknown = [c.name for c in changes if not _derivable(c.name)]
    if unknown:
        return RoundPlan(
            False, f"the derivation cannot write {', '.join(unknown)}, so the recording is converted again", changes
        )
    try:
        edits, new_metadata, notes = _edits(recipe, metadata)
    except NotDerivable as exc:
        return RoundPlan(False, f"{exc}, so the recording is converted again", changes)
    except Exception as exc:  # noqa: BLE001 - the conversion reports its own error in its own words
        why = f"the new metadata could not be prepared ({exc}), so the recording is converted"
        return RoundPlan(False, why, changes)
    names = ", ".join(c.name for c in changes) or "nothing"
    why = f"only metadata changed ({names}): v{previous}'s data are copied as they are, not decoded or compressed again"
    return RoundPlan(True, why, changes, new_metadata, notes, edits)


def _derivable(name: str) -> bool:
    split = split_key(name)
    return name in DERIVABLE_FIELDS if split is None else split[0] in DERIVABLE_OBJECT_FIELDS


def _object_path(name: str) -> str | None:
    """The HDF5 object a per-object value describes (None: not a per-object name)."""
    split = split_key(name)
    if split is None:
        return None
    field_name, target = split
    if field_name == "column_description":
        table, _, column = target.partition(".")
        return f"{COLUMN_TABLES.get(table, '/' + table)}/{column}"
    return DERIVABLE_OBJECT_FIELDS[field_name].format(target)


def _edits(recipe: VersionRecipe, metadata: dict[str, Any]) -> tuple[Edits, dict[str, Any], list[str]]:
    drop_empty = bool(recipe.options.get("drop_empty_strings"))
    old, _ = final_metadata(copy.deepcopy(recipe.reader_metadata), recipe.file_metadata, recipe.metadata, drop_empty)
    new, notes = final_metadata(copy.deepcopy(recipe.reader_metadata), recipe.file_metadata, metadata, drop_empty)
    # A session's recordings that would share a series name were given their own, as the conversion did.
    renamed = {str(key): str(name) for key, name in (recipe.plan or {}).get("series_names") or ()}
    name_series(old, renamed)
    name_series(new, renamed)
    attributes: list[tuple[str, str, str]] = []
    for path in differences(old, new):
        if path[0] in FILE_SECTIONS:
            continue
        attributes.append(_attribute(path, new))
    # A per-object value whose object the metadata does not name (one the conversion makes up) changes
    # nothing above: it would be lost in the copy.
    edited = {path for path, _, _ in attributes}
    for name in sorted(set(recipe.metadata) | set(metadata)):
        target = _object_path(name)
        if target is not None and recipe.metadata.get(name) != metadata.get(name) and target not in edited:
            raise NotDerivable(f"{name} describes an object the conversion makes itself")
    placeholders = []
    for name, neurodata_type in PLACEHOLDER_TEXT.items():
        before, after = recipe.metadata.get(name), metadata.get(name)
        if before == after:
            continue
        if before or not after:
            raise NotDerivable(f"{name} changed from {before!r}: the objects it described cannot be told apart")
        group = "/general/devices" if neurodata_type == "Device" else "/general/extracellular_ephys"
        placeholders.append((group, neurodata_type, str(after)))
    columns = []
    named_groups: tuple[str, ...] | None = None
    before_location, after_location = electrode_location(recipe.metadata), electrode_location(metadata)
    if before_location != after_location:
        if not after_location:
            raise NotDerivable("the brain area was removed, and what the readers would write instead is not known")
        if recipe.has_recordings:
            columns.append((ELECTRODES_TABLE, "location", after_location))
        ecephys = new.get("Ecephys") or {}
        groups = metadata_entries(ecephys.get("ElectrodeGroups")) + metadata_entries(ecephys.get("ElectrodeGroup"))
        named_groups = tuple(str(group.get("name")) for group in groups)
    # The metadata written beside it, completed as the conversion completes it (objects it makes up).
    complete_metadata(new, metadata, recipe.recordings_layout)
    # A new file, so a new identifier: in the file and in the metadata written beside it alike.
    new["NWBFile"] = {**new.get("NWBFile", {}), "identifier": str(uuid.uuid4())}
    sections = {name: new[name] for name in FILE_SECTIONS if name in new}
    edits = Edits(
        old_file_sections={name: old[name] for name in FILE_SECTIONS if name in old},
        new_file_sections=sections,
        attributes=tuple(attributes),
        placeholders=tuple(placeholders),
        columns=tuple(columns),
        named_groups=named_groups,
    )
    return edits, new, notes


def differences(old: Any, new: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths (keys and list positions) where two metadata trees differ."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key in list(old) + [k for k in new if k not in old]:
            found += differences(old.get(key), new.get(key), (*path, key))
        return found
    named = (
        isinstance(old, list)
        and isinstance(new, list)
        and all(isinstance(item, dict) and isinstance(item.get("name"), str) for item in old + new)
    )
    if named and len({item["name"] for item in old}) == len(old):
        # Column descriptions and the like: matched by name, a new entry's keys are paths of their own.
        before = {item["name"]: item for item in old}
        found = []
        for index, item in enumerate(new):
            found += differences(before.get(item["name"], {"name": item["name"]}), item, (*path, index))
        names = {item["name"] for item in new}
        return found + [(*path, "removed", n) for n in before if n not in names]
    both_tables = isinstance(old, list) and isinstance(new, list) and len(old) == len(new)
    if both_tables and all(isinstance(item, dict) for item in old + new):
        found = []
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            found += differences(a, b, (*path, index))
        return found
    return [] if old == new else [path]


def _attribute(path: tuple[Any, ...], new: dict[str, Any]) -> tuple[str, str, str]:
    """The HDF5 attribute a metadata path lands in, or NotDerivable."""
    dotted = ".".join(str(part) for part in path)
    for section, (group, attributes) in OBJECT_SECTIONS.items():
        if tuple(path[: len(section)]) != section or len(path) != len(section) + 2:
            continue
        key, attribute = path[len(section)], path[-1]
        entry = _at(new, (*section, key))
        value = entry.get(attribute) if isinstance(entry, dict) else None
        name = entry.get("name") if isinstance(entry, dict) else None
        if attribute in attributes and isinstance(value, str) and value and isinstance(name, str):
            return (f"{group}/{name}", str(attribute), value)
    raise NotDerivable(f"the derivation cannot write {dotted}")


def _at(tree: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        if isinstance(tree, dict):
            tree = tree.get(part)
        elif isinstance(tree, list) and isinstance(part, int) and part < len(tree):
            tree = tree[part]
        else:
            return None
    return tree
