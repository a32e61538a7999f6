"""Compose, don't choose: the readers that proved they read the upload, each on files no other one
reads, are the streams of one session and go into one NWB file (docs/architecture.md, "Whole sessions").

What stays a question: two readers claiming the same files equally (Phy and Kilosort on one folder),
and streams whose files say they are separate sessions (different start dates or subjects). A stream
that cannot be read (a sorting folder missing a file, spikes after the recording's end) is named with
what is wrong and left out; the rest is converted once the user agrees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from ....domain import SessionStream, StreamKind, StreamLink
from .candidates import Proposal
from .explain import explain
from .facts import MemberFacts, family_kind
from .links import RecordingChoice, match, sorter_layout
from .ranking import TIE_SHARE, Found, pool_of, runners_up_of
from .scan import Inventory, ScannedFile
from .together import why_not_together

# A reader that fails on files nobody else read is worth naming when they are this share of the upload.
UNREAD_SHARE = 0.05
# Failures that say the service lacks an optional package, not that the files are wrong.
_ENVIRONMENT_ERRORS = ("ModuleNotFoundError", "ImportError")


@dataclass
class Part:
    """One stream of the session: a reader on its own files, and the readers tied with it on them."""

    found: Found
    ties: list[Found] = field(default_factory=list)

    @property
    def options(self) -> list[Found]:
        return [self.found, *self.ties]


@dataclass
class Composition:
    parts: list[Part]
    runners_up: list[tuple[Found, str]]
    unreadable: list[SessionStream] = field(default_factory=list)
    # When the recordings may be separate sessions: which parts each holds, and why.
    sessions: Sessions | None = None

    @property
    def ties(self) -> list[Part]:
        return [p for p in self.parts if p.ties]


def unique_names(found: list[Found]) -> list[str]:
    """The interface name when it is unique among `found`, else made unique by stream, then by place."""
    forms = [
        lambda f: f.name,
        lambda f: f"{f.name}#{f.stream}" if f.stream else f"{f.name}@{f.proposal.scope}",
        lambda f: f"{f.name}@{f.proposal.scope}",
        lambda f: f"{f.name}@{f.proposal.scope}" + (f"#{f.stream}" if f.stream else ""),
    ]
    ids = [forms[0](f) for f in found]
    for form in forms[1:]:
        ids = [form(f) if ids.count(i) > 1 else i for f, i in zip(found, ids, strict=False)]
    return [i if ids.count(i) == 1 else f"{i}~{n}" for n, i in enumerate(ids, start=1)]


def member_names(parts: list[tuple[str, bool, list[str]]]) -> dict[tuple[str, str], str]:
    """(stream name, member key) -> the member's name in the composed converter, for every stream given
    as (name, is a converter, its member keys). A converter's members keep their own keys ("imec0.ap")
    unless two streams share one, then "<stream>:<key>"; an interface is named as its stream."""
    keys = [key for _, converter, members in parts if converter for key in members]
    names: dict[tuple[str, str], str] = {}
    for name, converter, members in parts:
        for key in members:
            if not converter:
                names[(name, key)] = name
            else:
                names[(name, key)] = key if keys.count(key) == 1 else f"{name}:{key}"
    return names


def _overlap(a: Found, b: Found) -> bool:
    return bool(a.paths & b.paths)


def _tie(a: Found, b: Found) -> bool:
    return _overlap(a, b) and b.bytes >= TIE_SHARE * a.bytes and abs(a.proposal.coverage - b.proposal.coverage) < 1e-9


def _unreadable(
    incomplete: list[tuple[Proposal, str]],
    failures: list[tuple[Proposal, str]],
    explained: set[str],
    inventory: Inventory,
) -> list[SessionStream]:
    """Files some reader recognised but could not read, and no reader read: one stream each, with why."""
    total = inventory.total_bytes
    named: list[tuple[Proposal, str]] = list(incomplete)
    for proposal, error in sorted(failures, key=lambda item: (-item[0].coverage, -item[0].bytes)):
        if error.startswith(_ENVIRONMENT_ERRORS) or (total and proposal.bytes < UNREAD_SHARE * total):
            continue
        named.append((proposal, f"{proposal.scope}: {proposal.name} could not read it: {error}"))
    streams: list[SessionStream] = []
    seen: set[frozenset[str]] = set()
    for proposal, why in named:
        folder = proposal.source_data.get("folder_path")
        inside = inventory.under(Path(folder)) if isinstance(folder, str) else []
        files = frozenset(f.relative for f in [*proposal.files, *inside])
        if not files or files & explained or any(files & other for other in seen):
            continue
        seen.add(files)
        streams.append(
            SessionStream(
                name=f"{proposal.scope}",
                interface=proposal.name,
                kind=family_kind(proposal.cls),
                source_data=proposal.source_data,
                files=sorted(files),
                bytes=sum(f.size for f in inventory.files if f.relative in files),
                included=False,
                problem=why,
                explanation=f"{proposal.name} recognises {proposal.scope} but cannot read it",
            )
        )
    return streams


@dataclass
class Sessions:
    """Recordings that may be separate sessions: the parts of each (by index) and why they may be."""

    groups: list[list[int]]
    reason: str
    # False when the recordings cannot go into one file (NeuroConv cannot write them so, or they are of
    # different subjects, and an NWB file holds one): "all of them together" is not offered.
    together: bool = True
    # True when NeuroConv refuses to write them into one file (`reason` is its error).
    writer_refuses: bool = False
    # True when nothing says they are apart (their files give no start): together is the likely answer.
    likely_one: bool = False


def _separate_sessions(parts: list[Part]) -> Sessions | None:
    """Two or more raw recordings are one session only when their files say so: every one gives a start,
    all on the same date (and of the same subject when they name one). Otherwise it is asked. Streams
    that are not recordings (a sorting, a trials table) belong to every session."""
    recordings = [i for i, p in enumerate(parts) if _kind(p.found) == StreamKind.RECORDING]
    if len(recordings) < 2:
        return None
    keyed: dict[tuple[str, str], list[int]] = {}
    undated: list[int] = []
    for index in recordings:
        facts = parts[index].found.outcome.facts
        if facts.start_time is None:
            undated.append(index)
        else:
            keyed.setdefault((facts.start_time.date().isoformat(), facts.subject_id or ""), []).append(index)
    if not undated and len(keyed) == 1:
        return None
    others = [i for i in range(len(parts)) if i not in recordings]
    groups = [sorted(indices + others) for indices in keyed.values()] + [sorted([i, *others]) for i in undated]
    subjects = sorted({key[1] for key in keyed if key[1]})
    if len(subjects) > 1:
        # one NWB file holds one subject: together, every recording would be credited to one of them
        return Sessions(
            groups, f"they are of different subjects ({', '.join(subjects)}); an NWB file holds one", together=False
        )
    if undated:
        names = ", ".join(parts[i].found.proposal.scope for i in undated)
        reason = f"the files of {names} do not say when the recording started"
        return Sessions(groups, reason, likely_one=True)
    return Sessions(groups, "they started on different dates (" + ", ".join(key[0] for key in keyed) + ")")


def _apart(parts: list[Part], timeout_s: float) -> Sessions | None:
    """Recordings NeuroConv refuses to write into one file (together.py): each alone, said why."""
    recordings = [i for i, p in enumerate(parts) if _kind(p.found) == StreamKind.RECORDING]
    if len(recordings) < 2:
        return None
    names = unique_names([p.found for p in parts])
    readers = {names[i]: (parts[i].found.proposal.cls, parts[i].found.source_data) for i in recordings}
    error = why_not_together(readers, timeout_s)
    if error is None:
        return None
    others = [i for i in range(len(parts)) if i not in recordings]
    return Sessions(
        groups=[sorted([i, *others]) for i in recordings],
        reason=error,
        together=False,
        writer_refuses=True,
    )


def compose(
    found: list[Found],
    failures: list[tuple[Proposal, str]],
    incomplete: list[tuple[Proposal, str]],
    inventory: Inventory,
    timeout_s: float = 20.0,
) -> Composition:
    """The session's streams, largest first; `found` must not be empty."""
    pool = pool_of(found)
    parts: list[Part] = []
    for candidate in pool:
        overlapping = [p for p in parts if _overlap(p.found, candidate)]
        if not overlapping:
            parts.append(Part(candidate))
        elif len(overlapping) == 1 and _tie(overlapping[0].found, candidate):
            overlapping[0].ties.append(candidate)
    # Readers of what accompanies a recording are streams only beside one. The recording comes first:
    # it is the session's main stream (its reader names the session and gives its start).
    if all(family_kind(p.found.proposal.cls) not in _MAIN_KINDS for p in parts):
        parts = parts[:1]
    parts.sort(key=lambda p: _kind(p.found) not in _MAIN_KINDS)
    chosen = [f for p in parts for f in p.options]
    explained = {path for f in chosen for path in f.paths}
    return Composition(
        parts=parts,
        runners_up=runners_up_of(found, pool, parts[0].found, chosen, inventory.total_bytes),
        unreadable=_unreadable(incomplete, failures, explained, inventory),
        sessions=_apart(parts, timeout_s) or _separate_sessions(parts),
    )


