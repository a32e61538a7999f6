"""What the conversation agent says: deterministic wording that always works, and the same
message worded by the LLM (prompts/*.yaml) when one is configured.

The LLM is optional here: any failure falls back to the deterministic text (logged by
LLMService). An LLM-worded question that leaves out a field it had to ask is not used.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from ..domain import FormatCandidate, Leftover, SeverityCounts, ValidationIssue
from ..metadata.fields import FIELDS, FieldSpec, get_field, in_words
from ..metadata.parsed import IntentKind, ParsedInput
from .base import LLMService

MAX_ROUNDS = 2


class WordedText(BaseModel):
    message: str
    unsure: bool = False


class IssueWording(BaseModel):
    explanation: str
    how_to_fix: str
    unsure: bool = False


# ------------------------------------------------------------------ metadata questions


CORRECTION_LEAD = "To fix the remaining issues I need a few values only you know"


def metadata_question(
    llm: LLMService | None,
    fields: Sequence[str | FieldSpec],
    *,
    round_number: int = 1,
    known: dict[str, Any] | None = None,
    for_correction: bool = False,
) -> str:
    """The message asking for `fields` (required first), with why each is needed and an example.
    `for_correction`: asked during a correction round rather than before the first conversion."""
    looked_up = [f if isinstance(f, FieldSpec) else get_field(f) for f in fields]
    specs = [s for s in looked_up if s is not None]
    offline = offline_metadata_question(specs, round_number, CORRECTION_LEAD if for_correction else None)
    if llm is None or not llm.is_remote or not specs:
        return offline
    variables = {
        "fields": [
            {"label": s.label, "required": s.required, "what": s.description, "why": s.why, "example": s.example}
            for s in specs
        ],
        "round": "correction" if for_correction else round_number,
        "max_rounds": MAX_ROUNDS,
        "known": sorted(known or {}),
    }
    worded = llm.structured("question_wording", variables, WordedText, offline=lambda _: WordedText(message=offline))
    lowered = worded.message.lower()
    if worded.unsure or not all(s.label.lower() in lowered for s in specs):
        return offline  # a question that drops a field would let it go unasked
    return worded.message


def offline_metadata_question(specs: Sequence[FieldSpec], round_number: int = 1, lead: str | None = None) -> str:
    if not specs:
        return "I have everything I need."
    required = [s for s in specs if s.required]
    lead = lead or (
        "Before I convert, I need a few details for DANDI"
        if round_number <= 1
        else "A few details are still missing (last round of questions)"
    )
    lines = [f"{lead}:"]
    for spec in specs:
        tag = "" if spec.required else " (recommended)"
        example = spec.example.rstrip(".")  # an example that is a sentence keeps one full stop
        lines.append(f"- {spec.label}{tag}: {spec.description} Example: {example}. Why: {spec.why}")
    picked = (required or list(specs))[:4]
    if any(len(s.example.split()) > 3 for s in picked):
        # sentences side by side read as one ("...recording., Smith, Jane, ..."): name each one
        sample = "; ".join(f"{s.label}: {s.example.rstrip('.')}" for s in picked)
    else:
        sample = ", ".join(s.example for s in picked)
    lines.append(
        f'You can answer in one sentence (e.g. "{sample}"), say "skip" for anything you don\'t have, '
        'or "just convert" to go ahead without them.'
    )
    return "\n".join(lines)


# ------------------------------------------------------------------ replies to answers


def acknowledge(parsed: ParsedInput) -> str:
    """Plain-words reply to an answer: what was stored (and how it was normalised), what was not and why."""
    parts = []
    if parsed.values:
        stored = []
        for name, value in parsed.values.items():
            spec = FIELDS.get(name)
            label = spec.label if spec else name.replace("_", " ")
            stored.append(f"{label}: {in_words(value)}")
        parts.append("Saved " + "; ".join(stored) + ".")
    for rejection in parsed.rejections:
        spec = FIELDS.get(rejection.field)
        label = spec.label if spec else rejection.field
        parts.append(f"Not saved, {label}: {rejection.message}")
    for intent in parsed.intents:
        labels = ", ".join(FIELDS[n].label for n in intent.fields if n in FIELDS)
        if intent.kind == IntentKind.SKIP_FIELD and labels:
            parts.append(f"Skipping {labels}.")
        elif intent.kind == IntentKind.DONT_KNOW and labels:
            parts.append(f"Noted that {labels} is not known.")
        elif intent.kind == IntentKind.SKIP_ALL:
            parts.append("No more questions.")
    if parsed.unparsed:
        parts.append(f'I did not understand: "{parsed.unparsed}".')
    if not parts and (parsed.confirmations or parsed.has_intent(IntentKind.SKIP_ALL)):
        return "Thank you."
    return " ".join(parts) or "I could not find any metadata in that message; could you rephrase it?"


# ------------------------------------------------------------------ validation issues


# What the checks the service knows best mean, in plain words (check name -> explanation, fix).
ISSUE_WORDING = {
    "check_subject_species_form": (
        "The species is not written as a Latin name (e.g. Mus musculus) or a taxonomy link.",
        "The service rewrites common names such as 'mouse' into the Latin name.",
    ),
    "check_subject_species_exists": (
        "The file does not say which species the subject is.",
        "Tell me the species, e.g. mouse.",
    ),
    "check_subject_age": (
        "The age is not an ISO 8601 duration such as P90D or P12W.",
        "The service rewrites ages like '12 weeks'; otherwise tell me the age.",
    ),
    "check_subject_sex": ("The sex is not one of M, F, U or O.", "The service rewrites 'male'/'female'; or tell me."),
    "check_subject_id_exists": (
        "The subject has no identifier, which DANDI needs for file names.",
        "Tell me the subject ID, e.g. m042.",
    ),
    "check_subject_exists": (
        "The file has no subject information at all.",
        "Tell me the subject ID, species, sex and age.",
    ),
    "check_experimenter_form": (
        "An experimenter name is not in DANDI's 'Last, First' form.",
        "The service rewrites names like 'Jane Smith' to 'Smith, Jane'.",
    ),
    "check_experimenter_exists": ("No experimenter is named.", "Tell me who recorded the data."),
    "check_institution": ("No institution is named.", "Tell me where the recording was made."),
    "check_session_start_time_future_date": (
        "The session start time is in the future.",
        "Give the real start time with its time zone.",
    ),
    "check_session_start_time_old_date": (
        "The session start time looks like a placeholder (1980 or earlier).",
        "Give the real start time with its time zone.",
    ),
    "check_description": ("A description is missing or is a placeholder.", "Describe the session in a sentence."),
    "check_device_description": (
        "A recording device has no description.",
        "The service adds a description generated from the file's own device information.",
    ),
    "check_electrode_location": (
        "Electrodes do not say which brain area they were in.",
        "Tell me the brain area, e.g. V1.",
    ),
    "check_keywords": ("The file has no keywords to find it by.", "Give a few keywords, e.g. electrophysiology, V1."),
}


def explain_issue(llm: LLMService | None, issue: ValidationIssue, field: str | None = None) -> IssueWording:
    offline = offline_issue_wording(issue)
    if llm is None or not llm.is_remote:
        return offline
    variables = {
        "check_name": issue.check_name,
        "severity": issue.severity.value,
        "message": issue.message,
        "location": issue.location or "the file",
        "fix_kind": issue.fix_kind.value,
        "field": field or "none",
    }
    worded = llm.structured("issue_explanation", variables, IssueWording, offline=lambda _: offline)
    return offline if worded.unsure else worded


def offline_issue_wording(issue: ValidationIssue) -> IssueWording:
    known = ISSUE_WORDING.get(issue.check_name)
    if known:
        return IssueWording(explanation=known[0], how_to_fix=known[1])
    where = f" (at {issue.location})" if issue.location else ""
    return IssueWording(
        explanation=f"NWB Inspector reports: {issue.message}{where}",
        how_to_fix="Tell me the missing or corrected value, or accept the file as it is.",
    )


# ------------------------------------------------------------------ proposals and choices


def correction_proposal(
    llm: LLMService | None,
    *,
    status: str,
    attempt: int,
    counts: dict[str, int],
    auto_fixes: Iterable[str],
    needs_user: Iterable[str],
    options: Sequence[str],
) -> str:
    auto, needs = list(auto_fixes), list(needs_user)
    offline = offline_correction_proposal(status, attempt, counts, auto, needs, options)
    if llm is None or not llm.is_remote:
        return offline
    variables = {
        "status": status,
        "attempt": attempt,
        "counts": counts,
        "auto_fixes": auto or "none",
        "needs_user": needs or "none",
        "options": list(options),
    }
    worded = llm.structured("correction_proposal", variables, WordedText, offline=lambda _: WordedText(message=offline))
    return offline if worded.unsure else worded.message


def offline_correction_proposal(
    status: str,
    attempt: int,
    counts: dict[str, int],
    auto_fixes: Sequence[str],
    needs_user: Sequence[str],
    options: Sequence[str],
) -> str:
    found = SeverityCounts.model_validate(counts).phrase()  # the words of the page and the report
    verdict = {
        "FAILED": "did not pass validation",
        "PASSED_WITH_ISSUES": "is valid, with warnings",
        "PASSED": "passed validation",
    }.get(status, status)
    lines = [f"Attempt {attempt}: the file {verdict} ({found})."]
    if auto_fixes:
        lines.append("I can fix by myself: " + "; ".join(auto_fixes) + ".")
    if needs_user:
        lines.append("I need from you: " + "; ".join(needs_user) + ".")
    lines.append("Choose: " + " / ".join(options) + ".")
    return " ".join(lines)


def format_choice(llm: LLMService | None, candidates: Sequence[FormatCandidate]) -> str:
    offline = offline_format_choice(candidates)
    if llm is None or not llm.is_remote or not candidates:
        return offline
    files = sorted({f for c in candidates for f in c.files})[:10]
    variables = {
        "candidates": json.dumps(
            [
                {"interface": c.interface, "explanation": c.explanation, "bytes_explained": c.bytes_explained}
                for c in candidates
            ]
        ),
        "files": ", ".join(files) or "the uploaded folder",
    }
    worded = llm.structured("format_choice", variables, WordedText, offline=lambda _: WordedText(message=offline))
    if worded.unsure or not all(c.interface in worded.message for c in candidates):
        return offline
    return worded.message


def offline_format_choice(candidates: Sequence[FormatCandidate]) -> str:
    if not candidates:
        return "No format could read these files."
    lines = ["Several formats could read these files. Which one is it?"]
    for candidate in candidates:
        lines.append(f"- {candidate.interface}: {candidate.explanation or 'reads these files'}")
    return "\n".join(lines)


def leftovers_sentence(leftovers: Sequence[Leftover]) -> str:
    """What no fix and no answer can change, each with why, in one sentence (said once per issue)."""
    if not leftovers:
        return ""
    parts = [
        f"{left.title}" + (f" ({left.object_name})" if left.object_name else "") + f": {left.reason.rstrip('. ')}"
        for left in leftovers
    ]
    return "What I cannot change: " + "; ".join(parts) + "."
