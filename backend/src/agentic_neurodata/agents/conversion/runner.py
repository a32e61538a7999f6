"""Run NeuroConv for one detected format and write one NWB file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...metadata.nwb_mapping import apply_user_metadata
from .registry import get_class

ProgressCallback = Callable[[float, str, int | None, int | None], None]


def build_converter(interface: str, source_data: dict[str, Any]) -> Any:
    return get_class(interface)(**source_data)


def run_conversion(
    interface: str,
    source_data: dict[str, Any],
    user_metadata: dict[str, Any],
    output_path: Path,
    progress: ProgressCallback,
    conversion_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Convert with NeuroConv; return the metadata actually written."""
    progress(5.0, "Opening the recording", None, None)
    converter = build_converter(interface, source_data)
    metadata = apply_user_metadata(converter.get_metadata(), user_metadata)
    progress(15.0, "Writing NWB file", None, None)
    converter.run_conversion(
        nwbfile_path=str(output_path),
        metadata=metadata,
        overwrite=True,
        conversion_options=conversion_options or None,
    )
    progress(100.0, "NWB file written", None, None)
    return metadata
