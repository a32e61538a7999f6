"""Beside every NWB file: the NeuroConv YAML conversion specification that re-runs the conversion
with NeuroConv's own command, and the final metadata as YAML.

    neuroconv <name>.neuroconv.yml --output-folder-path <folder> --overwrite

Source paths are absolute paths into the upload folder (as the service read it), so the
specification runs from any working directory as long as the upload is kept. To run it on a
copy of the recording elsewhere, edit the paths (or replace the upload folder's prefix).
The specification's metadata is what the service set differently from what the readers give
(the re-run reads the rest from the files again), as far as NeuroConv's specification schema
accepts it: the session (NWBFile) and Subject fields. What it cannot carry (device and electrode
group descriptions and locations, icephys cell IDs, the electrodes table's location column) is
listed in its header and kept in the metadata file. Our faster gzip writing is not carried
either: NeuroConv writes its own gzip, and the data decode the same.
"""

from __future__ import annotations

import copy
import json
import os
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .plan import ConversionPlan

SPEC_SUFFIX = ".neuroconv.yml"
METADATA_SUFFIX = ".metadata.yml"
RERUN_SUFFIX = "_neuroconv"  # the re-run's file name, so it never lands on one of our versions
# The re-run makes its own identifier and provenance record.
RERUN_OWN = ("identifier", "source_script", "source_script_file_name")


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


def _changes(final: Any, reader: Any, path: str = "") -> dict[str, Any]:
    """What `final` sets differently from what the reader itself gives, as {dotted path: value}."""
    if isinstance(final, dict):
        found: dict[str, Any] = {}
        for key, value in final.items():
            found.update(_changes(value, reader.get(key) if isinstance(reader, dict) else None, f"{path}{key}."))
        return found
    return {} if final == reader else {path.rstrip("."): final}


@lru_cache(maxsize=1)
def _schemas() -> tuple[dict[str, Any], Any]:
    """NeuroConv's own schemas of a YAML specification (and of its metadata), and their registry."""
    import neuroconv
    from neuroconv.utils import load_dict_from_file
    from referencing import Registry, Resource

    folder = Path(neuroconv.__file__).parent / "schemas"
    metadata_schema = load_dict_from_file(folder / "metadata_schema.json")
    registry = Registry().with_resource("metadata_schema.json", Resource.from_contents(metadata_schema))
    return load_dict_from_file(folder / "yaml_conversion_specification_schema.json"), registry


def _fits(metadata: dict[str, Any]) -> bool:
    from jsonschema import ValidationError, validate

    schema, registry = _schemas()
    try:
        validate(instance={"metadata": metadata, "experiments": {}}, schema=schema, registry=registry)
    except ValidationError:
        return False
    return True


def carried_metadata(final: dict[str, Any], reader: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The metadata a specification can carry: what differs from the reader's own, as far as
    NeuroConv's specification schema accepts it (an older, narrower form than the metadata NeuroConv
    itself uses). Returns it and the dotted paths it cannot carry (they are in the metadata file)."""
    carried: dict[str, Any] = {"NWBFile": {}}
    left_out: list[str] = []
    for path, value in _changes(_plain(final), _plain(reader)).items():
        parts = path.split(".")
        if parts[0] == "NWBFile" and parts[-1] in RERUN_OWN:
            continue
        trial = copy.deepcopy(carried)
        node = trial
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
        if len(parts) > 1 and _fits(trial):
            carried = trial
        else:
            left_out.append(path)
    return carried, left_out


def specification(
    plan: ConversionPlan, metadata: dict[str, Any], options: dict[str, Any], nwb_stem: str
) -> dict[str, Any]:
    """The specification as a dict, in NeuroConv's YAML conversion specification schema."""
    session: dict[str, Any] = {
        "nwbfile_name": nwb_stem + RERUN_SUFFIX,
        "source_data": {s.name: s.source_data for s in plan.streams},
    }
    used = {name: opts for name, opts in options.items() if opts}
    if used:
        session["conversion_options"] = used
    return _plain(
        {
            "metadata": metadata,
            "data_interfaces": {s.name: s.interface for s in plan.streams},
            "experiments": {"session": {"sessions": [session]}},
        }
    )


def write_beside(
    nwb_path: Path,
    plan: ConversionPlan | None,
    metadata: dict[str, Any],
    reader_metadata: dict[str, Any],
    options: dict[str, Any],
    electrodes_located: bool = False,
    not_carried: list[str] | None = None,
) -> tuple[Path | None, Path, list[str]]:
    """Write `<nwb stem>.metadata.yml` and, when the plan can be written as one,
    `<nwb stem>.neuroconv.yml`. Returns their paths (the specification's or None) and what the
    specification cannot carry."""
    stem = nwb_path.stem
    metadata_path = nwb_path.with_name(stem + METADATA_SUFFIX)
    _write_atomically(metadata_path, f"# Final NeuroConv metadata of {nwb_path.name}\n", _plain(metadata))
    if plan is None or not plan.reproducible:
        return None, metadata_path, []
    carried, left_out = carried_metadata(metadata, reader_metadata)
    if electrodes_located:
        left_out.append("the electrodes table's location column (a recording property, not metadata)")
    left_out += not_carried or []
    spec_path = nwb_path.with_name(stem + SPEC_SUFFIX)
    header = (
        f"# NeuroConv YAML conversion specification of {nwb_path.name}.\n"
        f"# Re-run without this service:  neuroconv {spec_path.name} --output-folder-path <folder> --overwrite\n"
        "# (the `neuroconv` command also needs the `dandi` package installed). Source paths are absolute\n"
        "# paths into the upload folder; edit them to run on a copy of the recording elsewhere.\n"
    )
    if left_out:
        header += (
            f"# NeuroConv's specification schema cannot carry these values (they are in {metadata_path.name}):\n"
            + "".join(f"#   {path}\n" for path in left_out)
        )
    _write_atomically(spec_path, header, specification(plan, carried, options, stem))
    return spec_path, metadata_path, left_out
