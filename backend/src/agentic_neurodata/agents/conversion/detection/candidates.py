"""Candidate `source_data` for every registry class whose declared suffixes occur in the upload."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .explain import display
from .hints import (
    ARGUMENT_HINTS,
    COMPANION_FAMILIES,
    NEEDED_FILES,
    RECORDING_FAMILIES,
    REQUIRED_COMPANIONS,
    ArgumentHint,
)
from .registry import is_converter, registry
from .scan import Inventory, ScannedFile
from .suffixes import SuffixSet, suffixes_of

PATH_KEYS = ("folder_path", "file_path", "file_paths")
STREAM_KEYS = ("stream_name", "stream_id")
MAX_FILE_VARIANTS = 6
MAX_FOLDER_VARIANTS = 6


@dataclass
class Proposal:
    cls: type[Any]
    path_key: str
    source_data: dict[str, Any]
    files: list[ScannedFile]
    suffixes: SuffixSet
    coverage: float
    stream_key: str | None = None
    hint: ArgumentHint | None = None
    scope: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # A reader of what accompanies a recording (COMPANION_FAMILIES): part of a session, never its recording.
    companion: bool = False

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


def _schema(cls: type[Any]) -> dict[str, Any] | None:
    try:
        return cls.get_source_schema()
    except Exception:  # noqa: BLE001 - classes built from other interfaces have no schema of their own
        return None


def family(cls: type[Any]) -> str:
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
    # Set when MAX_FILE_VARIANTS left matching files untried, so the result can say so.
    truncated: str | None = None

    @property
    def companion(self) -> bool:
        return any(p.companion for p in self.chain + self.separate)


@dataclass(frozen=True)
class SkippedReader:
    """A reader whose suffixes match the upload but that detection could not try, and why: named in the
    "no format found" message so the user knows which reader fits and what it would need."""

    cls: type[Any]
    files: tuple[str, ...]
    reason: str
    # False for converters built from other readers: those readers are tried (or named) themselves.
    worth_naming: bool = True
    # Left out only for a missing companion file (REQUIRED_COMPANIONS).
    needs_companion: bool = False

    @property
    def name(self) -> str:
        return self.cls.__name__


@dataclass
class Proposals:
    groups: list[ClassProposals] = field(default_factory=list)
    skipped: list[SkippedReader] = field(default_factory=list)


def _folder_variants(inventory: Inventory, matched: list[ScannedFile]) -> tuple[list[Path], list[Path]]:
    common = Path(os.path.commonpath([str(f.path.parent) for f in matched]))
    root = inventory.root if inventory.root.is_dir() else inventory.root.parent
    chain = [common]
    while chain[-1] != root and root in chain[-1].parents:
        chain.append(chain[-1].parent)
    # Several recordings side by side: the top folder under the common one that holds each group.
    tops = {common / f.path.relative_to(common).parts[0] for f in matched if f.path.parent != common}
    return chain, sorted(tops)[:MAX_FOLDER_VARIANTS]


def _readiness(cls: type[Any]) -> tuple[str, str, str | None, ArgumentHint | None]:
    """(why the class cannot be tried or "", its path key, its stream key, its argument hint)."""
    schema = _schema(cls)
    if not schema:
        return "it combines other readers and cannot be opened from a path alone", "", None, None
    properties = schema.get("properties", {})
    path_key = next((k for k in PATH_KEYS if k in properties), None)
    if path_key is None:
        return "it takes no file or folder path", "", None, None
    stream_key = next((k for k in STREAM_KEYS if k in properties), None)
    required = schema.get("required", [])
    extra_required = set(required) - {path_key, stream_key}
    hint = ARGUMENT_HINTS.get(cls.__name__)
    if extra_required and hint is None:
        # Not values a user simply knows (column names, region lists...): see hints.py.
        return f"it needs {', '.join(sorted(extra_required))}, which detection cannot ask for", path_key, None, None
    if stream_key in required and not hasattr(cls, "get_stream_names"):
        # A stream must be named but the class cannot list them (its converter, if any, can).
        return f"it needs a {stream_key} and cannot list them", path_key, None, None
    return "", path_key, stream_key, hint


def proposals(inventory: Inventory) -> Proposals:
    found = Proposals()
    tokens = inventory.suffixes
    readable = [f for f in inventory.files if f.size > 0]
    for cls in registry().values():
        companion = family(cls) in COMPANION_FAMILIES
        if family(cls) not in RECORDING_FAMILIES and not companion:
            continue
        suffixes = suffixes_of(cls)
        if not suffixes:
            continue
        matched = [f for f in readable if suffixes.matches(f)]
        if not matched:
            continue  # the pre-filter: no file this class would read
        names = tuple(f.relative for f in matched)
        header = REQUIRED_COMPANIONS.get(cls.__name__)
        if header and header not in tokens:
            found.skipped.append(
                SkippedReader(
                    cls,
                    names,
                    f"it needs the {header} file that describes the data, and none was uploaded",
                    needs_companion=True,
                )
            )
            continue
        reason, path_key, stream_key, hint = _readiness(cls)
        if reason:
            if not companion:  # an accompanying reader that cannot be tried is not worth a word
                found.skipped.append(SkippedReader(cls, names, reason, worth_naming=_schema(cls) is not None))
            continue
        coverage = suffixes.present_in(tokens)

        # The class's proposals differ only in what they read; replace() makes each from this one.
        base = Proposal(
            cls=cls,
            path_key=path_key,
            source_data={},
            files=[],
            suffixes=suffixes,
            coverage=coverage,
            stream_key=stream_key,
            hint=hint,
            companion=companion,
        )
        group = ClassProposals()
        if path_key == "folder_path":
            chain, tops = _folder_variants(inventory, matched)
            for folder in chain:
                files = [f for f in matched if folder in f.path.parents]
                group.chain.append(
                    replace(base, source_data={path_key: str(folder)}, files=files, scope=_relative(inventory, folder))
                )
            for folder in tops:
                files = [f for f in matched if folder in f.path.parents]
                group.separate.append(
                    replace(base, source_data={path_key: str(folder)}, files=files, scope=_relative(inventory, folder))
                )
        elif path_key == "file_path":
            primary = sorted((f for f in matched if suffixes.matches_last(f)), key=lambda f: -f.size)
            if len(primary) > MAX_FILE_VARIANTS:
                left = [f.relative for f in primary[MAX_FILE_VARIANTS:]]
                group.truncated = (
                    f"{cls.__name__} was tried on the {MAX_FILE_VARIANTS} largest of {len(primary)} "
                    f"matching files; not tried: {', '.join(left[:5])}"
                    + (f" and {len(left) - 5} more" if len(left) > 5 else "")
                )
            for file in primary[:MAX_FILE_VARIANTS]:
                stem = file.path.name.split(".")[0]
                companions = [
                    f for f in matched if f.path.parent == file.path.parent and f.path.name.split(".")[0] == stem
                ]
                group.separate.append(
                    replace(
                        base, source_data={path_key: str(file.path)}, files=companions or [file], scope=file.relative
                    )
                )
        else:
            primary = [f for f in matched if suffixes.matches_last(f)]
            if primary:
                group.separate.append(
                    replace(
                        base,
                        source_data={path_key: [str(f.path) for f in primary]},
                        files=primary,
                        scope=f"{len(primary)} files",
                    )
                )
        if group.chain or group.separate:
            found.groups.append(group)
    return found


def missing_needed_file(proposal: Proposal) -> str | None:
    """A reader's folder that holds some of the files it needs but not all (NEEDED_FILES): what is
    missing, said so the user can fix it. None when complete, or when it is not that reader's folder."""
    needed = NEEDED_FILES.get(proposal.name)
    folder = proposal.source_data.get("folder_path")
    if not needed or not isinstance(folder, str):
        return None
    present = [name for name, _ in needed if (Path(folder) / name).is_file()]
    missing = [(name, what) for name, what in needed if not (Path(folder) / name).is_file()]
    if not present or not missing:
        return None
    listed = "; ".join(f"{name} ({what})" for name, what in missing)
    complete = ", ".join(name for name, _ in needed)
    return (
        f"{proposal.scope} is missing {listed}. {display(proposal.cls)} needs {complete}; "
        "upload the whole folder the sorter wrote"
    )
