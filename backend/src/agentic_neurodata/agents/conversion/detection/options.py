"""Conversion options a reader needs, decided from the opened reader itself (never from its name)."""

from __future__ import annotations

from typing import Any

from .registry import is_converter


def interfaces_of(instance: Any) -> dict[str, Any]:
    """The data interfaces inside `instance` (itself when it is an interface). A converter inside a
    converter (a sorting linked to its recording) contributes its own, named "<child>/<its name>"."""
    if not is_converter(type(instance)):
        return {type(instance).__name__: instance}
    found: dict[str, Any] = {}
    for name, child in dict(getattr(instance, "data_interface_objects", {})).items():
        if is_converter(type(child)):
            found.update({f"{name}/{inner}": value for inner, value in interfaces_of(child).items()})
        else:
            found[name] = child
    return found


def _accepts(interface: Any, option: str) -> bool:
    try:
        return option in interface.get_conversion_options_schema().get("properties", {})
    except Exception:  # noqa: BLE001 - no schema: pass no options
        return False


def _needs_physical_units(interface: Any) -> bool:
    # One ElectricalSeries holds one offset; channels with different offsets (EDF/BDF montages)
    # must be written as physical values or NeuroConv refuses them.
    recording = getattr(interface, "recording_extractor", None)
    if recording is None or not recording.has_scaleable_traces():
        return False
    return len(set(recording.get_channel_offsets().tolist())) > 1


def interface_options(interface: Any, stub: bool = False) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if stub and _accepts(interface, "stub_test"):
        options["stub_test"] = True
    if _accepts(interface, "data_representation") and _needs_physical_units(interface):
        options["data_representation"] = "physical_units"
    return options


def conversion_options(instance: Any, stub: bool = False) -> dict[str, Any]:
    """Options in the shape `create_nwbfile` takes: nested by interface name for converters."""
    if is_converter(type(instance)):
        children = dict(getattr(instance, "data_interface_objects", {}))
        nested = {name: conversion_options(child, stub) for name, child in children.items()}
        return {name: opts for name, opts in nested.items() if opts}
    return interface_options(instance, stub)


def create_nwbfile(instance: Any, metadata: dict[str, Any], options: dict[str, Any]) -> Any:
    if is_converter(type(instance)):
        return instance.create_nwbfile(metadata=metadata, conversion_options=options or None)
    return instance.create_nwbfile(metadata=metadata, **options)