_MAIN_KINDS = (StreamKind.RECORDING, StreamKind.IMAGING)


# --------------------------------------------------------------------------- the plan's streams


def _naive(moment: datetime) -> datetime:
    return moment.replace(tzinfo=None)


def _kind(found: Found) -> StreamKind:
    return found.outcome.facts.kind or family_kind(found.proposal.cls)


@dataclass
class _Recording:
    choice: RecordingChoice
    member: MemberFacts
    offset_s: float


def _recordings(chosen: list[tuple[str, Found]], offsets: dict[str, float]) -> list[_Recording]:
    names = member_names(
        [(name, f.proposal.is_converter, [m.name for m in f.outcome.facts.members]) for name, f in chosen]
    )
    found: list[_Recording] = []
    for name, f in chosen:
        for member in f.outcome.facts.recordings:
            choice = RecordingChoice(
                name=names[(name, member.name)],
                channel_count=len(member.channel_ids),
                rate_hz=member.sampling_rate_hz or 0.0,
                samples=member.samples or 0,
                files=frozenset(PurePosixPath(p).name for p in f.paths),
            )
            found.append(_Recording(choice, member, offsets.get(name, 0.0)))
    return found


def _offsets(chosen: list[tuple[str, Found]]) -> tuple[dict[str, float], datetime | None]:
    """Seconds from the session start (the earliest start the files give) to each stream's own start."""
    starts = {name: f.outcome.facts.start_time for name, f in chosen if f.outcome.facts.start_time}
    if not starts:
        return {}, None
    first = min(_naive(s) for s in starts.values())
    return {name: round((_naive(start) - first).total_seconds(), 6) for name, start in starts.items()}, first


