"""Rank readers that proved they read the upload: bytes explained, then suffix coverage; a converter
that takes every stream beats the single-stream interfaces it contains. Composing the session from
the ranked pool is session.py's job."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....domain import FieldRequest
from .candidates import Proposal
from .hints import PREFERRED_FOR_SWEEPS, PREFERRED_OVER
from .probe import Outcome
from .scan import ScannedFile

TIE_SHARE = 0.99  # within 1 % of the best's bytes counts as a tie


@dataclass
class Found:
    proposal: Proposal
    source_data: dict[str, Any]
    files: list[ScannedFile]
    outcome: Outcome
    stream: str | None = None
    questions: list[FieldRequest] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.proposal.name

    @property
    def bytes(self) -> int:
        return sum(f.size for f in self.files)

    @property
    def paths(self) -> frozenset[str]:
        return frozenset(f.relative for f in self.files)


def _without_aliases(found: list[Found]) -> list[Found]:
    """A class that opens as another registry class (OpenEphysRecordingInterface -> ...Binary...) is an alias."""
    names = {f.name for f in found}
    return [f for f in found if f.outcome.concrete in ("", f.name) or f.outcome.concrete not in names]


def _without_deprecated(found: list[Found]) -> list[Found]:
    current = [f for f in found if not f.outcome.deprecated]
    return [f for f in found if not f.outcome.deprecated or not any(c.paths >= f.paths for c in current)]


def _without_contained_interfaces(found: list[Found]) -> list[Found]:
    converters = [f for f in found if f.proposal.is_converter]
    return [
        f
        for f in found
        if f.proposal.is_converter or not any(c.paths >= f.paths and c.bytes >= f.bytes for c in converters)
    ]


def _without_duplicates(found: list[Found]) -> list[Found]:
    """One class reading the same files the same way from two entry points (NeuroScope's .dat or .xml) is one option."""
    kept: list[Found] = []
    for f in found:
        if not any(k.name == f.name and k.paths == f.paths and k.stream == f.stream for k in kept):
            kept.append(f)
    return kept


def _in_sweeps(found: Found) -> bool:
    return any(len(member.pieces) > 1 for member in found.outcome.facts.recordings)


def _preferred_over(other: Found, f: Found) -> bool:
    """`other` is the usual reader of `f`'s files (PREFERRED_OVER, PREFERRED_FOR_SWEEPS)."""
    if not other.paths >= f.paths:
        return False
    return PREFERRED_OVER.get(other.name) == f.name or (
        PREFERRED_FOR_SWEEPS.get(other.name) == f.name and _in_sweeps(f)
    )


def _without_less_preferred(found: list[Found]) -> list[Found]:
    return [f for f in found if not any(_preferred_over(other, f) for other in found)]


def _share(found: Found, total_bytes: int) -> str:
    return f"{found.bytes / total_bytes:.0%}" if total_bytes else "0%"


def _why_dropped(f: Found, pool: list[Found]) -> str:
    """Why a reader that read the files was filtered out before ranking (see the _without_* rules)."""
    if f.outcome.deprecated:
        return "deprecated in NeuroConv; a current reader reads the same files"
    container = next((c for c in pool if c.proposal.is_converter and c.paths >= f.paths), None)
    if container is not None:
        return f"part of what {container.name} reads; the converter writes every stream"
    preferred = next((o for o in pool if _preferred_over(o, f)), None)
    if preferred is not None:
        return f"{preferred.name} is the usual reader for these files"
    return "another reader covers the same files"


def _why_lower(f: Found, best: Found, total_bytes: int) -> str:
    if not f.paths & best.paths:
        return "reads files another reader of the session reads better"
    if f.bytes < best.bytes:
        return f"explains less of the upload ({_share(f, total_bytes)} against {_share(best, total_bytes)})"
    if f.proposal.coverage < best.proposal.coverage:
        return f"matches fewer of its declared file types than {best.name} does"
    if len(f.questions) > len(best.questions):
        return f"needs more answers from you than {best.name}"
    return f"ranked after {best.name}"


def runners_up_of(
    found: list[Found], pool: list[Found], best: Found, chosen: list[Found], total_bytes: int
) -> list[tuple[Found, str]]:
    """Every other reader that proved it reads the files, once each, best first. Aliases (the same
    reader under another name) and the same reader on the same files are not listed."""
    kept = _without_duplicates([best, *chosen])
    ranked = {id(f) for f in pool}
    runners: list[tuple[Found, str]] = []
    for f in sorted(_without_aliases(found), key=lambda f: (-f.bytes, f.name)):
        if any(k.name == f.name and k.paths == f.paths and k.stream == f.stream for k in kept):
            continue
        kept.append(f)
        runners.append((f, _why_lower(f, best, total_bytes) if id(f) in ranked else _why_dropped(f, pool)))
    return runners


def pool_of(found: list[Found]) -> list[Found]:
    """The readers worth ranking (no aliases, deprecated readers, members of a converter that is also
    there, duplicates or less usual readers of the same files), best first."""
    pool = _without_contained_interfaces(_without_deprecated(_without_aliases(found)))
    pool = _without_less_preferred(_without_duplicates(pool))
    pool.sort(key=lambda f: (-f.bytes, -f.proposal.coverage, len(f.questions), f.name, str(f.source_data)))
    return pool
