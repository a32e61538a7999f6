"""Beside every NWB file: the NeuroConv YAML conversion specification that re-runs the conversion
with NeuroConv's own command, and the final metadata as YAML.

    neuroconv <name>.neuroconv.yml --output-folder-path <folder> --overwrite

Source paths are absolute paths into the upload folder (as the service read it), so the
specification runs from any working directory as long as the upload is kept. To run it on a
copy of the recording elsewhere, edit the paths (or replace the upload folder's prefix).
Not carried over (NeuroConv's YAML cannot say it): our faster gzip writing (the data decode the
same) and, when electrode_location was given, the electrodes table's location column (set from the
recordings' brain_area property; the electrode groups carry the location either way).
"""

from __future__ import annotations

import json
import os
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

from .plan import ConversionPlan

SPEC_SUFFIX = ".neuroconv.yml"
METADATA_SUFFIX = ".metadata.yml"
RERUN_SUFFIX = "_neuroconv"  # the re-run's file name, so it never lands on one of our versions


def _plain(value: Any) -> Any:
    """YAML-ready values: dates as ISO 8601 text (with their offset), tuples and numpy values plain."""
    def default(item: Any) -> Any:
        if isinstance(item, (datetime, date)):
            return item.isoformat()
        if hasattr(item, "tolist"):
            return item.tolist()
        return str(item)

    return json.loads(json.dumps(value, default=default))


def _write_atomically(path: Path, header: str, content: dict[str, Any]) -> None:
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(header + yaml.safe_dump(content, sort_keys=False, allow_unicode=True), encoding="utf-8")
    os.replace(partial, path)


def specification(plan: ConversionPlan, metadata: dict[str, Any], options: dict[str, Any], nwb_stem: str) -> dict[str, Any]:
    """The specification as a dict, in NeuroConv's YAML conversion specification schema."""
    session: dict[str, Any] = {
        "nwbfile_name": nwb_stem + RERUN_SUFFIX,
        "source_data": {s.name: s.source_data for s in plan.streams},
    }
    used = {name: opts for name, opts in options.items() if opts}
    if used:
        session["conversion_options"] = used
    return _plain({
        "metadata": metadata,
        "data_interfaces": {s.name: s.interface for s in plan.streams},
        "experiments": {"session": {"sessions": [session]}},
    })


def write_beside(nwb_path: Path, plan: ConversionPlan | None, metadata: dict[str, Any],
                 options: dict[str, Any]) -> tuple[Path | None, Path]:
    """Write `<nwb stem>.metadata.yml` and, when the plan can be written as one,
    `<nwb stem>.neuroconv.yml`. Returns their paths (the specification's or None)."""
    stem = nwb_path.stem
    metadata_path = nwb_path.with_name(stem + METADATA_SUFFIX)
    _write_atomically(metadata_path, f"# Final NeuroConv metadata of {nwb_path.name}\n", _plain(metadata))
    if plan is None or not plan.reproducible:
        return None, metadata_path
    spec_path = nwb_path.with_name(stem + SPEC_SUFFIX)
    header = (f"# NeuroConv YAML conversion specification of {nwb_path.name}.\n"
              f"# Re-run without this service:  neuroconv {spec_path.name} --output-folder-path <folder> --overwrite\n"
              "# (the `neuroconv` command also needs the `dandi` package installed). Source paths are absolute\n"
              "# paths into the upload folder; edit them to run on a copy of the recording elsewhere.\n")
    _write_atomically(spec_path, header, specification(plan, metadata, options, stem))
    return spec_path, metadata_path
