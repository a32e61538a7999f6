"""Registry-driven format detection (docs/architecture.md, "Where things go": a new stream kind).

scan -> candidates from each class's source schema and suffixes -> streams from the class's own
listing -> time-bounded probe (metadata + in-memory stub) -> ranking -> DetectionResult.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from ....domain import DetectionResult, FieldRequest, FormatCandidate, SessionStream, StreamKind
from ....errors import FormatDetectionError
from .candidates import Proposal, SkippedReader, missing_needed_file, proposals
from .explain import display, explain, failure_message
from .facts import family_kind
from .probe import Outcome, call_with_timeout, describe_error, list_streams, validate
from .ranking import Found
from .registry import registry
from .scan import Inventory, ScannedFile, scan
from .session import Composition, Part, compose, streams_of, unique_names

log = logging.getLogger(__name__)
# Runner-ups shown beside a clear winner: enough to see what else read the files, short to read.
MAX_RUNNERS_UP = 5
# Starts a runner-up's explanation: FormatCandidate has no field to flag it, and it is not an option to offer.
NOT_CHOSEN = "Not chosen"


def _stream_files(files: list[ScannedFile], stream: str, streams: list[str]) -> list[ScannedFile]:
    """Files that name another stream (folder or file name) are not this stream's."""
    token = stream.split("#")[-1]
    others = [s.split("#")[-1] for s in streams if s != stream]
    return [f for f in files if token in f.relative or not any(o in f.relative for o in others)]


def _questions(proposal: Proposal, suggested: dict[str, Any]) -> list[FieldRequest]:
    assert proposal.hint is not None
    schema = proposal.cls.get_source_schema().get("properties", {})
    questions = []
    for question in proposal.hint.questions:
        options = [str(v) for v in schema.get(question.name, {}).get("enum", [])]
        if question.name == "response_channel_name":
            options = [str(v) for v in suggested.get("_channel_options", [])]
        value = suggested.get(question.name)
        questions.append(
            question.model_copy(update={"options": options, "suggested": None if value is None else str(value)})
        )
    return questions


