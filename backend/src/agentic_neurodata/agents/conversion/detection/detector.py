"""Registry-driven format detection (docs/architecture.md, "Where things go": a new stream kind).

scan -> candidates from each class's source schema and suffixes -> streams from the class's own
listing -> time-bounded probe (metadata + in-memory stub) -> ranking -> DetectionResult.
"""

from __future__ import annotations

import logging
import time
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from ....domain import DetectionResult, FieldRequest, FormatCandidate
from ....errors import FormatDetectionError
from .candidates import Proposal, SkippedReader, proposals
from .explain import display, explain, failure_message
from .probe import Outcome, call_with_timeout, describe_error, list_streams, validate
from .ranking import Found, rank
from .registry import registry
from .scan import Inventory, ScannedFile, scan

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

    def _probe(
        self, proposal: Proposal, source_data: dict[str, Any], files: list[ScannedFile], stream: str | None = None
    ) -> bool:
        questions: list[FieldRequest] = []
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

    def run(self) -> None:
        found = proposals(self.inventory)
        self.skipped = [s for s in found.skipped if self.only is None or s.name == self.only]
        groups = [g for g in found.groups if self.only is None or (g.chain + g.separate)[0].name == self.only]
        for group in groups:
            if group.truncated:
                log.info("Detection: %s", group.truncated)
                self.truncated.append(group.truncated)
        # Most specific first (suffix coverage, then size): the likely reader is proven before the
        # permissive ones, which are then skipped.
        groups.sort(key=lambda g: min((-p.coverage, not p.is_converter, -p.bytes) for p in g.chain + g.separate))
        for group in groups:
            if any(self._try(p) for p in group.chain if not self._dominated(p)):
                continue
            for proposal in group.separate:
                if not self._dominated(proposal):
                    self._try(proposal)

    def offered_headerless(self) -> list[Found]:
        """A headerless reader is offered only when no reader with a header claimed more of the files' suffixes."""
        if self.found:
            return []

        def claimed(p: Proposal) -> int:
            return len({t for f in p.files for t in f.suffixes if p.suffixes.matches_token(t)})

        best_other = max((claimed(p) for p, _ in self.failures), default=0)
        return [f for f in self.headerless if claimed(f.proposal) >= best_other]


def _choice_ids(found: list[Found]) -> list[str]:
    """The interface name when it is unique among the options, else made unique by stream, then by place."""
    forms = [
        lambda f: f.name,
        lambda f: f"{f.name}#{f.stream}" if f.stream else f"{f.name}@{f.proposal.scope}",
        lambda f: f"{f.name}@{f.proposal.scope}" + (f"#{f.stream}" if f.stream else ""),
    ]
    ids = [forms[0](f) for f in found]
    for form in forms[1:]:
        ids = [form(f) if ids.count(i) > 1 else i for f, i in zip(found, ids, strict=False)]
    return [i if ids.count(i) == 1 else f"{i}~{n}" for n, i in enumerate(ids, start=1)]


def _candidate(found: Found, choice_id: str, total: int, prefix: str = "") -> FormatCandidate:
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
    )


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
    total = inventory.total_bytes
    if not detector.found:
        headerless = detector.offered_headerless()
        if not headerless:
            message, details = failure_message(inventory, detector)
            if detector.truncated:
                message = message.rstrip(".") + ". " + "; ".join(detector.truncated) + "."
            raise FormatDetectionError(message, details=details)
        return _result(
            headerless[0],
            [],
            inventory,
            started,
            needs_answers=True,
            truncated=detector.truncated,
            explanation="These files have no header that names their format. If this is a raw binary "
            f"recording, {display(headerless[0].proposal.cls)} can read it once you give: "
            + ", ".join(q.name for q in headerless[0].questions)
            + ".",
        )
    ranking = rank(detector.found, total)
    everything = [ranking.best, *ranking.alternatives]
    if ranking.alternatives:
        if ranking.separate_recordings:
            intro = (
                f"These files hold {len(everything)} different recordings. Choose the one to convert now; the "
                "other files are left out (upload them as a separate session)."
            )
        else:
            intro = "More than one reader fits these files equally well. Choose one:"
        return _result(
            ranking.best,
            ranking.alternatives,
            inventory,
            started,
            needs_answers=True,
            explanation=intro,
            truncated=detector.truncated,
        )
    needs_answers = bool(ranking.best.questions)
    # A clear winner: the other readers that proved they read the files are shown, not offered.
    # While answers are awaited `alternatives` lists only what the answer may name (see choice.py).
    runners_up = [] if needs_answers else ranking.runners_up[:MAX_RUNNERS_UP]
    return _result(
        ranking.best,
        [],
        inventory,
        started,
        needs_answers=needs_answers,
        runners_up=runners_up,
        truncated=detector.truncated,
    )


def _result(
    best: Found,
    others: list[Found],
    inventory: Inventory,
    started: float,
    *,
    needs_answers: bool,
    explanation: str | None = None,
    runners_up: list[tuple[Found, str]] | None = None,
    truncated: list[str] | None = None,
) -> DetectionResult:
    total = inventory.total_bytes
    everything = [best, *others]
    runners_up = runners_up or []
    # The options keep the ids they would have alone; the runner-ups' ids are unique beside them.
    ids = _choice_ids(everything) + _choice_ids(everything + [f for f, _ in runners_up])[len(everything) :]
    candidates = [_candidate(f, i, total) for f, i in zip(everything, ids, strict=False)]
    shown = [
        _candidate(f, i, total, f"{NOT_CHOSEN} ({why}): ")
        for (f, why), i in zip(runners_up, ids[len(everything) :], strict=False)
    ]
    unused = sorted({f.relative for f in inventory.files} - best.paths)
    text = explanation or explain(best, total)
    if unused and not others:
        text += f". Not used: {', '.join(unused[:5])}" + (f" and {len(unused) - 5} more" if len(unused) > 5 else "")
    if truncated:
        text = text.rstrip(".") + ". " + "; ".join(truncated) + "."
    share = best.bytes / total if total else 0.0
    return DetectionResult(
        interface=best.name,
        source_data=best.source_data,
        choice_id=ids[0],
        confidence=round(share / len(everything), 3),
        files=sorted(best.paths),
        alternatives=(candidates if (others or needs_answers) else []) + shown,
        needs_choice=needs_answers,
        explanation=text,
        duration_s=round(time.perf_counter() - started, 3),
        conversion_options=best.outcome.conversion_options,
        questions=best.questions,
        root=str(inventory.root if inventory.root.is_dir() else inventory.root.parent),
    )
