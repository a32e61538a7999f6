"""What NWB Inspector's checks mean, why they matter, and how the service fixes them.

One catalogue for every agent: the evaluation agent explains issues with it and the
conversation agent plans corrections with it (docs/architecture.md, "Where things go"). Each check maps
to fix strategies: `auto` (deterministic, safe, logged) or `ask` (a value only the user knows,
with the metadata field it sets, the question, an example and the rule). A check with no
strategy is one the service cannot change by metadata (`FixKind.NONE`): it is explained only.
A check the catalogue does not know falls back to the Inspector's own message and `ask`.

Some checks mean different things on different objects (`check_description` on a Device is
auto-fixable, on a Subject it is a question) or when the value is missing rather than
malformed; such variants are keyed `<check>@<ObjectType>` and `<check>#missing`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..domain import FixKind, FixStrategy, IssueCategory, ValidationIssue
from ._catalogue import CATALOGUE, INSPECTOR_INTERNAL_ERROR, PYNWB_READ_ERROR, PYNWB_VALIDATION
from .entry import CheckKnowledge

__all__ = [
    "INSPECTOR_INTERNAL_ERROR",
    "PYNWB_READ_ERROR",
    "PYNWB_VALIDATION",
    "CheckKnowledge",
    "all_checks",
    "ecephys_relevant_check_names",
    "fix_kind_for",
    "fix_strategies_for_issues",
    "knowledge_for",
    "lookup",
]

_MISSING = re.compile(r"\bmissing\b|\bis not set\b|\bnot specified\b", re.I)


def all_checks() -> dict[str, CheckKnowledge]:
    """Every catalogue entry by key (check name, or `<check>@<ObjectType>` / `<check>#missing` variants)."""
    return dict(CATALOGUE)


def lookup(check_name: str) -> CheckKnowledge | None:
    """The catalogue's main entry for a check, or None when the catalogue does not know it."""
    return CATALOGUE.get(check_name)


def knowledge_for(check_name: str, *, message: str | None = None, object_type: str | None = None) -> CheckKnowledge:
    """The entry that fits this occurrence of a check; an unknown check gets the Inspector's message and `ask`."""
    keys = []
    if object_type:
        keys.append(f"{check_name}@{object_type}")
    if message and _MISSING.search(message):
        keys.append(f"{check_name}#missing")
    keys.append(check_name)
    for key in keys:
        if key in CATALOGUE:
            return CATALOGUE[key]
    return _unknown(check_name, message)


def fix_kind_for(check_name: str, *, message: str | None = None, object_type: str | None = None) -> FixKind:
    return knowledge_for(check_name, message=message, object_type=object_type).fix_kind


def fix_strategies_for_issues(issues: Iterable[ValidationIssue]) -> list[FixStrategy]:
    """What to do about a set of issues: automatic fixes first, then questions, one per field.

    The conversation agent applies the `auto` ones (logging each) and asks the user the `ask`
    ones (`field`, `question`, `example`, `rule`). Issues with no strategy are not listed.
    """
    seen: set[tuple[FixKind, str]] = set()
    planned: list[FixStrategy] = []
    for issue in issues:
        entry = knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type)
        for fix in entry.fixes:
            key = (fix.kind, fix.field or fix.description)
            if key not in seen:
                seen.add(key)
                planned.append(fix)
    return sorted(planned, key=lambda fix: fix.kind != FixKind.AUTO)


def _unknown(check_name: str, message: str | None) -> CheckKnowledge:
    text = message or f"NWB Inspector reported '{check_name}'."
    return CheckKnowledge(
        check_name=check_name,
        title=check_name.removeprefix("check_").replace("_", " ").capitalize(),
        category=IssueCategory.BEST_PRACTICE,
        meaning=text,
        why_it_matters="This check is not in the service's catalogue yet; NWB Inspector's own message is shown as is.",
        how_to_fix=(
            "Read the Inspector's message above and tell the service what value to use, or accept the file as is."
        ),
        fixes=[
            FixStrategy(
                check_name=check_name,
                kind=FixKind.ASK,
                description=text,
                question=f"NWB Inspector says: {text} How should this be corrected?",
            )
        ],
        known=False,
    )


# --------------------------------------------------------------------------- registry coverage


@lru_cache(maxsize=1)
def _electrophysiology_types() -> tuple[type, ...]:
    """Neurodata types found in extracellular and intracellular electrophysiology files.

    Position and head direction are included: NeuroConv's Axona interface writes them beside the voltage data.
    """
    from hdmf.common import DynamicTable, DynamicTableRegion, VectorData
    from pynwb import NWBFile, ProcessingModule, TimeSeries
    from pynwb.behavior import CompassDirection, Position, SpatialSeries
    from pynwb.device import Device
    from pynwb.ecephys import LFP, ElectricalSeries, ElectrodeGroup, FilteredEphys, SpikeEventSeries
    from pynwb.epoch import TimeIntervals
    from pynwb.file import Subject
    from pynwb.icephys import (
        CurrentClampSeries,
        CurrentClampStimulusSeries,
        IntracellularElectrode,
        IntracellularRecordingsTable,
        SweepTable,
        VoltageClampSeries,
        VoltageClampStimulusSeries,
    )
    from pynwb.misc import AnnotationSeries, Units

    return (
        NWBFile,
        Subject,
        ProcessingModule,
        Device,
        ElectrodeGroup,
        ElectricalSeries,
        SpikeEventSeries,
        LFP,
        FilteredEphys,
        Units,
        TimeIntervals,
        TimeSeries,
        AnnotationSeries,
        DynamicTable,
        DynamicTableRegion,
        VectorData,
        IntracellularElectrode,
        CurrentClampSeries,
        VoltageClampSeries,
        CurrentClampStimulusSeries,
        VoltageClampStimulusSeries,
        SweepTable,
        IntracellularRecordingsTable,
        SpatialSeries,
        CompassDirection,
        Position,
    )


def ecephys_relevant_check_names() -> list[str]:
    """Checks registered in NWB Inspector that can fire on an electrophysiology file.

    A check runs on every object that is an instance of its `neurodata_type` (None: any
    object), so it is relevant when one of the electrophysiology types derives from it.
    The catalogue covers more than these (every registered check, optical physiology and video
    included), since a detected reader may write such parts too; this list is what an ephys file
    is expected to meet.
    """
    from nwbinspector import available_checks

    types = _electrophysiology_types()
    return sorted(
        check.__name__
        for check in available_checks
        if check.neurodata_type is None or any(issubclass(t, check.neurodata_type) for t in types)
    )
