"""Find the sessions in a parent folder.

A session is a folder whose files detection explains: one reader, or the streams it composes into
one session (a recording with its sorting and trials table), as the conversion agent's read-only
preview decides. Without a pattern the tree is walked from the top: a folder holding several
recordings in different sub-folders (a subject's folder) is looked into, even when detection would
write them into one file; a folder whose recordings share no sub-folder apart is a session. Subject
and session IDs are proposed from the folder names with NeuroConv's path expansion, using the pattern
the user gave or one inferred from where the sessions sit (`{subject_id}/{session_id}`), shown for
confirmation. The start time comes from the files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..domain import DetectionResult, FileFacts, StreamKind
from ..errors import BadInputError, ServiceError
from .models import BatchSession, NotASession
from .table import session_key

Preview = Callable[[Path], DetectionResult]
Facts = Callable[[Path, DetectionResult], FileFacts]
MAX_DEPTH = 4
# A folder is a session when its reader explains at least this share of its bytes (the rest: notes,
# settings files, pictures of the rig).
EXPLAINED_SHARE = 0.5
# A sub-folder the reader leaves out that holds this share of the bytes is another recording: the folder
# is then a grouping (a subject's folder), not a session.
OTHER_RECORDING_SHARE = 0.01
# How the detection starts the explanation of a reader it shows beside the winner without offering it.
NOT_CHOSEN = "Not chosen"
PATTERN_FIELDS = {"subject_id", "session_id", "session_start_time"}
# Streams that are recordings of their own; a sorting, a trials table or a video accompanies one.
RECORDING_KINDS = (StreamKind.RECORDING, StreamKind.IMAGING)


@dataclass
class Discovery:
    sessions: list[BatchSession] = field(default_factory=list)
    not_sessions: list[NotASession] = field(default_factory=list)
    pattern: str | None = None
    pattern_inferred: bool = False


def _bytes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def _subfolders(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))


def _recordings(found: DetectionResult) -> list[frozenset[str]]:
    """The files of each recording the detection names: in its plan, in the plan of each option it
    offers (an option without a plan counts as one recording), each recording once."""
    options = [a for a in found.alternatives if found.needs_choice and not a.explanation.startswith(NOT_CHOSEN)]
    plans = [found.streams, *(a.streams for a in options)]
    files = [frozenset(s.files) for plan in plans for s in plan if s.kind in RECORDING_KINDS and s.files]
    files += [frozenset(a.files) for a in options if not a.streams and a.files]
    return list(dict.fromkeys(files))


def _separate_recordings(found: DetectionResult) -> bool:
    """Recordings that lie in different sub-folders are different sessions (a subject's days), whether
    detection offers them as options or composes them into one file: the folders say they are apart."""
    recordings = _recordings(found)
    if len(recordings) < 2:
        return False
    tops = [{f.split("/", 1)[0] for f in files if "/" in f} for files in recordings]
    return all(tops) and all(not (a & b) for i, a in enumerate(tops) for b in tops[i + 1 :])


def judge(folder: Path, preview: Preview, named: bool = False) -> tuple[DetectionResult | None, str]:
    """(the detection when `folder` is one session, else None; why not). `named`: the user's pattern
    names `folder` a session, so recordings in its sub-folders are that session's streams, converted
    (or asked about) as the single-session path does with the folder."""
    try:
        found = preview(folder)
    except ServiceError as exc:
        return None, exc.message
    if not named and _separate_recordings(found):
        return None, "it holds several recordings in different folders"
    sizes = _bytes(folder)
    total = sum(sizes.values()) or 1
    explained = sum(sizes.get(f, 0) for f in found.files)
    if not found.needs_choice and explained / total < EXPLAINED_SHARE:
        return None, f"{found.interface} reads only {explained / total:.0%} of its bytes"
    options = [a for a in found.alternatives if found.needs_choice and not a.explanation.startswith(NOT_CHOSEN)]
    left_out = _left_out_folders(sizes, set(found.files) | {f for a in options for f in a.files})
    if any(size / total >= OTHER_RECORDING_SHARE for size in left_out.values()):
        return None, f"its sub-folders {', '.join(sorted(left_out))} hold other recordings"
    return found, ""


def _left_out_folders(sizes: dict[str, int], read: set[str]) -> dict[str, int]:
    """Bytes of each immediate sub-folder none of whose files the reader reads."""
    read_tops = {f.split("/", 1)[0] for f in read if "/" in f}
    left: dict[str, int] = {}
    for name, size in sizes.items():
        top = name.split("/", 1)[0]
        if "/" in name and top not in read_tops:
            left[top] = left.get(top, 0) + size
    return left


def _walk(folder: Path, parent: Path, depth: int, preview: Preview, found: Discovery, hits: list) -> None:
    for child in _subfolders(folder):
        detection, why = judge(child, preview)
        relative = child.relative_to(parent).as_posix()
        if detection is not None:
            hits.append((child, detection))
        elif depth + 1 < MAX_DEPTH and _subfolders(child):
            _walk(child, parent, depth + 1, preview, found, hits)
        else:
            found.not_sessions.append(NotASession(folder=relative, reason=why))


def _same_depth(
    hits: list[tuple[Path, DetectionResult]], parent: Path, preview: Preview
) -> list[tuple[Path, DetectionResult]]:
    """A subject with one session looks like a session itself (m1/day1 with nothing beside day1). When
    other sessions sit deeper, go down such single-folder wrappers to their depth, so every session
    sits where its siblings do and the pattern reads the same names for all."""
    deepest = max((len(path.relative_to(parent).parts) for path, _ in hits), default=0)
    settled = []
    for path, detection in hits:
        folder, found = path, detection
        while len(folder.relative_to(parent).parts) < deepest:
            children = _subfolders(folder)
            if len(children) != 1 or any(p.is_file() for p in folder.iterdir()):
                break
            deeper, _ = judge(children[0], preview)
            if deeper is None:
                break
            folder, found = children[0], deeper
        settled.append((folder, found))
    return settled


def _read_as(detection: DetectionResult) -> DetectionResult | None:
    """What the files' own metadata (the start time) is read from, as the single-session path reads it
    once the question is answered: the session's first stream. A question whose every option starts
    with the same stream (which reader for a sorting beside the recording) leaves it known; None when
    the options differ there."""
    if not detection.needs_choice:
        return detection
    options = [a for a in detection.alternatives if not a.explanation.startswith(NOT_CHOSEN)]
    firsts = [next((s for s in a.streams if s.included), None) for a in options]
    first = firsts[0] if firsts else None
    if first is None or any(
        f is None or (f.interface, f.source_data) != (first.interface, first.source_data) for f in firsts
    ):
        return None
    return detection.model_copy(
        update={
            "needs_choice": False,
            "interface": first.interface,
            "source_data": first.source_data,
            "alternatives": [],
        }
    )


def infer_pattern(depth: int) -> str:
    """Where sessions sit `depth` folders down: the last folder is the session, the one above the subject."""
    if depth <= 1:
        return "{session_id}"
    return "/".join(["{}"] * (depth - 2) + ["{subject_id}", "{session_id}"])


def ids_from_path(parent: Path, pattern: str) -> dict[str, dict[str, str]]:
    """Folder (relative) -> the values NeuroConv's path expansion reads from its names."""
    from neuroconv.tools.path_expansion import LocalPathExpander

    spec = {"session": {"base_directory": str(parent), "folder_path": pattern}}
    values: dict[str, dict[str, str]] = {}
    for match in LocalPathExpander().expand_paths(spec):
        folder = Path(match["source_data"]["session"]["folder_path"]).relative_to(parent).as_posix()
        named: dict[str, str] = {}
        for group in match["metadata"].values():
            named.update({k: str(v) for k, v in group.items() if k in PATTERN_FIELDS})
        values[folder] = named
    return values


def check_pattern(pattern: str) -> str:
    text = pattern.strip().replace("\\", "/").strip("/")
    if not text or "{" not in text or text.startswith("/") or ".." in text.split("/"):
        raise BadInputError(
            f"The pattern {pattern!r} must name folders below the parent with fields in braces, "
            "e.g. {subject_id}/{session_id}.",
        )
    return text


def find_sessions(parent: Path, pattern: str | None, preview: Preview, facts: Facts) -> Discovery:
    parent = Path(parent).resolve()
    found = Discovery(pattern=check_pattern(pattern) if pattern else None)
    hits: list[tuple[Path, DetectionResult]] = []
    if found.pattern:
        matched = ids_from_path(parent, found.pattern)
        for folder in sorted(matched):
            detection, why = judge(parent / folder, preview, named=True)
            if detection is not None:
                hits.append((parent / folder, detection))
            else:
                found.not_sessions.append(NotASession(folder=folder, reason=why))
        if not matched:
            found.not_sessions.append(NotASession(folder=".", reason=f"no folder matches {found.pattern}"))
        ids = matched
    else:
        _walk(parent, parent, 0, preview, found, hits)
        hits = _same_depth(hits, parent, preview)
        depths = {len(path.relative_to(parent).parts) for path, _ in hits}
        ids = {}
        for depth in sorted(depths):
            ids.update(ids_from_path(parent, infer_pattern(depth)))
        if len(depths) == 1:
            found.pattern, found.pattern_inferred = infer_pattern(depths.pop()), True
    taken: set[str] = set()
    for path, detection in hits:
        folder = path.relative_to(parent).as_posix()
        read_as = _read_as(detection)
        known = facts(path, read_as) if read_as is not None else FileFacts()
        values = {k: v for k, v in ids.get(folder, {}).items() if v}
        if known.session_start_time and known.session_start_time_has_timezone:
            values.setdefault("session_start_time", known.session_start_time)
        session = BatchSession(
            key=session_key(folder, taken),
            folder=folder,
            interface=None if detection.needs_choice else detection.interface,
            detection=detection.explanation,
            choices=[a.choice_id for a in detection.alternatives if detection.needs_choice and a.choice_id],
            start_time_from_files=known.session_start_time,
            start_time_has_zone=known.session_start_time_has_timezone,
            values=values,
        )
        taken.add(session.key)
        found.sessions.append(session)
    return found
