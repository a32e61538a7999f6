"""Metadata completeness score: how much of what DANDI requires and recommends the file holds.

    score = 100 × Σ(weight × present) / Σ(weight), over the fields that apply to the file

Required by DANDI (weight 2): subject ID, species, sex, age or date of birth, session
description, session start time with a time zone. Recommended (weight 1): experimenter,
institution, lab, experiment description, keywords, and, when the file has electrodes or
devices, the brain area of every electrode and a description of every device. A field holding a
placeholder ('', 'unknown', 'no description', ...) counts as absent. The score describes the
metadata only; data problems are reported as issues and decide the overall status.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...domain import FileInfo

FORMULA = (
    "score = 100 × Σ(weight × present) / Σ(weight). Required by DANDI, weight 2: subject ID, species, sex, "
    "age or date of birth, session description, session start time with time zone. Recommended, weight 1: "
    "experimenter, institution, lab, experiment description, keywords, brain area of the electrodes and "
    "device descriptions (the last two only when the file has electrodes or devices). Placeholders such as "
    "'unknown' count as absent."
)
REQUIRED_WEIGHT = 2
RECOMMENDED_WEIGHT = 1
PLACEHOLDERS = {"", "unknown", "none", "n/a", "na", "no description", "no desc", "placeholder", "null"}
_TIME_ZONE = re.compile(r"(Z|[+-]\d{2}:?\d{2})$")


@dataclass(frozen=True)
class CompletenessItem:
    label: str
    weight: int
    present: bool


@dataclass(frozen=True)
class Completeness:
    score: float
    items: tuple[CompletenessItem, ...]

    @property
    def missing(self) -> list[str]:
        return [item.label for item in self.items if not item.present]


def _given(value: object) -> bool:
    if value is None:
        return False
    if isinstance(value, (list, tuple, set)):
        return any(_given(v) for v in value)
    return str(value).strip().lower().strip(".") not in PLACEHOLDERS


def _electrodes_located(info: FileInfo) -> bool:
    locations = []
    for group in info.electrode_groups:
        locations.append(group.get("location"))
        locations.extend(group.get("electrode_locations") or [])
    return bool(locations) and all(_given(location) for location in locations)


def completeness(info: FileInfo) -> Completeness:
    subject = info.subject
    required = {
        "Subject ID": subject is not None and _given(subject.subject_id),
        "Species": subject is not None and _given(subject.species),
        "Sex": subject is not None and _given(subject.sex),
        "Age or date of birth": subject is not None and (_given(subject.age) or _given(subject.date_of_birth)),
        "Session description": _given(info.session_description),
        "Session start time with time zone": bool(
            info.session_start_time and _TIME_ZONE.search(info.session_start_time)
        ),
    }
    recommended = {
        "Experimenter": _given(info.experimenter),
        "Institution": _given(info.institution),
        "Lab": _given(info.lab),
        "Experiment description": _given(info.experiment_description),
        "Keywords": _given(info.keywords),
    }
    if info.electrode_groups:
        recommended["Brain area of the electrodes"] = _electrodes_located(info)
    if info.devices:
        recommended["Device descriptions"] = all(_given(device.get("description")) for device in info.devices)
    items = tuple(
        [CompletenessItem(label, REQUIRED_WEIGHT, present) for label, present in required.items()]
        + [CompletenessItem(label, RECOMMENDED_WEIGHT, present) for label, present in recommended.items()]
    )
    total = sum(item.weight for item in items)
    score = 100.0 * sum(item.weight for item in items if item.present) / total
    return Completeness(score=round(score, 1), items=items)
