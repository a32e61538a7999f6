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
    note = (
        f"Chosen by the user: {chosen.explanation}" if chosen.explanation else f"Chosen by the user: {chosen.interface}"
    )
    if values:
        note += f" (with {', '.join(f'{k}={v}' for k, v in values.items())})"
    return result.model_copy(
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
        }
    )
