"""What an opened reader says about its streams, read while it is probed (so composing a session
opens nothing twice): the kind of each stream, channels, rate, pieces, units and spike range, and the
session start and subject the files give."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ....domain import SessionPiece, StreamKind
from .options import interfaces_of

# NeuroConv's packages (neuroconv.datainterfaces.<family>) whose readers describe what accompanies a
# recording; the stream kind is taken from the family when the reader holds no recording or sorting.
_FAMILY_KINDS = {
    "text": StreamKind.EVENTS,
    "events": StreamKind.EVENTS,
    "behavior": StreamKind.BEHAVIOR,
    "ophys": StreamKind.IMAGING,
    "fiber_photometry": StreamKind.IMAGING,
    "icephys": StreamKind.RECORDING,
    "ecephys": StreamKind.RECORDING,
}


def family_kind(cls: type[Any]) -> StreamKind:
    """The kind NeuroConv's own grouping gives a reader: neuroconv.datainterfaces.<family>.<format>."""
    if any(klass.__name__ == "BaseSortingExtractorInterface" for klass in cls.__mro__):
        return StreamKind.SORTING
    parts = cls.__module__.split(".")
    if len(parts) > 3 and parts[1] == "datainterfaces":
        if parts[2] == "behavior" and parts[3] == "video":
            return StreamKind.VIDEO
        return _FAMILY_KINDS.get(parts[2], StreamKind.OTHER)
    return StreamKind.OTHER


@dataclass
class MemberFacts:
    """One interface inside a reader (the reader itself when it is an interface)."""

    name: str
    kind: StreamKind
    channel_ids: list[str] = field(default_factory=list)
    sampling_rate_hz: float | None = None
    samples: int | None = None
    pieces: list[SessionPiece] = field(default_factory=list)
    unit_count: int | None = None
    # First and last spike as sample numbers of the recording they were sorted from.
    spike_frames: tuple[int, int] | None = None
    unit_properties: list[str] = field(default_factory=list)

    @property
    def channel_count(self) -> int | None:
        return len(self.channel_ids) if self.kind == StreamKind.RECORDING and self.channel_ids else None

    @property
    def t_start_s(self) -> float:
        return self.pieces[0].start_s if self.pieces else 0.0


@dataclass
class ReaderFacts:
    members: list[MemberFacts] = field(default_factory=list)
    start_time: datetime | None = None
    subject_id: str | None = None

    @property
    def kind(self) -> StreamKind | None:
        kinds = {m.kind for m in self.members}
        for kind in (StreamKind.RECORDING, StreamKind.SORTING):
            if kind in kinds:
                return kind
        return None

    @property
    def recordings(self) -> list[MemberFacts]:
        return [m for m in self.members if m.kind == StreamKind.RECORDING and m.channel_ids]

    @property
    def unit_properties(self) -> list[str]:
        return [k for m in self.members for k in m.unit_properties]

    @property
    def unit_count(self) -> int | None:
        counts = [m.unit_count for m in self.members if m.unit_count is not None]
        return sum(counts) if counts else None


def pieces_of(recording: Any) -> list[SessionPiece]:
    """Each neo segment of a recording with its own start and length (one piece when it never paused)."""
    rate = float(recording.get_sampling_frequency())
    return [
        SessionPiece(
            index=index,
            start_s=round(float(recording.get_start_time(segment_index=index)), 6),
            duration_s=round(recording.get_num_samples(segment_index=index) / rate, 6),
        )
        for index in range(recording.get_num_segments())
    ]


def total_samples(recording: Any) -> int:
    """Samples over every piece (spikeinterface refuses the total of a multi-segment recording)."""
    return sum(int(recording.get_num_samples(segment_index=i)) for i in range(recording.get_num_segments()))


def _spike_frames(sorting: Any) -> tuple[int, int] | None:
    frames = sorting.to_spike_vector()["sample_index"]
    return (int(frames.min()), int(frames.max())) if len(frames) else None


def _member(name: str, interface: Any) -> MemberFacts:
    recording = getattr(interface, "recording_extractor", None)
    sorting = getattr(interface, "sorting_extractor", None)
    if recording is not None:
        return MemberFacts(
            name=name,
            kind=StreamKind.RECORDING,
            channel_ids=[str(c) for c in recording.get_channel_ids()],
            sampling_rate_hz=float(recording.get_sampling_frequency()),
            samples=total_samples(recording),
            pieces=pieces_of(recording),
        )
    if sorting is not None:
        return MemberFacts(
            name=name,
            kind=StreamKind.SORTING,
            sampling_rate_hz=float(sorting.get_sampling_frequency()),
            unit_count=len(sorting.get_unit_ids()),
            spike_frames=_spike_frames(sorting),
            unit_properties=[str(k) for k in sorting.get_property_keys()],
        )
    return MemberFacts(name=name, kind=family_kind(type(interface)))


def as_datetime(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return None
    return None


def read_facts(instance: Any, metadata: dict[str, Any] | None = None) -> ReaderFacts:
    """Facts of an opened reader; `metadata` is its get_metadata() when the caller has it already."""
    if metadata is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            metadata = instance.get_metadata()
    members = [_member(name, interface) for name, interface in interfaces_of(instance).items()]
    subject = (metadata.get("Subject") or {}).get("subject_id")
    return ReaderFacts(
        members=members,
        start_time=as_datetime((metadata.get("NWBFile") or {}).get("session_start_time")),
        subject_id=str(subject) if subject else None,
    )
