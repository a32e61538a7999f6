"""Rank readers that proved they read the upload: bytes explained, then suffix coverage; a converter
that takes every stream beats the single-stream interfaces it contains."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...models import FieldRequest
from .candidates import Proposal
from .hints import PREFERRED_OVER
from .probe import Outcome
from .scan import ScannedFile

TIE_SHARE = 0.99  # within 1 % of the best's bytes counts as a tie
SEPARATE_RECORDING_SHARE = 0.05  # a disjoint reader explaining 5 % of the upload is another recording


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


@dataclass
class Ranking:
    best: Found
    alternatives: list[Found]
    separate_recordings: bool


def _without_aliases(found: list[Found]) -> list[Found]:
    """A class that opens as another registry class (OpenEphysRecordingInterface -> ...Binary...) is an alias."""
    names = {f.name for f in found}
    return [f for f in found if f.outcome.concrete in ("", f.name) or f.outcome.concrete not in names]


def _without_deprecated(found: list[Found]) -> list[Found]:
    current = [f for f in found if not f.outcome.deprecated]
    return [f for f in found if not f.outcome.deprecated or not any(c.paths >= f.paths for c in current)]


def _without_contained_interfaces(found: list[Found]) -> list[Found]:
    converters = [f for f in found if f.proposal.is_converter]
    return [f for f in found
            if f.proposal.is_converter or not any(c.paths >= f.paths and c.bytes >= f.bytes for c in converters)]


def _without_duplicates(found: list[Found]) -> list[Found]:
    """One class reading the same files the same way from two entry points (NeuroScope's .dat or .xml) is one option."""
    kept: list[Found] = []
    for f in found:
        if not any(k.name == f.name and k.paths == f.paths and k.stream == f.stream for k in kept):
            kept.append(f)
    return kept


def _without_less_preferred(found: list[Found]) -> list[Found]:
    return [f for f in found if not any(PREFERRED_OVER.get(other.name) == f.name and other.paths >= f.paths
                                        for other in found)]


def rank(found: list[Found], total_bytes: int) -> Ranking:
    pool = _without_contained_interfaces(_without_deprecated(_without_aliases(found)))
    pool = _without_less_preferred(_without_duplicates(pool))
    pool.sort(key=lambda f: (-f.bytes, -f.proposal.coverage, len(f.questions), f.name, str(f.source_data)))
    best = pool[0]
    ties = [f for f in pool[1:] if f.bytes >= TIE_SHARE * best.bytes
            and abs(f.proposal.coverage - best.proposal.coverage) < 1e-9 and f.paths & best.paths]
    separate = [f for f in pool[1:] if not (f.paths & best.paths) and f.bytes >= SEPARATE_RECORDING_SHARE * total_bytes
                and not any(f.paths & other.paths for other in ties)]
    # Only the best reader of each other recording is offered.
    distinct: list[Found] = []
    for candidate in separate:
        if not any(candidate.paths & kept.paths for kept in distinct):
            distinct.append(candidate)
    return Ranking(best=best, alternatives=ties + distinct, separate_recordings=bool(distinct))