@dataclass
class _Linking:
    link: StreamLink
    offset_s: float = 0.0
    alignment: str = "spike times as the sorter wrote them (from 0 s): the sorting is not linked to a recording"
    problem: str | None = None


def _sorting_link(found: Found, recordings: list[_Recording], upload_files: frozenset[str]) -> _Linking:
    """The sorting's link to the recording it was sorted from (links.py), its time offset and a problem."""
    member = next((m for m in found.outcome.facts.members if m.kind == StreamKind.SORTING), None)
    result = match(
        sorter_layout(found.source_data),
        member.sampling_rate_hz or 0.0 if member else 0.0,
        member.spike_frames if member else None,
        [r.choice for r in recordings],
        upload_files,
    )
    if result.recording is None:
        return _Linking(StreamLink(linked=False, reason=f"Not linked to a recording's electrodes: {result.reason}."))
    name = result.recording.name
    if "ch" not in found.outcome.facts.unit_properties:
        why = "its units do not say on which channel each lies (no 'ch' column in cluster_info.tsv)"
        link = StreamLink(
            linked=False, recording=name, reason=f"Matches {name} but is not linked to its electrodes: {why}."
        )
        return _Linking(link, problem=result.problem)
    recording = next(r for r in recordings if r.choice.name == name)
    offset = round(recording.offset_s + recording.member.t_start_s, 6)
    return _Linking(
        StreamLink(linked=True, recording=name, reason=f"Units linked to the electrodes of {name}: {result.reason}."),
        offset,
        f"spike times on {name}'s clock (its first sample at {offset:g} s)",
        result.problem,
    )


