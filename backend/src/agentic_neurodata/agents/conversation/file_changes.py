"""What a correction round changed in the file, object by object, read from the two versions'
descriptions (FileInfo); and whether each automatic fix did what it said.

Objects are matched by name. A device whose groups moved to a device that is new in the second
version was renamed: its changes are recorded under the name it had before, as fixes name it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...domain import AppliedFix, FileInfo, ObjectChange, ValidationIssue
from ...metadata.nwb_mapping import NWBFILE_FIELDS, SUBJECT_FIELDS

DEVICE_ATTRIBUTES = ("description", "manufacturer", "model", "serial_number")


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return [str(x) for x in (a or [])] == [str(x) for x in (b or [])]
    return (a if a not in ("",) else None) == (b if b not in ("",) else None)


def _compare(
    object_type: str, name: str, before: dict[str, Any], after: dict[str, Any], attributes: Iterable[str]
) -> list[ObjectChange]:
    return [
        ObjectChange(object_type=object_type, object_name=name, attribute=a, before=before.get(a), after=after.get(a))
        for a in attributes
        if not _same(before.get(a), after.get(a))
    ]


def _renamed_devices(before: FileInfo, after: FileInfo) -> dict[str, str]:
    """old name -> new name, for devices that vanished while their groups moved to a device new in `after`."""
    old_names = {d.get("name") for d in before.devices}
    new_names = {d.get("name") for d in after.devices}
    groups_after = {g.get("name"): g.get("device") for g in after.electrode_groups}
    renamed: dict[str, str] = {}
    for group in before.electrode_groups:
        old, new = group.get("device"), groups_after.get(group.get("name"))
        if old and new and old != new and old not in new_names and new not in old_names:
            renamed[str(old)] = str(new)
    return renamed


def changes_between(before: FileInfo, after: FileInfo) -> list[ObjectChange]:
    """Every tracked attribute that differs between two versions of the file."""
    changes: list[ObjectChange] = []
    changes += _compare("NWBFile", "root", before.model_dump(), after.model_dump(), NWBFILE_FIELDS)
    subject_before = before.subject.model_dump() if before.subject else {}
    subject_after = after.subject.model_dump() if after.subject else {}
    changes += _compare("Subject", "subject", subject_before, subject_after, SUBJECT_FIELDS)

    renamed = _renamed_devices(before, after)
    devices_after = {d.get("name"): d for d in after.devices}
    for device in before.devices:
        name = str(device.get("name"))
        new_name = renamed.get(name, name)
        if new_name != name:
            changes.append(
                ObjectChange(object_type="Device", object_name=name, attribute="name", before=name, after=new_name)
            )
        if new_name in devices_after:
            changes += _compare("Device", name, device, devices_after[new_name], DEVICE_ATTRIBUTES)

    models_after = {m.get("name"): m for m in after.device_models}
    for model in before.device_models:
        name = str(model.get("name"))
        if name in models_after:
            changes += _compare("DeviceModel", name, model, models_after[name], ("description",))

    groups_after = {g.get("name"): g for g in after.electrode_groups}
    for group in before.electrode_groups:
        name = str(group.get("name"))
        if name in groups_after:
            later = dict(groups_after[name])
            # A renamed device is the same device: only a move to another device is a change of the group.
            old_names = {new: old for old, new in renamed.items()}
            later["device"] = old_names.get(str(later.get("device")), later.get("device"))
            changes += _compare("ElectrodeGroup", name, group, later, ("description", "location", "device"))

    columns_after = {(c.table, c.name): c for c in after.columns}
    for column in before.columns:
        later_column = columns_after.get((column.table, column.name))
        if later_column is not None:
            changes += _compare(
                column.table, column.name, column.model_dump(), later_column.model_dump(), ("description", "dtype")
            )

    kept = {entry.name for entry in after.acquisition}
    changes += [
        ObjectChange(
            object_type=entry.neurodata_type, object_name=entry.name, attribute="written", before=True, after=False
        )
        for entry in before.acquisition
        if entry.name not in kept
    ]
    return changes


def check_fixes(
    fixes: list[AppliedFix],
    observed: list[ObjectChange],
    issues_before: list[ValidationIssue],
    issues_after: list[ValidationIssue],
) -> list[AppliedFix]:
    """Each fix with `took_effect`: every change it announced is in the file, or (for a fix that names no
    object, a conversion option) fewer of its check's issues remain."""
    seen = {change.target: change.after for change in observed}
    checked = []
    for fix in fixes:
        if fix.changes:
            done = all(c.target in seen and _same(seen[c.target], c.after) for c in fix.changes)
        else:
            count_before = sum(1 for i in issues_before if i.check_name == fix.check_name)
            done = sum(1 for i in issues_after if i.check_name == fix.check_name) < count_before
        checked.append(fix.model_copy(update={"took_effect": done}))
    return checked
