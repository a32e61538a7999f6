"""The type map PyNWB's schema validation needs, built once instead of for every file.

`pynwb.validate` (which NWB Inspector runs with the DANDI configuration) builds a namespace catalog
and a type map from the namespaces cached in the file it checks: about half of an evaluation's time.
Every file this service writes caches the same namespaces, the installed PyNWB's. The worker
processes' parent (the forkserver, isolation_preload.py) builds them once from a file written the
same way; a worker checking a file whose cached namespaces are byte for byte those takes that
result, once (a BuildManager keeps what it builds, so it is never handed out twice); every other
file, or a second one, goes PyNWB's own way.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Any

_original: Any = None
_prepared: dict[str, Any] = {}  # "key": the cached namespaces' digest, "result": what PyNWB returned


def cached_namespaces_key(path: str | Path) -> str | None:
    """A digest of everything under /specifications, or None when the file has none (or is not HDF5)."""
    import h5py

    digest = hashlib.sha256()
    try:
        with h5py.File(path, "r") as handle:
            if "specifications" not in handle:
                return None

            def add(name: str, item: Any) -> None:
                if isinstance(item, h5py.Dataset):
                    digest.update(name.encode())
                    value = item[()]
                    digest.update(value if isinstance(value, bytes) else str(value).encode())

            handle["specifications"].visititems(add)
    except OSError:
        return None
    return digest.hexdigest()


def _get_cached_namespaces_to_validate(
    path: str | None = None, driver: str | None = None, aws_region: str | None = None, io: Any = None
) -> Any:
    fits = path is not None and io is None and driver is None and "result" in _prepared
    if fits and cached_namespaces_key(str(path)) == _prepared["key"]:
        return _prepared.pop("result")
    return _original(path=path, driver=driver, aws_region=aws_region, io=io)


def prepare() -> None:
    """Build the validation's type map for the namespaces this PyNWB caches, and use it when they match."""
    global _original
    import pynwb.validation
    from pynwb import NWBHDF5IO, NWBFile

    if _original is None:
        _original = pynwb.validation.get_cached_namespaces_to_validate
        pynwb.validation.get_cached_namespaces_to_validate = _get_cached_namespaces_to_validate
    with tempfile.TemporaryDirectory(prefix="schema-cache-") as folder:
        reference = Path(folder) / "reference.nwb"
        from datetime import UTC, datetime

        nwbfile = NWBFile(session_description="reference", identifier="reference", session_start_time=datetime.now(UTC))
        with NWBHDF5IO(str(reference), "w") as io:
            io.write(nwbfile)
        key = cached_namespaces_key(reference)
        if key is not None:
            _prepared.update(key=key, result=_original(path=str(reference)))
