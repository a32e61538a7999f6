"""Complete a detection with the user's answer: which option, and the arguments only they know."""

from __future__ import annotations

import json
import math
from typing import Any

from ....domain import DetectionResult, FormatCandidate
from ....errors import BadInputError
from .hints import ARGUMENT_HINTS
from .probe import validate
from .registry import get_class


def _example(candidate: FormatCandidate) -> dict[str, Any]:
    arguments = {q.name: q.suggested or q.example for q in candidate.questions}
    return {"choice": candidate.choice_id or candidate.interface, **({"arguments": arguments} if arguments else {})}


def _options(result: DetectionResult) -> list[FormatCandidate]:
    """What an answer may name. A settled result (a clear winner) keeps its runner-ups in `alternatives`
    for information: the winner itself comes first and is what no choice means."""
    if result.needs_choice and result.alternatives:
        return result.alternatives
    current = FormatCandidate(
        interface=result.interface or "",
        source_data=result.source_data,
        choice_id=result.choice_id,
        questions=result.questions,
        conversion_options=result.conversion_options,
        files=result.files,
        streams=result.streams,
    )
    current_id = result.choice_id or result.interface
    return [current, *(a for a in result.alternatives if (a.choice_id or a.interface) != current_id)]


def _pick(result: DetectionResult, choice: str | None) -> FormatCandidate:
    options = _options(result)
    ids = [o.choice_id or o.interface for o in options]
    if choice is None:
        if len(options) == 1 or not result.needs_choice:
            return options[0]
        raise BadInputError(
            f"Choose one of: {', '.join(ids)}.", details={"options": ids, "example": _example(options[0])}
        )
    for option, option_id in zip(options, ids, strict=False):
        if choice == option_id:
            return option
    by_interface = [o for o in options if o.interface == choice]
    if len(by_interface) == 1:
        return by_interface[0]
    if by_interface:
        raise BadInputError(
            f"'{choice}' is offered more than once; name the option exactly: {', '.join(ids)}.",
            details={"options": ids, "example": _example(by_interface[0])},
        )
    raise BadInputError(
        f"'{choice}' is not one of the offered options. Choose one of: {', '.join(ids)}.",
        details={"options": ids, "example": _example(options[0])},
    )


def _coerce(name: str, raw: Any, kind: type[Any], options: list[str], example: str | None) -> Any:
    if options:
        match = next((o for o in options if str(raw).strip().lower() == o.lower()), None)
        if match is None:
            raise BadInputError(
                f"{name} must be one of {', '.join(options)}; got {raw!r}.",
                details={"field": name, "options": options, "example": options[0]},
            )
        return match
    if kind in (int, float):
        try:
            value = float(str(raw).strip())
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or value <= 0 or (kind is int and not value.is_integer()):
            what = "a positive whole number" if kind is int else "a positive number"
            raise BadInputError(
                f"{name} must be {what}, e.g. {example}; got {raw!r}.", details={"field": name, "example": example}
            )
        return int(value) if kind is int else value
    text = str(raw).strip()
    if not text:
        raise BadInputError(f"{name} must not be empty, e.g. {example}.", details={"field": name, "example": example})
    return text


