"""Versioned outputs: <name>_v1.nwb, _v2, ... never overwritten; SHA-256 of each."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

CHUNK = 8 * 1024 * 1024


def safe_stem(name: str) -> str:
    """A file-system friendly stem from a folder or file name (keeps letters, digits, - and _)."""
    stem = re.sub(r"[^\w\-]+", "_", name, flags=re.UNICODE).strip("_")
    return stem[:80] or "recording"


def version_path(output_dir: Path, stem: str, version: int) -> Path:
    return Path(output_dir) / f"{stem}_v{version}.nwb"


def partial_path(final: Path) -> Path:
    """Where a version is written before it is known to be good."""
    return final.with_name(f".{final.stem}.partial.nwb")


def next_version(output_dir: Path, stem: str, known: list[int]) -> int:
    """One past every version in state *and* on disk, so nothing is ever overwritten."""
    on_disk = [
        int(m.group(1))
        for p in Path(output_dir).glob(f"{stem}_v*.nwb")
        if (m := re.fullmatch(re.escape(stem) + r"_v(\d+)\.nwb", p.name))
    ]
    return max([0, *known, *on_disk]) + 1


def remove_partials(directory: Path) -> list[Path]:
    """Delete unfinished outputs left by a stopped service (run at start-up, when nothing runs)."""
    removed = []
    for path in Path(directory).rglob(".*.partial.nwb"):
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def publish(partial: Path, final: Path) -> None:
    """Atomically give a finished file its version name; refuse to replace an existing one."""
    if final.exists():
        raise FileExistsError(f"{final.name} already exists and versions are never overwritten")
    os.replace(partial, final)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()