class Detector:
    def __init__(self, inventory: Inventory, timeout_s: float, only: str | None = None) -> None:
        self.inventory = inventory
        self.timeout_s = timeout_s
        self.only = only
        self.found: list[Found] = []
        self.failures: list[tuple[Proposal, str]] = []
        self.headerless: list[Found] = []
        self.skipped: list[SkippedReader] = []
        # Said in the result: matching files a reader was not tried on (MAX_FILE_VARIANTS).
        self.truncated: list[str] = []
        # Folders a reader recognises but cannot read because a file it needs is missing (NEEDED_FILES).
        self.incomplete: list[tuple[Proposal, str]] = []

    def _probe(
        self, proposal: Proposal, source_data: dict[str, Any], files: list[ScannedFile], stream: str | None = None
    ) -> bool:
        questions: list[FieldRequest] = []
        missing = missing_needed_file(proposal)
        if missing:
            self.failures.append((proposal, missing))
            self.incomplete.append((proposal, missing))
            return False
        if proposal.hint is not None:
            if proposal.hint.headerless:
                self.headerless.append(
                    Found(proposal, source_data, files, Outcome(ok=False), stream, _questions(proposal, {}))
                )
                return False
            suggest = proposal.hint.suggest
            try:
                suggested = (
                    call_with_timeout(lambda: suggest(source_data), self.timeout_s, f"{proposal.name} hints")
                    if suggest
                    else {}
                )
            except Exception as exc:  # noqa: BLE001 - the file cannot tell: it is not this format
                self.failures.append((proposal, describe_error(exc)))
                return False
            questions = _questions(proposal, suggested)
            source_data = {**source_data, **{q.name: suggested[q.name] for q in questions if q.name in suggested}}
        # Stand-in values prove the files open; the kept source_data leaves them out so the user is asked.
        probe_values = proposal.hint.probe_values if proposal.hint else {}
        stand_ins = {k: v for k, v in probe_values.items() if k not in source_data}
        outcome = validate(proposal.cls, {**source_data, **stand_ins}, self.timeout_s)
        if not outcome.ok:
            self.failures.append((proposal, outcome.error or "unknown error"))
            return False
        self.found.append(Found(proposal, source_data, files, outcome, stream, questions))
        return True

    def _try(self, proposal: Proposal) -> bool:
        if not proposal.lists_streams() or proposal.is_converter:
            return self._probe(proposal, proposal.source_data, proposal.files)
        stream_key = proposal.stream_key
        assert stream_key is not None  # lists_streams() says so
        path_value = proposal.source_data[proposal.path_key]
        streams = list_streams(proposal.cls, proposal.path_key, path_value, self.timeout_s)
        if len(streams) <= 1:
            source = dict(proposal.source_data)
            if streams:
                source[stream_key] = streams[0]
            return self._probe(proposal, source, proposal.files, streams[0] if streams else None)
        results = [
            self._probe(
                proposal,
                {**proposal.source_data, stream_key: stream},
                _stream_files(proposal.files, stream, streams),
                stream,
            )
            for stream in streams
        ]
        return any(results)

    def _dominated(self, proposal: Proposal) -> bool:
        """A reader already proven to read these files and more specifically cannot be beaten by this one,
        so it is not opened at all (some readers load a whole file before they fail)."""
        paths = {f.relative for f in proposal.files}
        return any(
            found.paths >= paths
            and (
                found.proposal.coverage > proposal.coverage
                or (found.proposal.is_converter and not proposal.is_converter)
            )
            for found in self.found
        )

    def _explained(self) -> set[str]:
        return {path for found in self.found for path in found.paths}

    def _unneeded(self, proposal: Proposal) -> bool:
        """A companion reader is tried only on files no reader has read (and only beside a recording)."""
        return proposal.companion and (not self.found or bool({f.relative for f in proposal.files} & self._explained()))

    def run(self) -> None:
        found = proposals(self.inventory)
        self.skipped = [s for s in found.skipped if self.only is None or s.name == self.only]
        groups = [g for g in found.groups if self.only is None or (g.chain + g.separate)[0].name == self.only]
        # Most specific first (suffix coverage, then size): the likely reader is proven before the
        # permissive ones, which are then skipped. Readers of what accompanies a recording come last.
        groups.sort(
            key=lambda g: (g.companion, min((-p.coverage, not p.is_converter, -p.bytes) for p in g.chain + g.separate))
        )
        for group in groups:
            tried = [p for p in group.chain + group.separate if not self._unneeded(p)]
            if group.truncated and tried:
                log.info("Detection: %s", group.truncated)
                self.truncated.append(group.truncated)
            if any(self._try(p) for p in group.chain if p in tried and not self._dominated(p)):
                continue
            for proposal in group.separate:
                if proposal in tried and not self._dominated(proposal):
                    self._try(proposal)

    def offered_headerless(self) -> list[Found]:
        """A headerless reader is offered only when no reader with a header claimed more of the files' suffixes."""
        if self.found:
            return []

        def claimed(p: Proposal) -> int:
            return len({t for f in p.files for t in f.suffixes if p.suffixes.matches_token(t)})

        best_other = max((claimed(p) for p, _ in self.failures), default=0)
        return [f for f in self.headerless if claimed(f.proposal) >= best_other]


def _candidate(
    found: Found,
    choice_id: str,
    total: int,
    prefix: str = "",
    streams: list[SessionStream] | None = None,
    label: str | None = None,
) -> FormatCandidate:
    return FormatCandidate(
        interface=found.name,
        source_data=found.source_data,
        explanation=prefix + explain(found, total),
        bytes_explained=found.bytes,
        files=sorted(found.paths),
        is_converter=found.proposal.is_converter,
        score=round(found.bytes / total, 4) if total else 0.0,
        choice_id=choice_id,
        stream=found.stream,
        conversion_options=found.outcome.conversion_options,
        questions=found.questions,
        streams=streams or [],
        label=label,
    )


@dataclass
class _Option:
    """One answer to a detection question: the session's readers if the user picks it."""

    choice_id: str
    readers: list[Found]
    label: str | None = None
    explanation: str = ""