def complete(
    result: DetectionResult, choice: str | None, arguments: dict[str, Any], timeout_s: float
) -> DetectionResult:
    chosen = _pick(result, choice)
    hint = ARGUMENT_HINTS.get(chosen.interface)
    known = {q.name for q in chosen.questions}
    unknown = sorted(set(arguments) - known - {"format"})
    if unknown:
        takes = ", ".join(sorted(known)) or "no arguments"
        raise BadInputError(
            f"{chosen.interface} does not take {', '.join(unknown)}; it takes {takes}.",
            details={"unknown": unknown, "example": _example(chosen)},
        )
    values: dict[str, Any] = {}
    missing = []
    for question in chosen.questions:
        raw = arguments.get(question.name, question.suggested)
        if raw is None or raw == "":
            missing.append(question)
            continue
        kind = hint.value_types.get(question.name, str) if hint else str
        values[question.name] = _coerce(question.name, raw, kind, question.options, question.example)
    if missing:
        raise BadInputError(
            "Still needed: " + "; ".join(f"{q.name} ({q.description}, e.g. {q.example})" for q in missing) + ".",
            details={"missing": [q.name for q in missing], "example": _example(chosen)},
        )
    source_data = {**chosen.source_data, **values}
    outcome = validate(get_class(chosen.interface), source_data, timeout_s)
    if not outcome.ok:
        raise BadInputError(
            f"{chosen.interface} could not read the files with {json.dumps(values) if values else 'this choice'}: "
            f"{outcome.error}. Check the values and try again.",
            details={"interface": chosen.interface, "arguments": values, "example": _example(chosen)},
        )
    if chosen.follow_up:  # the answer settles one question and leads to the next
        return result.model_copy(
            update={
                "alternatives": chosen.follow_up,
                "explanation": chosen.follow_up_message or "Choose one:",
                "streams": chosen.follow_up[0].streams,
                "choice_id": chosen.follow_up[0].choice_id,
                "needs_choice": True,
            }
        )
    label = chosen.label or chosen.interface
    note = f"Chosen by the user: {chosen.explanation}" if chosen.explanation else f"Chosen by the user: {label}"
    if values:
        note += f" (with {', '.join(f'{k}={v}' for k, v in values.items())})"
    streams = [
        s.model_copy(
            update={"source_data": {**s.source_data, **values}, "conversion_options": outcome.conversion_options}
        )
        if s.interface == chosen.interface and s.source_data == chosen.source_data
        else s
        for s in chosen.streams
    ]
    settled = result.model_copy(
        update={
            "interface": chosen.interface,
            "source_data": source_data,
            "choice_id": chosen.choice_id,
            "files": chosen.files,
            "needs_choice": False,
            "questions": [],
            "explanation": note,
            "conversion_options": outcome.conversion_options,
            "confidence": 1.0,
            "streams": streams,
            "alternatives": [],
        }
    )
    return _mirror_main(settled) if len(streams) > 1 else settled


def _mirror_main(result: DetectionResult) -> DetectionResult:
    """`interface`, `source_data` and `files` of a session are its first included stream's and the
    files of every included stream (what is read, guarded and shown)."""
    included = result.included_streams()
    if not included:
        return result
    main = included[0]
    return result.model_copy(
        update={
            "interface": main.interface,
            "source_data": main.source_data,
            "conversion_options": main.conversion_options,
            "files": sorted({name for s in included for name in s.files}),
        }
    )


def set_included(result: DetectionResult, name: str, included: bool) -> DetectionResult:
    """Leave a stream of the session out, or put it back. What cannot be read stays out, and at least
    one stream stays in."""
    names = [s.name for s in result.streams]
    if result.needs_choice:
        raise BadInputError(
            "Answer the format question first: the streams of the session are settled by that answer.",
            details={"options": [a.choice_id for a in result.alternatives]},
        )
    if name not in names:
        raise BadInputError(
            f"The session has no stream named {name!r}. Its streams: {', '.join(names)}.",
            details={"streams": names, "example": {"name": names[0] if names else "", "included": False}},
        )
    stream = result.streams[names.index(name)]
    if included and stream.problem:
        raise BadInputError(
            f"{name} cannot be converted: {stream.problem}", details={"stream": name, "problem": stream.problem}
        )
    if not included and [s.name for s in result.included_streams()] == [name]:
        raise BadInputError(
            f"{name} is the only stream left: leaving it out would leave nothing to convert. Cancel instead "
            "if you do not want this upload converted.",
            details={"stream": name},
        )
    streams = [s.model_copy(update={"included": included}) if s.name == name else s for s in result.streams]
    said = f"{name} {'put back' if included else 'left out'} by the user."
    earlier = (f" {name} left out by the user.", f" {name} put back by the user.")
    explanation = result.explanation
    for note in earlier:
        explanation = explanation.replace(note, "")
    explanation = f"{explanation} {said}".strip()
    return _mirror_main(result.model_copy(update={"streams": streams, "explanation": explanation}))
