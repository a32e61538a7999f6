"""Values that belong to one object of the NWB file, not to the whole session.

A flat metadata name with the object's name in brackets sets one attribute of one object:
`device_description[NeuropixelsImec1]`, `electrode_location[imec0]`, `device_name[PlaceholderElectrodeDevice]`,
`column_description[electrodes.port]`. The same name without brackets (`electrode_location`) is a
value the person gave for every object of its kind. Automatic fixes only ever write bracketed
names, so a value found for one device or group never lands on another.

Each bracketed value reads as "this object's attribute becomes X" (`ObjectEdit`), which is also
how a correction round's record names what it changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# field -> (object type, attribute). Columns name their table in the object: "electrodes.port".
PER_OBJECT_FIELDS: dict[str, tuple[str, str]] = {
    "device_name": ("Device", "name"),
    "device_description": ("Device", "description"),
    "device_model_description": ("DeviceModel", "description"),
    "electrode_group_description": ("ElectrodeGroup", "description"),
    "electrode_location": ("ElectrodeGroup", "location"),
    "column_description": ("column", "description"),
}
_KEY = re.compile(r"^(?P<field>[a-z_]+)\[(?P<object>.+)\]$")


@dataclass(frozen=True)
class ObjectEdit:
    object_type: str  # Device, DeviceModel, ElectrodeGroup, or the table of a column (electrodes, units)
    object_name: str
    attribute: str
    value: Any


def object_key(field: str, object_name: str) -> str:
    return f"{field}[{object_name}]"


def column_object(table: str, column: str) -> str:
    return f"{table}.{column}"


def split_key(name: str) -> tuple[str, str] | None:
    """(field, object name) of a bracketed name whose field is per object; None for any other name."""
    found = _KEY.match(name)
    if found is None or found["field"] not in PER_OBJECT_FIELDS:
        return None
    return found["field"], found["object"]


def edit_for(name: str, value: Any) -> ObjectEdit | None:
    split = split_key(name)
    if split is None:
        return None
    field, target = split
    object_type, attribute = PER_OBJECT_FIELDS[field]
    if object_type == "column":
        table, _, column = target.partition(".")
        return ObjectEdit(table, column, attribute, value)
    return ObjectEdit(object_type, target, attribute, value)


def edits_in(flat: dict[str, Any]) -> Iterator[ObjectEdit]:
    """Every per-object value of a flat metadata dictionary, in order."""
    for name, value in flat.items():
        edit = edit_for(name, value)
        if edit is not None and value not in (None, ""):
            yield edit


def values_for(flat: dict[str, Any], object_type: str, attribute: str) -> dict[str, Any]:
    """object name -> value, for one kind of per-object value (e.g. every device's own description)."""
    return {e.object_name: e.value for e in edits_in(flat) if (e.object_type, e.attribute) == (object_type, attribute)}
