"""Deterministic, safe fixes the service applies by itself (the correction catalogue: knowledge/_catalogue.py).

Each fix works object by object, on the objects its issues name: a value found for one device,
group or column is written for that object only (`field[object]`, metadata/object_fields.py),
never spread to the others. A fix only uses facts already present (a value the user gave, what the
file says about a device, what the format implies, the vendor's documentation of a column) and
returns the changes it makes, each with the object's value now and after; a fix that would change
nothing is not applied, and an object nothing is known about becomes a question instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...domain import AppliedFix, FieldRequest, FileInfo, FixStrategy, ObjectChange, ValidationIssue
from ...knowledge.readers import column_description, is_placeholder_device, system_device
from ...metadata.fields import get_field, validate_field
from ...metadata.nwb_mapping import COLUMN_BLOCKS, electrode_location, is_placeholder, target_of
from ...metadata.object_fields import column_object, object_key, values_for

# Auto fixes that are conversion options rather than metadata values (check -> option, value).
OPTION_FIXES: dict[str, tuple[str, Any]] = {
    "check_time_series_data_is_not_empty": ("skip_empty_streams", True),
    "check_empty_table": ("drop_empty_tables", True),
    "check_empty_string_for_optional_attribute": ("drop_empty_strings", True),
    "check_small_dataset_compression": ("compression", "gzip"),
    "check_large_dataset_compression": ("compression", "gzip"),
    "check_column_binary_capability": ("compact_binary_columns", True),
}
SLASH_FIELDS = ("subject_id", "session_id")
# The name a placeholder device gets when the format implies no system: what it is, no claim more.
UNNAMED_SYSTEM = "RecordingSystem"
UNKNOWN_LOCATIONS = {"", "unknown", "none", "n/a"}


@dataclass
class FixInputs:
    """What a fix may work from: the file as it is, the issues it answers, the reader, the values given."""

    info: FileInfo | None
    issues: list[ValidationIssue]
    interface: str | None = None
    # The readers that write each table ("electrodes", "units") in a session of several; else `interface`.
    table_readers: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def readers_of(self, table: str) -> tuple[str | None, ...]:
        return self.table_readers.get(table) or (self.interface,)


@dataclass
class FixOutcome:
    fix: AppliedFix | None = None
    questions: list[FieldRequest] = field(default_factory=list)


def apply_fix(
    strategy: FixStrategy, inputs: FixInputs, metadata: dict[str, Any], options: dict[str, Any]
) -> FixOutcome:
    """Apply one automatic fix to `metadata` / `options` in place: what it changed, and the questions
    for objects it found nothing to work from."""
    if strategy.check_name in OPTION_FIXES:
        return FixOutcome(_option_fix(strategy, inputs, options))
    name = strategy.field
    per_object = PER_OBJECT_FIXES.get(name or "")
    if per_object is not None:
        return per_object(strategy, inputs, metadata)
    if name is None:
        return FixOutcome()
    if name == "related_publications":
        return FixOutcome(_changed(strategy, metadata, name, _doi_prefixed(metadata.get(name))))
    if name in SLASH_FIELDS and isinstance(metadata.get(name), str):
        return FixOutcome(_changed(strategy, metadata, name, metadata[name].replace("/", "-")))
    if get_field(name) is not None and metadata.get(name) not in (None, ""):
        result = validate_field(name, metadata[name])
        return FixOutcome(_changed(strategy, metadata, name, result.value) if result.ok else None)
    return FixOutcome()


# ---------------------------------------------------------------------------------------------- options


def _option_fix(strategy: FixStrategy, inputs: FixInputs, options: dict[str, Any]) -> AppliedFix | None:
    option, value = OPTION_FIXES[strategy.check_name]
    if options.get(option) == value:
        return None  # asked for already: the issue stayed, so asking again would change nothing
    changes = []
    if option == "compact_binary_columns":
        changes = [
            ObjectChange(object_type=c.table, object_name=c.name, attribute="dtype", before=c.dtype, after="uint8")
            for c in (inputs.info.columns if inputs.info else [])
            if c.binary and c.table in COLUMN_BLOCKS
        ]
        if not changes:
            return None  # no column of a table the conversion writes from the reader: nothing it could change
    old = options.get(option)
    options[option] = value
    return _applied(strategy, option, old, value, changes)


def _applied(
    strategy: FixStrategy, field: str | None, old: Any, new: Any, changes: list[ObjectChange], reason: str | None = None
) -> AppliedFix:
    return AppliedFix(
        check_name=strategy.check_name,
        field=field,
        old_value=old,
        new_value=new,
        reason=reason or strategy.description,
        changes=changes,
    )


# ---------------------------------------------------------------------------------------------- flat fields


def _changed(strategy: FixStrategy, metadata: dict[str, Any], name: str, new: Any) -> AppliedFix | None:
    old = metadata.get(name)
    if new in (None, "", []) or new == old:
        return None
    metadata[name] = new
    target = target_of(name)
    changes = []
    if target is not None:
        changes.append(
            ObjectChange(object_type=target[0], object_name=target[1], attribute=target[2], before=old, after=new)
        )
    return _applied(strategy, name, old, new, changes)


def _doi_prefixed(value: Any) -> Any:
    if not value:
        return None
    items = value if isinstance(value, list) else [value]
    fixed = [f"doi:{item}" if isinstance(item, str) and item.startswith("10.") else item for item in items]
    return fixed if isinstance(value, list) else fixed[0]


# ---------------------------------------------------------------------------------------------- per object


def _named(inputs: FixInputs, object_type: str) -> list[str]:
    """The objects of one type the issues name, once each, in order."""
    return list(dict.fromkeys(i.object_name for i in inputs.issues if i.object_type == object_type and i.object_name))


def _set(
    metadata: dict[str, Any],
    changes: list[ObjectChange],
    target: tuple[str, str, str],
    key: str,
    before: Any,
    after: Any,
) -> None:
    """Set one object's value, unless a value for it is in already (the person's, or this fix's from an
    earlier round that did not take effect: offering it again would change nothing)."""
    if key in metadata:
        return
    metadata[key] = after
    changes.append(
        ObjectChange(object_type=target[0], object_name=target[1], attribute=target[2], before=before, after=after)
    )


def _result(
    strategy: FixStrategy, changes: list[ObjectChange], questions: list[FieldRequest], reason: str | None = None
) -> FixOutcome:
    if not changes:
        return FixOutcome(questions=questions)
    single = changes[0] if len(changes) == 1 else None
    before, after = (single.before, single.after) if single else (None, None)
    return FixOutcome(_applied(strategy, strategy.field, before, after, changes, reason), questions)


def _devices(strategy: FixStrategy, inputs: FixInputs, metadata: dict[str, Any]) -> FixOutcome:
    """Each device described from its own facts; NeuroConv's placeholder device renamed after the system
    the format implies (and described by it), or asked about once when the format implies none."""
    devices = {d.get("name"): d for d in (inputs.info.devices if inputs.info else [])}
    changes: list[ObjectChange] = []
    questions: list[FieldRequest] = []
    for name in _named(inputs, "Device"):
        device = devices.get(name, {"name": name})
        asked, renamed = object_key("device_description", name), object_key("device_name", name)
        if is_placeholder_device(name):
            system = system_device(inputs.readers_of("electrodes")[0])
            new_name, description = system if system else (UNNAMED_SYSTEM, None)
            if renamed not in metadata:
                _set(metadata, changes, ("Device", name, "name"), renamed, name, new_name)
            if asked in metadata:
                continue  # a description is in already (the person's answer)
            if description:
                _set(metadata, changes, ("Device", name, "description"), asked, device.get("description"), description)
            else:
                questions.append(_device_question(name, new_name))
            continue
        if asked in metadata:
            continue
        description = _from_device_facts(device, inputs.info)
        if description:
            _set(metadata, changes, ("Device", name, "description"), asked, device.get("description"), description)
        else:
            questions.append(_device_question(name, name))
    return _result(strategy, changes, questions, _devices_reason(changes))


def _devices_reason(changes: list[ObjectChange]) -> str:
    """What this round does to devices, in words: only the kinds of change it makes."""
    placeholders = {c.object_name for c in changes if is_placeholder_device(c.object_name)}
    parts = []
    if placeholders:
        described = any(c.attribute == "description" and c.object_name in placeholders for c in changes)
        parts.append(
            "Name NeuroConv's placeholder device after the acquisition system the format implies"
            + (" and describe it by that system" if described else "")
        )
    if any(c.object_name not in placeholders for c in changes):
        parts.append("Describe each device from its own model, manufacturer and serial number")
    return "; ".join(parts) + "."


def _device_question(key_name: str, shown_name: str) -> FieldRequest:
    return FieldRequest(
        name=object_key("device_description", key_name),
        required=True,
        description=f"The files do not say what recorded this ({shown_name}). Which system, amplifier or "
        "headstage was it, and which electrodes or probe?",
        example="Intan RHD2000 evaluation board with an RHD2132 headstage; 32-channel silicon probe",
        why="DANDI shows the device description so readers know which hardware produced the data.",
        rule="Plain text; placeholders such as 'no description' are not accepted.",
    )


def _from_device_facts(device: dict[str, Any], info: FileInfo | None) -> str | None:
    """'Neuropixels 1.0 probe, model NP1000 by imec, serial number 18194814012' from the device's own facts."""
    model = device.get("model")
    model_entry = next(
        (m for m in (info.device_models if info else []) if model and model in (m.get("name"), m.get("model_number"))),
        {},
    )
    kind = model_entry.get("description")
    kind = None if is_placeholder(kind) else kind
    maker = device.get("manufacturer") or model_entry.get("manufacturer")
    serial = device.get("serial_number")
    parts = [str(kind)] if kind else []
    if model:
        parts.append(f"model {model}" + (f" by {maker}" if maker else ""))
    elif maker:
        parts.append(f"made by {maker}")
    if serial:
        parts.append(f"serial number {serial}")
    if not parts or (parts == [f"serial number {serial}"] and not kind):
        return None  # a serial number alone says nothing of what the device is
    return ", ".join(parts)


