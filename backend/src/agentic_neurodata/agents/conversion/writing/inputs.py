"""Guard the upload during a conversion: the files read must stay as they were."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

STORAGE_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}
STORAGE_TEXTS = ("no space left", "file too large", "disk quota", "errno = 28", "errno = 27")


def source_files(
    source_data: dict[str, Any],
    root: str | None = None,
    detected: list[str] | None = None,
    more: list[dict[str, Any]] | None = None,
) -> list[Path]:
    """Every file the readers may read: the files detection attributed to them, the files named in
    source_data (and in `more`, the other streams of a session) and all files under their folders."""
    found: list[Path] = [Path(root) / name for name in detected or []] if root else []
    for arguments in [source_data, *(more or [])]:
        for key, value in arguments.items():
            if not key.endswith(("_path", "_paths")):
                continue
            for item in value if isinstance(value, list) else [value]:
                path = Path(str(item))
                found.extend(sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path])
    return list(dict.fromkeys(found))


def fingerprint(files: list[Path]) -> dict[str, tuple[int, int] | None]:
    """Size and modification time of each file (None: missing)."""
    prints: dict[str, tuple[int, int] | None] = {}
    for path in files:
        try:
            stat = os.stat(path)
            prints[str(path)] = (stat.st_size, stat.st_mtime_ns)
        except OSError:
            prints[str(path)] = None
    return prints


def changes(before: dict[str, tuple[int, int] | None], after: dict[str, tuple[int, int] | None]) -> list[str]:
    found = []
    for key, was in before.items():
        now, name = after.get(key), Path(key).name
        if was is not None and now is None:
            found.append(f"{name} vanished")
        elif was is not None and now != was:
            found.append(f"{name} changed (size {was[0]} -> {now[0] if now else 0} bytes)")
    return found


def is_storage_problem(exc: BaseException) -> bool:
    """A full disk or a file size limit, however deep HDF5 wrapped it."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno in STORAGE_ERRNOS:
            return True
        if any(text in str(seen).lower() for text in STORAGE_TEXTS):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
