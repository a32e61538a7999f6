"""One entry point for reading metadata from what a person typed, whichever provider is active.

Offline: the deterministic reader (free_text.py). With a model (anthropic or an
openai-compatible local server): the `metadata_extraction` prompt through
`LLMService.structured()`; the model reports what it read with the words that say so, and each
reading is then checked twice before anything is stored:
1. the evidence must be words of the message; a value whose words are not there was invented:
   it is dropped and logged (ParsedInput.discarded), never shown to the person;
2. the value must be what the evidence says after our normalisation rules (the rules run on the
   model's value and on the evidence itself, and the offline reader reads the evidence): a value
   that does not follow ("mouse7-cageC" from "mouse 7 of cage C"), or that the model was unsure
   of, becomes a confirmation question instead of a value;
3. a name must be the whole name said ("University of Wisconsin" of "...Wisconsin–Madison" is asked
   back whole) and a value as said holds no talk (prose/whole_values.py, as for the offline reader).
If the model cannot be used, the offline reader answers and the result says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from ..domain import ValueConfirmation, ValueProposal
from ..errors import LLMError
from ..llm.base import LLMService
from .dates import attach_zone, normalize_date_of_birth, normalize_session_start_time
from .dates_in_text import find_datetimes
from .fields import FIELDS, validate_field
from .free_text import parse_free_text
from .parsed import FoundValue, Intent, IntentKind, ParsedInput, Rejection
from .prose.whole_values import only_whole_values
from .result import RuleResult
from .zones import Zone, find_zone

TEMPLATE = "metadata_extraction"
# Fields whose value is the person's own words: a value copied out of the evidence follows from it.
_WORDS_FIELDS = {
    "session_description",
    "experiment_description",
    "subject_description",
    "institution",
    "lab",
    "keywords",
    "electrode_location",
    "genotype",
    "strain",
}


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
    Returns values normalised by the rules, rejections with reasons, confirmations to ask back,
    intents and notes; `source` says who read it: offline, llm, or offline_fallback."""
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
        if spec is None or parsed.settles(item.field):
            continue
        if not item.evidence or _squash(item.evidence) not in message:
            parsed.discarded.append(
                f"The model suggested {raw!r} for {spec.label} from words that are not in the message; not used."
            )
            continue
        result = _rule(item.field, item.value, partial, now)
        if not result.ok and not result.needs_confirmation:
            parsed.rejections.append(
                Rejection(
                    field=item.field, raw=raw, reason=result.error, example=result.example, partial=result.partial
                )
            )
            continue
        from_words = _readings_of(item.field, item.evidence, partial, now)
        follows = result.ok and (
            _same(result.value, from_words.values)
            or (item.field in _WORDS_FIELDS and _squash(raw) in _squash(item.evidence))
        )
        if follows and not (item.unsure or item.field in unsure):
            parsed.values[item.field] = result.value
            parsed.found.append(FoundValue(field=item.field, value=result.value, raw=raw, note=result.note))
            if result.note:
                parsed.notes.append(result.note)
            for name, value in result.extra.items():
                if not parsed.settles(name):
                    parsed.values[name] = value
            continue
        parsed.confirmations.append(_ask_back(item.field, spec.label, item.evidence, result, from_words))
    for intent in answer.intents:
        fields = [name for name in intent.fields if name in FIELDS] or (
            asked if intent.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) else []
        )
        parsed.intents.append(Intent(kind=intent.kind, fields=fields))
    return only_whole_values(parsed, text)  # a name cut out of a longer one follows from its evidence too


class _Readings(BaseModel):
    """What the evidence alone says for a field: the values our rules read in it, or its guesses."""

    values: list[Any] = Field(default_factory=list)
    confirmation: ValueConfirmation | None = None


def _readings_of(field: str, evidence: str, partial: dict[str, str], now: datetime | None) -> _Readings:
    readings = _Readings()
    direct = _rule(field, evidence, partial, now)
    if direct.ok:
        readings.values.append(direct.value)
    offline = parse_free_text(evidence, [field], partial, now)
    if field in offline.values:
        readings.values.append(offline.values[field])
    asked_back = next((c for c in offline.confirmations if c.field == field), None)
    if asked_back is None and direct.needs_confirmation:
        asked_back = ValueConfirmation(field=field, said=evidence, question=direct.error, proposals=direct.proposals)
    readings.confirmation = asked_back
    return readings


def _ask_back(field: str, label: str, evidence: str, result: RuleResult, words: _Readings) -> ValueConfirmation:
    """The question for a reading the words do not say exactly: our own when the words are a
    known guess ("monkey"), else the model's value offered for a yes or no."""
    if words.confirmation is not None:
        return words.confirmation
    if result.needs_confirmation:
        return ValueConfirmation(field=field, said=evidence, question=result.error, proposals=result.proposals)
    shown = ", ".join(result.value) if isinstance(result.value, list) else str(result.value)
    return ValueConfirmation(
        field=field,
        said=evidence,
        question=f"Did you mean {label} '{shown}'? (From your words '{evidence}'.)",
        proposals=[ValueProposal(value=result.value, label=shown, extra=dict(result.extra))],
    )


def _same(value: Any, readings: list[Any]) -> bool:
    return any(value == reading for reading in readings)


def _rule(name: str, value: Any, partial: dict[str, str], now: datetime | None) -> RuleResult:
    if name == "session_start_time" and isinstance(value, str):
        pending = partial.get(name)
        if pending and not find_datetimes(value):
            zone = find_zone(value, bare_city=True, after_date=True)
            if isinstance(zone, Zone):
                return attach_zone(pending, value, now=now)
        return normalize_session_start_time(value, now=now)
    if name == "date_of_birth" and isinstance(value, str):
        return normalize_date_of_birth(value, now=now)
    return validate_field(name, value)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()