def _device_models(strategy: FixStrategy, inputs: FixInputs, metadata: dict[str, Any]) -> FixOutcome:
    models = {m.get("name"): m for m in (inputs.info.device_models if inputs.info else [])}
    changes: list[ObjectChange] = []
    for name in _named(inputs, "DeviceModel"):
        model = models.get(name, {})
        number, maker = model.get("model_number"), model.get("manufacturer")
        if not (number or maker):
            continue  # a name alone describes nothing; the issue stays and is said as such
        text = str(name) + (f", model number {number}" if number and number != name else "")
        text += f", made by {maker}" if maker else ""
        key = object_key("device_model_description", name)
        _set(metadata, changes, ("DeviceModel", name, "description"), key, model.get("description"), text)
    return _result(strategy, changes, [])


def _groups(strategy: FixStrategy, inputs: FixInputs, metadata: dict[str, Any]) -> FixOutcome:
    """Each group from its own electrodes, device and location: '32 electrodes of port A on Intan, in CA1'."""
    groups = {g.get("name"): g for g in (inputs.info.electrode_groups if inputs.info else [])}
    renamed = values_for(metadata, "Device", "name")
    locations = values_for(metadata, "ElectrodeGroup", "location")
    changes: list[ObjectChange] = []
    for name in _named(inputs, "ElectrodeGroup"):
        group = groups.get(name, {"name": name})
        device = renamed.get(str(group.get("device"))) or group.get("device")
        device = None if is_placeholder_device(device) else device
        location = locations.get(name) or electrode_location(metadata) or group.get("location")
        location = None if str(location or "").strip().lower() in UNKNOWN_LOCATIONS else location
        count = group.get("electrode_count")
        text = f"{count} electrode{'s' if count != 1 else ''}" if count else "Electrodes"
        text += f" of group {name}" if name != "ElectrodeGroup" else ""
        text += f", recorded with {device}" if device else ""
        text += f", in {location}" if location else ""
        if text == "Electrodes":
            continue  # nothing known about this group: a description would say nothing
        key = object_key("electrode_group_description", name)
        _set(metadata, changes, ("ElectrodeGroup", name, "description"), key, group.get("description"), text + ".")
    return _result(strategy, changes, [])


def _columns(strategy: FixStrategy, inputs: FixInputs, metadata: dict[str, Any]) -> FixOutcome:
    """Columns a reader added to the electrodes or units table, described through NeuroConv's column metadata."""
    named = set(_named(inputs, "VectorData"))
    changes: list[ObjectChange] = []
    for column in inputs.info.columns if inputs.info else []:
        if column.name not in named or column.table not in COLUMN_BLOCKS or not is_placeholder(column.description):
            continue
        text, _ = column_description(inputs.readers_of(column.table), column.table, column.name)
        key = object_key("column_description", column_object(column.table, column.name))
        _set(metadata, changes, (column.table, column.name, "description"), key, column.description, text)
    return _result(strategy, changes, [])


PER_OBJECT_FIXES: dict[str, Callable[[FixStrategy, FixInputs, dict[str, Any]], FixOutcome]] = {
    "device_description": _devices,
    "device_model_description": _device_models,
    "electrode_group_description": _groups,
    "column_description": _columns,
}