def _folder_files(chosen: list[Found], inventory: Inventory) -> dict[int, list[ScannedFile]]:
    """A folder reader reads its folder: the files there no reader claimed by suffix (params.py and
    cluster_info.tsv beside a sorting's .npy files) are its too, when no other reader's folder is closer."""
    folders = {
        id(f): Path(str(f.source_data["folder_path"]))
        for f in chosen
        if isinstance(f.source_data.get("folder_path"), str)
    }
    claimed = {path for f in chosen for path in f.paths}
    owned: dict[int, list[ScannedFile]] = {id(f): [] for f in chosen}
    for file in inventory.files:
        if file.relative in claimed:
            continue
        holders = [(len(folder.parts), key) for key, folder in folders.items() if folder in file.path.parents]
        if holders:
            owned[max(holders)[1]].append(file)
    return owned


def streams_of(chosen: list[Found], inventory: Inventory) -> list[SessionStream]:
    """The plan for these readers (the session's streams, one reader each): kinds, links and offsets."""
    total = inventory.total_bytes
    named = list(zip(unique_names(chosen), chosen, strict=True))
    offsets, first = _offsets(named)
    recordings = _recordings([(n, f) for n, f in named if _kind(f) == StreamKind.RECORDING], offsets)
    upload_files = frozenset(PurePosixPath(f.relative).name for f in inventory.files)
    owned = _folder_files(chosen, inventory)
    streams = []
    for name, f in named:
        facts = f.outcome.facts
        kind = _kind(f)
        main = max(facts.recordings, key=lambda m: (m.samples or 0) * len(m.channel_ids), default=None)
        stream = SessionStream(
            name=name,
            interface=f.name,
            kind=kind,
            source_data=f.source_data,
            files=sorted(f.paths | {o.relative for o in owned[id(f)]}),
            bytes=f.bytes + sum(o.size for o in owned[id(f)]),
            stream=f.stream,
            conversion_options=f.outcome.conversion_options,
            explanation=explain(f, total),
            channel_count=len(main.channel_ids) if main else None,
            sampling_rate_hz=main.sampling_rate_hz if main else None,
            unit_count=facts.unit_count,
            start_time=facts.start_time.isoformat() if facts.start_time else None,
            pieces=main.pieces if main and len(main.pieces) > 1 else [],
        )
        if kind == StreamKind.SORTING and len(named) > 1:
            linking = _sorting_link(f, recordings, upload_files)
            stream.link, stream.start_offset_s, stream.alignment = linking.link, linking.offset_s, linking.alignment
            if linking.problem:
                stream.problem, stream.included = f"{f.proposal.scope}: {linking.problem}", False
        elif name in offsets:
            stream.start_offset_s = offsets[name]
            later = f"started {offsets[name]:g} s after the first stream" if offsets[name] else "starts the session"
            stream.alignment = f"{later} ({facts.start_time.isoformat() if facts.start_time else ''})"
        elif len(named) > 1:
            stream.start_offset_s = 0.0
            stream.alignment = "times as written: its files give no start of their own" + (
                f", taken as the session start ({first.isoformat()})" if first else ""
            )
        streams.append(stream)
    return streams