def _check_known(only: str | None) -> None:
    if only is not None and only not in registry():
        close = get_close_matches(only, list(registry()), n=3)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise FormatDetectionError(
            f"NeuroConv has no interface or converter named '{only}'.{hint} Give a name from GET /api/info "
            "(supported_formats), e.g. SpikeGLXConverterPipe.",
            details={"format": only, "close_matches": close},
        )


def detect(input_path: Path, timeout_s: float = 20.0, only: str | None = None) -> DetectionResult:
    """`only`: the user named the format (command line --format): no other reader is tried."""
    started = time.perf_counter()
    _check_known(only)
    inventory = scan(Path(input_path))
    if not inventory.files:
        raise FormatDetectionError(
            "The upload holds no files. Upload the recording folder your acquisition system wrote, e.g. a SpikeGLX "
            "run folder with its .bin and .meta files.",
            details={"input_path": str(input_path)},
        )
    if inventory.total_bytes == 0:
        raise FormatDetectionError(
            f"Every uploaded file is empty (0 bytes): {inventory.describe()}. The copy or upload was probably "
            "interrupted; upload the complete files (a recording's data file is usually megabytes or more).",
            details={"empty_files": [f.relative for f in inventory.files][:50]},
        )
    detector = Detector(inventory, timeout_s, only)
    detector.run()
    if not detector.found:
        headerless = detector.offered_headerless()
        if not headerless:
            message, details = failure_message(inventory, detector)
            if detector.truncated:
                message = message.rstrip(".") + ". " + "; ".join(detector.truncated) + "."
            raise FormatDetectionError(message, details=details)
        return _headerless(headerless[0], inventory, started, detector.truncated)
    composition = compose(detector.found, detector.failures, detector.incomplete, inventory, timeout_s)
    return _session(composition, inventory, started, detector.truncated)


def _leftover(inventory: Inventory, streams: list[SessionStream]) -> str:
    """The files no included stream reads (a folder reader reads its whole folder: params.py beside .npy)."""
    folders = [
        Path(str(s.source_data["folder_path"])) for s in streams if s.included and "folder_path" in s.source_data
    ]
    used = {name for s in streams if s.included for name in s.files}
    used |= {f.relative for f in inventory.files if any(folder in f.path.parents for folder in folders)}
    unused = sorted({f.relative for f in inventory.files} - used)
    if not unused:
        return ""
    return f". Not used: {', '.join(unused[:5])}" + (f" and {len(unused) - 5} more" if len(unused) > 5 else "")


def _problems(streams: list[SessionStream]) -> str:
    broken = [s for s in streams if s.problem]
    if not broken:
        return ""
    return " Cannot be converted: " + " ".join(f"{s.problem.rstrip('.')}." for s in broken if s.problem)


def _describe(streams: list[SessionStream]) -> str:
    """One session in words: each stream with its reader, then how sortings were linked."""
    included = [s for s in streams if s.included]
    if len(included) == 1:
        return included[0].explanation
    text = f"One session in {len(included)} streams, converted together into one NWB file: " + "; ".join(
        s.explanation for s in included
    )
    links = [s.link.reason.rstrip(".") for s in included if s.link]
    return text + (". " + ". ".join(links) if links else "")


def _tie_options(parts: list[Part], base: list[Found], total: int) -> tuple[list[_Option], str]:
    """Which reader, when two read the same files equally: one option per reader, the rest alike."""
    tie = next((p for p in parts if p.ties), None)
    if tie is None:
        return [], ""
    index = parts.index(tie)
    ids = unique_names(tie.options)
    options = [
        _Option(choice_id, [*base[:index], member, *base[index + 1 :]], explanation=explain(member, total))
        for member, choice_id in zip(tie.options, ids, strict=True)
    ]
    if len(parts) == 1:
        return options, "More than one reader fits these files equally well. Choose one:"
    others = ", ".join(p.found.proposal.scope for p in parts if p is not tie)
    return options, (
        f"More than one reader fits {tie.found.proposal.scope} equally well. Choose one; the other streams of "
        f"the session ({others}) are converted with it into one NWB file:"
    )


def _is_recording(part: Part) -> bool:
    return (part.found.outcome.facts.kind or family_kind(part.found.proposal.cls)) == StreamKind.RECORDING


