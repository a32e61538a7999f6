"""The file inventory of an upload: every file with its size and suffix tokens."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ScannedFile:
    path: Path
    relative: str
    size: int
    # Lower-case suffix tokens: "run_g0_t0.imec0.ap.bin" -> (".imec0", ".ap", ".bin").
    suffixes: tuple[str, ...]

    @property
    def last_suffix(self) -> str:
        return self.suffixes[-1] if self.suffixes else ""


@dataclass
class Inventory:
    root: Path
    files: list[ScannedFile] = field(default_factory=list)

    @property
    def total_bytes(self) -> int:
        return sum(f.size for f in self.files)

    @property
    def suffixes(self) -> set[str]:
        return {s for f in self.files for s in f.suffixes}

    @property
    def empty_files(self) -> list[ScannedFile]:
        return [f for f in self.files if f.size == 0]

    def under(self, folder: Path) -> list[ScannedFile]:
        folder = Path(folder)
        return [f for f in self.files if folder == f.path.parent or folder in f.path.parents]

    def describe(self, limit: int = 8) -> str:
        names = [f.relative for f in self.files[:limit]]
        more = f" and {len(self.files) - limit} more" if len(self.files) > limit else ""
        return ", ".join(names) + more


def suffix_tokens(name: str) -> tuple[str, ...]:
    """Suffix tokens of a file name; tokens with spaces are parts of the name, not suffixes."""
    return tuple(s.lower() for s in Path(name).suffixes if " " not in s and len(s) > 1)


def scan(root: Path) -> Inventory:
    """Every regular file under `root` (hidden files such as .DS_Store are skipped: no reader needs them)."""
    root = Path(root)
    inventory = Inventory(root=root)
    if root.is_file():
        candidates = [root]
        base = root.parent
    else:
        candidates = sorted(p for p in root.rglob("*") if p.is_file())
        base = root
    for path in candidates:
        relative = path.relative_to(base)
        if any(part.startswith(".") for part in relative.parts):
            continue
        try:
            size = os.stat(path).st_size
        except OSError:  # vanished between listing and stat: not part of the upload any more
            continue
        inventory.files.append(
            ScannedFile(path=path, relative=relative.as_posix(), size=size, suffixes=suffix_tokens(path.name))
        )
    return inventory
