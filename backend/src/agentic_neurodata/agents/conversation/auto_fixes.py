"""Deterministic, safe fixes the service applies by itself (the correction catalogue: knowledge/_catalogue.py).

Each fix changes a metadata value or a conversion option only from facts already present
(a value the user gave, the devices the files describe) and says what it did; none invents a
value the user did not give. A fix with nothing to work on is not applied.
"""

from __future__ import annotations

from typing import Any

from ...domain import AppliedFix, FileInfo, FixStrategy
from ...metadata.fields import get_field, validate_field

# Auto fixes that are conversion options rather than metadata values (check -> option, value).
OPTION_FIXES: dict[str, tuple[str, Any]] = {
    "check_time_series_data_is_not_empty": ("skip_empty_streams", True),
    "check_empty_table": ("drop_empty_tables", True),
    "check_empty_string_for_optional_attribute": ("drop_empty_strings", True),
    "check_small_dataset_compression": ("compression", "gzip"),
    "check_large_dataset_compression": ("compression", "gzip"),
}
SLASH_FIELDS = ("subject_id", "session_id")


def apply_fix(
    strategy: FixStrategy, metadata: dict[str, Any], options: dict[str, Any], file_info: FileInfo | None
) -> AppliedFix | None:
    """Apply one automatic fix to `metadata` / `options` in place; return what was done, or None."""
    if strategy.check_name in OPTION_FIXES:
        option, value = OPTION_FIXES[strategy.check_name]
        if options.get(option) == value:
            return None
        old = options.get(option)
        options[option] = value
        return AppliedFix(
            check_name=strategy.check_name, field=option, old_value=old, new_value=value, reason=strategy.description
        )
    name = strategy.field
    if name is None:
        return None
    if name == "device_description":
        return _generated(strategy, metadata, name, _device_description(file_info))
    if name == "electrode_group_description":
        return _generated(strategy, metadata, name, _group_description(file_info, metadata))
    if name == "related_publications":
        return _changed(strategy, metadata, name, _doi_prefixed(metadata.get(name)))
    if name in SLASH_FIELDS and isinstance(metadata.get(name), str):
        return _changed(strategy, metadata, name, metadata[name].replace("/", "-"))
    if get_field(name) is not None and metadata.get(name) not in (None, ""):
        result = validate_field(name, metadata[name])
        return _changed(strategy, metadata, name, result.value) if result.ok else None
    return None


def _changed(strategy: FixStrategy, metadata: dict[str, Any], name: str, new: Any) -> AppliedFix | None:
    old = metadata.get(name)
    if new in (None, "", []) or new == old:
        return None
    metadata[name] = new
    return AppliedFix(
        check_name=strategy.check_name, field=name, old_value=old, new_value=new, reason=strategy.description
    )


def _generated(strategy: FixStrategy, metadata: dict[str, Any], name: str, text: str | None) -> AppliedFix | None:
    if metadata.get(name) or not text:
        return None
    return _changed(strategy, metadata, name, text)


def _device_description(info: FileInfo | None) -> str | None:
    """From the devices the file itself describes: model, manufacturer, serial number."""
    if info is None:
        return None
    for device in info.devices:
        facts = [device.get(key) for key in ("model", "model_number", "description") if device.get(key)]
        maker = device.get("manufacturer")
        serial = device.get("serial_number")
        parts = [str(device.get("name") or "recording device")]
        if facts:
            parts.append(str(facts[0]))
        if maker:
            parts.append(f"made by {maker}")
        if serial:
            parts.append(f"serial number {serial}")
        if len(parts) > 1:
            return ", ".join(parts)
    return None


def _group_description(info: FileInfo | None, metadata: dict[str, Any]) -> str | None:
    if info is None or not info.electrode_groups:
        return None
    group = info.electrode_groups[0]
    device = group.get("device")
    location = metadata.get("electrode_location") or group.get("location")
    if not device:
        return None
    text = f"Electrodes of {device}"
    if location and str(location).lower() != "unknown":
        text += f" in {location}"
    return text


def _doi_prefixed(value: Any) -> Any:
    if not value:
        return None
    items = value if isinstance(value, list) else [value]
    fixed = [f"doi:{item}" if isinstance(item, str) and item.startswith("10.") else item for item in items]
    return fixed if isinstance(value, list) else fixed[0]
