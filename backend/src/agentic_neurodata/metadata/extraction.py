"""One entry point for reading metadata from what a person typed, whichever provider is active.

Offline: the deterministic reader (free_text.py). With a remote LLM: the `metadata_extraction`
prompt through `LLMService.structured()`; the model only reports what it read, with the words
that say so, and every value then goes through the same metadata rules. A value whose words
are not in the message is refused (a model never adds a value silently). If the model cannot
be used, the offline reader answers and the result says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from ..errors import LLMError
from ..llm.base import LLMService
from .dates import attach_zone, find_datetimes, find_zone, normalize_date_of_birth, normalize_session_start_time
from .fields import FIELDS, validate_field
from .free_text import parse_free_text
from .parsed import FoundValue, Intent, IntentKind, ParsedInput, Rejection
from .result import RuleResult

TEMPLATE = "metadata_extraction"


class LLMValue(BaseModel):
    field: str
    value: str | list[str]
    evidence: str = ""
    unsure: bool = False


class LLMIntent(BaseModel):
    kind: IntentKind
    fields: list[str] = Field(default_factory=list)


class LLMExtraction(BaseModel):
    """What the model is asked to return (prompts/metadata_extraction.yaml)."""

    values: list[LLMValue] = Field(default_factory=list)
    intents: list[LLMIntent] = Field(default_factory=list)
    unsure_about: list[str] = Field(default_factory=list)


def extract_metadata_from_text(
    text: str,
    asked_fields: Iterable[str] = (),
    llm: LLMService | None = None,
    *,
    partial: dict[str, str] | None = None,
    now: datetime | None = None,
) -> ParsedInput:
    """Read metadata values and intents from `text`.

    `asked_fields`: the fields the service just asked for (single answers go there).
    `partial`: `ParsedInput.partial` of the previous answer (a start time waiting for its zone).
    Returns values normalised by the rules, rejections with reasons, intents and notes;
    `source` says who read it: offline, llm, or offline_fallback (the LLM failed)."""
    asked = [name for name in asked_fields if name in FIELDS]
    if llm is None or not llm.is_remote:
        return parse_free_text(text, asked, partial, now)
    variables = {
        "message": text,
        "asked_fields": asked or "nothing in particular",
        "pending": partial or "nothing",
        "today": (now or datetime.now(UTC)).date().isoformat(),
        "fields": "\n".join(f"- {spec.name}: {spec.description} (e.g. {spec.example})" for spec in FIELDS.values()),
    }
    try:
        answer = llm.structured(TEMPLATE, variables, LLMExtraction)
    except LLMError as exc:
        parsed = parse_free_text(text, asked, partial, now)
        parsed.source = "offline_fallback"
        parsed.notes.insert(
            0,
            f"The language model could not be used (error {exc.error_id}); "
            "the offline reader read your message instead.",
        )
        return parsed
    return _validated(answer, text, asked, partial or {}, now)


def _validated(
    answer: LLMExtraction, text: str, asked: list[str], partial: dict[str, str], now: datetime | None
) -> ParsedInput:
    """The model's reading, checked against the message and normalised by the rules."""
    parsed = ParsedInput(source="llm")
    message = _squash(text)
    unsure = set(answer.unsure_about)
    for item in answer.values:
        spec = FIELDS.get(item.field)
        raw = ", ".join(item.value) if isinstance(item.value, list) else str(item.value)
        if spec is None or item.field in parsed.values:
            continue
        if not item.evidence or _squash(item.evidence) not in message:
            parsed.rejections.append(
                Rejection(
                    field=item.field,
                    raw=raw,
                    reason=f"'{raw}' was suggested for {spec.label}, but it is not in your "
                    "message, so nothing was stored.",
                    example=spec.example,
                )
            )
            continue
        if item.unsure or item.field in unsure:
            parsed.rejections.append(
                Rejection(
                    field=item.field,
                    raw=raw,
                    example=spec.example,
                    reason=f"Not sure '{item.evidence}' is the {spec.label}; please say it again.",
                )
            )
            continue
        result = _rule(item.field, item.value, partial, now)
        if result.ok:
            parsed.values[item.field] = result.value
            parsed.found.append(FoundValue(field=item.field, value=result.value, raw=raw, note=result.note))
            if result.note:
                parsed.notes.append(result.note)
            for name, value in result.extra.items():
                parsed.values.setdefault(name, value)
        else:
            parsed.rejections.append(
                Rejection(
                    field=item.field, raw=raw, reason=result.error, example=result.example, partial=result.partial
                )
            )
    for intent in answer.intents:
        fields = [name for name in intent.fields if name in FIELDS] or (
            asked if intent.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) else []
        )
        parsed.intents.append(Intent(kind=intent.kind, fields=fields))
    return parsed


def _rule(name: str, value: Any, partial: dict[str, str], now: datetime | None) -> RuleResult:
    if name == "session_start_time" and isinstance(value, str):
        pending = partial.get(name)
        if pending and not find_datetimes(value):
            zone = find_zone(value, bare_city=True)
            if zone is not None and not isinstance(zone, str):
                return attach_zone(pending, value, now=now)
        if now is not None:
            return normalize_session_start_time(value, now=now)
    if name == "date_of_birth" and isinstance(value, str) and now is not None:
        return normalize_date_of_birth(value, now=now)
    return validate_field(name, value)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()