def _session_options(composition: Composition, base: list[Found], total: int) -> tuple[list[_Option], str]:
    """Recordings that may be separate sessions: one session, or all of them together (recommended only
    when nothing says they are apart; DANDI keeps one session per NWB file)."""
    sessions = composition.sessions
    if sessions is None:
        return [], ""
    together = _Option(
        "together",
        base,
        label="All of them together" + (" (recommended)" if sessions.likely_one else " in one file"),
        explanation="Every stream in one NWB file, each at its own start time",
    )
    options = [together] if sessions.together and sessions.likely_one else []
    parts = composition.parts
    names = unique_names(base)
    for number, indices in enumerate(sessions.groups, start=1):
        readers = [base[i] for i in indices]
        recordings = [i for i in indices if _is_recording(parts[i])]
        choice_id = names[recordings[0]] if len(recordings) == 1 else f"session{number}"
        dated = next((f.outcome.facts for f in readers if f.outcome.facts.start_time), None)
        when = f", started {dated.start_time.isoformat()}" if dated and dated.start_time else ""
        options.append(
            _Option(
                choice_id,
                readers,
                label=f"Only {', '.join(parts[i].found.proposal.scope for i in recordings)}{when}",
                explanation="; ".join(explain(f, total) for f in readers),
            )
        )
    count = len(sessions.groups)
    if not sessions.together:
        return options, (
            f"These files hold {count} recordings that "
            + ("NeuroConv cannot write" if sessions.writer_refuses else "cannot go")
            + f" into one NWB file ({sessions.reason}). Choose "
            "the one to convert now and convert the others separately (one upload each, or all at once as a batch):"
        )
    if not sessions.likely_one:
        return [*options, together], (
            f"These files hold {count} recordings that look like separate sessions: {sessions.reason}. DANDI "
            "keeps one session per NWB file: choose the one to convert now and convert the others separately "
            "(one upload each, or all at once as a batch), or all of them together into one file:"
        )
    return options, (
        f"These files hold {count} recordings that may be separate sessions: {sessions.reason}. Convert all of "
        "them together into one NWB file (recommended), or one now and upload the others separately:"
    )


def _asked(composition: Composition, inventory: Inventory) -> tuple[list[_Option], str, tuple[list[_Option], str]]:
    """What to ask, if anything (separate sessions first, then which of tied readers), and the tie
    question that follows an answer about sessions."""
    base = [p.found for p in composition.parts]
    total = inventory.total_bytes
    ties = _tie_options(composition.parts, base, total)
    sessions = _session_options(composition, base, total)
    if sessions[0]:
        return sessions[0], sessions[1], ties
    return ties[0], ties[1], ([], "")


def _follow_up(
    option: _Option, ties: tuple[list[_Option], str], inventory: Inventory, unreadable: list[SessionStream]
) -> list[FormatCandidate]:
    """The tie question asked after a session answer, when that session holds the tied files."""
    tie_options, _ = ties
    if not tie_options:
        return []
    # The tied readers: the one reader in which the tie's options differ.
    members = [
        next(f for f in o.readers if not any(f is g for g in tie_options[-1 if i == 0 else 0].readers))
        for i, o in enumerate(tie_options)
    ]
    if not any(any(f is m for m in members) for f in option.readers):
        return []
    total = inventory.total_bytes
    follow = []
    for tie, member in zip(tie_options, members, strict=True):
        readers = [member if any(f is m for m in members) else f for f in option.readers]
        follow.append(_candidate(member, tie.choice_id, total, streams=streams_of(readers, inventory) + unreadable))
    return follow


