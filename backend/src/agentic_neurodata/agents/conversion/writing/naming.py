"""Names of the output files (OUTPUT_NAMING).

- session (default): `<upload name>_v<N>.nwb`.
- dandi: the layout DANDI's `organize` step gives (dandi-cli, organize.py and consts.py):
  `sub-<subject_id>_ses-<session_id>_desc-v<N>_<modalities>.nwb`, where
  * labels have each of `_ * \\ / < > : | " ' ? % @ ; ,` and white space replaced by `-`, and `.` too;
  * session_id, when none was given, comes from the start time as DANDI derives it: YYYYMMDD, plus
    THHMMSS unless the time is midnight;
  * modalities are the pynwb modules of the file's neurodata types (ecephys, icephys, ophys, behavior,
    ...; base, device, file and misc are left out), sorted and joined with `+`;
  * `desc-v<N>` (one of DANDI's own entities) keeps versions apart. DANDI adds `ses-` only when a
    subject has several sessions; we always write it, so the name does not change when more come.
"""

from __future__ import annotations

import inspect
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path

_NOT_IN_LABELS = re.compile(r"[_*\\/<>:|\"'?%@;,\s]")
_TRIVIAL_MODALITIES = {"base", "device", "file", "misc"}
DANDI_VERSION = re.compile(r"sub-[^_]+(?:_[a-z]+-[^_]+)*_desc-v(\d+)(?:_[a-z+]+)?\.nwb")


def dandi_label(value: object) -> str:
    return _NOT_IN_LABELS.sub("-", str(value)).replace(".", "-")


def session_id_from_start(start: datetime) -> str:
    label = f"{start.year:d}{start.month:02d}{start.day:02d}"
    if (start.hour, start.minute, start.second) != (0, 0, 0):
        label += f"T{start.hour:02d}{start.minute:02d}{start.second:02d}"
    return label


@lru_cache(maxsize=1)
def _modality_of_type() -> dict[str, str]:
    """Neurodata type -> the pynwb module that defines it (how DANDI assigns modalities)."""
    import pynwb

    found: dict[str, str] = {}
    for module in vars(pynwb).values():
        if not (inspect.ismodule(module) and module.__name__.startswith("pynwb.")):
            continue
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, pynwb.core.NWBMixin):
                parts = value.__module__.split(".")
                if len(parts) == 2:
                    found.setdefault(value.__name__, parts[1])
    return found


def modalities(nwb_path: Path) -> list[str]:
    """The modalities DANDI reads from a file's neurodata types (group attributes only, no data)."""
    import h5py

    types: set[str] = set()

    def visit(_name: str, item: object) -> None:
        if isinstance(item, h5py.Group) and "neurodata_type" in item.attrs:
            value = item.attrs["neurodata_type"]
            types.add(value.decode() if isinstance(value, bytes) else str(value))

    with h5py.File(nwb_path, "r") as handle:
        handle.visititems(visit)
    known = _modality_of_type()
    return sorted({known[t] for t in types if t in known} - _TRIVIAL_MODALITIES)


def dandi_name(subject_id: str, session_id: str | None, start: datetime | None, kinds: list[str], version: int) -> str:
    parts = [f"sub-{dandi_label(subject_id)}"]
    session = session_id or (session_id_from_start(start) if start else None)
    if session:
        parts.append(f"ses-{dandi_label(session)}")
    parts.append(f"desc-v{version}")
    if kinds:
        parts.append("+".join(kinds))
    return "_".join(parts) + ".nwb"


def dandi_versions_on_disk(output_dir: Path) -> list[int]:
    return [int(m.group(1)) for p in Path(output_dir).glob("sub-*.nwb") if (m := DANDI_VERSION.fullmatch(p.name))]
