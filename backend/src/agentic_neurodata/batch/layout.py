"""Where a batch's files go (DANDI's layout, what `dandi organize` gives):

    <output>/dandiset.yaml                         when the Dandiset's identifier was given
    <output>/sub-<subject>/sub-<subject>_ses-<session>_<modalities>.nwb
    <output>/reports/sub-<subject>_ses-<session>_<modalities>_report.pdf (or .json when it failed)
    <output>/batch_summary.csv, .json, .pdf
    <output>/.batch/state.json, .batch/sessions/<key>/   (state, logs and every version of a session)

The dot folder keeps work files away from `dandi validate` and `dandi upload`."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from .store import STATE_FOLDER

# The single-session DANDI name carries the version (`_desc-v2`); the published file is the one version.
_VERSION_ENTITY = re.compile(r"_desc-v\d+(?=[_.])")


def work_folder(output_dir: Path, key: str) -> Path:
    return Path(output_dir) / STATE_FOLDER / "sessions" / key


def published_name(version_name: str) -> str | None:
    """The organised name of a version written with OUTPUT_NAMING=dandi; None when it has no subject."""
    if not version_name.startswith("sub-"):
        return None
    return _VERSION_ENTITY.sub("", version_name, count=1)


def _place(source: Path, target: Path) -> Path:
    """A hard link (no copy: same storage), or a copy where links are not allowed; replaces atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.unlink(missing_ok=True)
    try:
        os.link(source, temporary)
    except OSError:
        shutil.copy2(source, temporary)
    os.replace(temporary, target)
    return target


def publish(output_dir: Path, version: Path, report: Path | None) -> tuple[Path | None, Path | None]:
    """Put a session's file (and its report) where DANDI expects it; (nwb, report) published."""
    name = published_name(version.name)
    if name is None:
        return None, None
    subject = name.split("_", 1)[0]
    nwb = _place(version, Path(output_dir) / subject / name)
    placed_report = None
    if report is not None and report.is_file():
        placed_report = _place(report, Path(output_dir) / "reports" / f"{Path(name).stem}_report{report.suffix}")
    return nwb, placed_report


def write_dandiset_yaml(output_dir: Path, dandiset_id: str) -> Path | None:
    """dandiset.yaml naming the user's Dandiset (what `dandi download` puts there; `dandi validate` and
    `dandi upload` read the identifier from it). An existing one is left as it is."""
    digits = re.sub(r"\D", "", dandiset_id)
    path = Path(output_dir) / "dandiset.yaml"
    if not digits or path.exists():
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"identifier: DANDI:{digits}\n", encoding="utf-8")
    return path