def _session(composition: Composition, inventory: Inventory, started: float, truncated: list[str]) -> DetectionResult:
    total = inventory.total_bytes
    options, intro, ties = _asked(composition, inventory)
    if not options:
        options = [_Option(unique_names([p.found for p in composition.parts])[0], [p.found for p in composition.parts])]
    plans = [streams_of(o.readers, inventory) + composition.unreadable for o in options]
    streams = plans[0]
    broken = [s for s in streams if s.problem]
    if len(options) == 1 and broken and any(s.included for s in streams):
        # Bad input in one stream: the rest is converted once the user agrees.
        intro = (
            f"{_problems(streams).strip()} The rest of the session can still be converted: "
            + "; ".join(s.explanation for s in streams if s.included)
            + "."
        )
        options[0] = _Option(
            "without_unreadable",
            options[0].readers,
            label="Convert the rest (recommended)",
            explanation="Leave out what cannot be read; nothing uploaded is deleted",
        )
    main = next(s for s in streams if s.included) if any(s.included for s in streams) else streams[0]
    best = options[0].readers[0]
    asked = bool(intro)
    needs_answers = asked or bool(best.questions)
    if asked:
        candidates = [
            _candidate(
                o.readers[0] if o.label else _tied(o, composition), o.choice_id, total, streams=plan, label=o.label
            )
            for o, plan in zip(options, plans, strict=True)
        ]
        for candidate, option in zip(candidates, options, strict=True):
            if option.explanation:
                candidate.explanation = option.explanation
            follow_up = _follow_up(option, ties, inventory, composition.unreadable)
            candidate.follow_up, candidate.follow_up_message = follow_up, (ties[1] if follow_up else None)
        shown: list[FormatCandidate] = []
        text = intro + (_problems(streams) if not broken or len(options) > 1 else "")
    else:
        candidates = []
        # A clear winner: the other readers that proved they read the files are shown, not offered.
        # While answers are awaited `alternatives` lists only what the answer may name (see choice.py).
        runners = [] if needs_answers else composition.runners_up[:MAX_RUNNERS_UP]
        taken = [s.name for s in streams]
        names = unique_names([*options[0].readers, *(f for f, _ in runners)])[len(options[0].readers) :]
        shown = [
            _candidate(
                f,
                name if name not in taken else f"{name}~runner",
                total,
                f"{NOT_CHOSEN} ({why}): ",
                streams=streams_of([f], inventory),
            )
            for (f, why), name in zip(runners, names, strict=True)
        ]
        if needs_answers:  # the main reader's own questions (a headerless file's rate): answered by choice
            candidates = [_candidate(best, main.name, total, streams=streams)]
        text = _describe(streams) + _leftover(inventory, streams)
    if truncated:
        text = text.rstrip(".") + ". " + "; ".join(truncated) + "."
    explained = sum(s.bytes for s in streams if s.included)
    return DetectionResult(
        interface=main.interface,
        source_data=main.source_data,
        choice_id=options[0].choice_id if asked else main.name,
        confidence=round((explained / total if total else 0.0) / len(options), 3),
        files=sorted({name for s in streams if s.included for name in s.files}),
        alternatives=candidates + shown,
        needs_choice=needs_answers,
        explanation=text,
        duration_s=round(time.perf_counter() - started, 3),
        conversion_options=main.conversion_options,
        questions=best.questions if main.interface == best.name else [],
        root=str(inventory.root if inventory.root.is_dir() else inventory.root.parent),
        streams=streams,
    )


def _tied(option: _Option, composition: Composition) -> Found:
    """The reader an option of a tie stands for (the one that differs between the options)."""
    tie = next(p for p in composition.parts if p.ties)
    return next(f for f in option.readers if any(f is t for t in tie.options))


def _headerless(found: Found, inventory: Inventory, started: float, truncated: list[str]) -> DetectionResult:
    """A file with no header that names its layout: offered with the questions its reader needs."""
    total = inventory.total_bytes
    streams = streams_of([found], inventory)
    text = (
        "These files have no header that names their format. If this is a raw binary "
        f"recording, {display(found.proposal.cls)} can read it once you give: "
        + ", ".join(q.name for q in found.questions)
        + "."
    )
    if truncated:
        text = text.rstrip(".") + ". " + "; ".join(truncated) + "."
    return DetectionResult(
        interface=found.name,
        source_data=found.source_data,
        choice_id=found.name,
        confidence=round(found.bytes / total if total else 0.0, 3),
        files=sorted(found.paths),
        alternatives=[_candidate(found, found.name, total, streams=streams)],
        needs_choice=True,
        explanation=text,
        duration_s=round(time.perf_counter() - started, 3),
        conversion_options=found.outcome.conversion_options,
        questions=found.questions,
        root=str(inventory.root if inventory.root.is_dir() else inventory.root.parent),
        streams=streams,
    )
