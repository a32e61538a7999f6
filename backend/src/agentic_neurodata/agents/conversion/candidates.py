"""Candidate `source_data` for every registry class whose declared suffixes occur in the upload."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .hints import ARGUMENT_HINTS, RECORDING_FAMILIES, REQUIRED_COMPANIONS, ArgumentHint
from .registry import is_converter, registry
from .scan import Inventory, ScannedFile
from .suffixes import SuffixSet, suffixes_of

PATH_KEYS = ("folder_path", "file_path", "file_paths")
STREAM_KEYS = ("stream_name", "stream_id")
MAX_FILE_VARIANTS = 6
MAX_FOLDER_VARIANTS = 6


@dataclass
class Proposal:
    cls: type
    path_key: str
    source_data: dict[str, Any]
    files: list[ScannedFile]
    suffixes: SuffixSet
    coverage: float
    stream_key: str | None = None
    hint: ArgumentHint | None = None
    scope: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.cls.__name__

    @property
    def is_converter(self) -> bool:
        return is_converter(self.cls)

    @property
    def bytes(self) -> int:
        return sum(f.size for f in self.files)

    def lists_streams(self) -> bool:
        return self.stream_key is not None and hasattr(self.cls, "get_stream_names")


def _schema(cls: type) -> dict[str, Any] | None:
    try:
        return cls.get_source_schema()
    except Exception:  # noqa: BLE001 - classes built from other interfaces have no schema of their own
        return None


def family(cls: type) -> str:
    """NeuroConv's own grouping: neuroconv.datainterfaces.<family>.<format>."""
    parts = cls.__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "datainterfaces" else ""


def _relative(inventory: Inventory, path: Path) -> str:
    base = inventory.root if inventory.root.is_dir() else inventory.root.parent
    try:
        text = Path(path).relative_to(base).as_posix()
    except ValueError:
        return str(path)
    return text if text != "." else "the upload folder"


@dataclass
class ClassProposals:
    """One class's candidates: `chain` is tried in order until one reads (the deepest folder holding
    every match, then its parents); `separate` are tried each (several recordings side by side)."""

    chain: list[Proposal] = field(default_factory=list)
    separate: list[Proposal] = field(default_factory=list)


def _folder_variants(inventory: Inventory, matched: list[ScannedFile]) -> tuple[list[Path], list[Path]]:
    common = Path(os.path.commonpath([str(f.path.parent) for f in matched]))
    root = inventory.root if inventory.root.is_dir() else inventory.root.parent
    chain = [common]
    while chain[-1] != root and root in chain[-1].parents:
        chain.append(chain[-1].parent)
    # Several recordings side by side: the top folder under the common one that holds each group.
    tops = {common / f.path.relative_to(common).parts[0] for f in matched if f.path.parent != common}
    return chain, sorted(tops)[:MAX_FOLDER_VARIANTS]


def proposals(inventory: Inventory) -> list[ClassProposals]:
    found: list[ClassProposals] = []
    tokens = inventory.suffixes
    readable = [f for f in inventory.files if f.size > 0]
    for cls in registry().values():
        if family(cls) not in RECORDING_FAMILIES:
            continue
        companion = REQUIRED_COMPANIONS.get(cls.__name__)
        if companion and companion not in tokens:
            continue
        suffixes = suffixes_of(cls)
        if not suffixes:
            continue
        matched = [f for f in readable if suffixes.matches(f)]
        if not matched:
            continue  # the pre-filter: no file this class would read
        schema = _schema(cls)
        if not schema:
            continue
        properties = schema.get("properties", {})
        path_key = next((k for k in PATH_KEYS if k in properties), None)
        if path_key is None:
            continue
        stream_key = next((k for k in STREAM_KEYS if k in properties), None)
        extra_required = set(schema.get("required", [])) - {path_key, stream_key}
        hint = ARGUMENT_HINTS.get(cls.__name__)
        if extra_required and hint is None:
            continue  # needs arguments nobody can give; see hints.py
        if stream_key in schema.get("required", []) and not hasattr(cls, "get_stream_names"):
            continue  # a stream must be named but the class cannot list them (its converter can)
        coverage = suffixes.present_in(tokens)
        base = dict(cls=cls, path_key=path_key, suffixes=suffixes, coverage=coverage, stream_key=stream_key, hint=hint)
        group = ClassProposals()
        if path_key == "folder_path":
            chain, tops = _folder_variants(inventory, matched)
            for folder in chain:
                files = [f for f in matched if folder in f.path.parents]
                group.chain.append(Proposal(source_data={path_key: str(folder)}, files=files,
                                            scope=_relative(inventory, folder), **base))
            for folder in tops:
                files = [f for f in matched if folder in f.path.parents]
                group.separate.append(Proposal(source_data={path_key: str(folder)}, files=files,
                                               scope=_relative(inventory, folder), **base))
        elif path_key == "file_path":
            primary = sorted((f for f in matched if suffixes.matches_last(f)), key=lambda f: -f.size)
            for file in primary[:MAX_FILE_VARIANTS]:
                stem = file.path.name.split(".")[0]
                companions = [f for f in matched if f.path.parent == file.path.parent and f.path.name.split(".")[0] == stem]
                group.separate.append(Proposal(source_data={path_key: str(file.path)}, files=companions or [file],
                                               scope=file.relative, **base))
        else:
            primary = [f for f in matched if suffixes.matches_last(f)]
            if primary:
                group.separate.append(Proposal(source_data={path_key: [str(f.path) for f in primary]}, files=primary,
                                               scope=f"{len(primary)} files", **base))
        if group.chain or group.separate:
            found.append(group)
    return found
