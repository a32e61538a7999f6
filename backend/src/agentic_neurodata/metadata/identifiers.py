"""Identifiers (subject_id, session_id): short, with characters safe in file names and URLs.

DANDI builds file names from subject and session ids (sub-<id>_ses-<id>.nwb), so spaces and
slashes would be rewritten there anyway; we ask for a safe id instead of changing it silently."""

from __future__ import annotations

import re

from ..domain import ValueProposal
from .result import RuleResult, accept, ask_back, clean, reject
from .species import ALL_NAMES

SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
EXAMPLES = {"subject_id": "'m042' or 'mouse-042'", "session_id": "'s01' or '2024-03-05-a'", "cell_id": "'cell_03'"}
# Words that mean "no value" rather than an id.
# "subject id: m042", "mouse m042", "ID #42": the label before the id is not part of it.
_LABEL = re.compile(r"^(?:(?:subject|session|animal|mouse|rat)(?:[\s_]*id)?|id)(?:\s*[:#=]\s*|\s+)", re.I)
# "mouse 7 of cage C": the number is only unique within its cage, so "7" alone is not the id.
_WITHIN_GROUP = re.compile(
    r"^(?:(?P<kind>[A-Za-z]+)\s*#?\s*)?(?P<number>[A-Za-z]*\d[\w\-]*|[A-Z]\w*)(?:(?:\s+(?:of|from|in)\s+(?:the\s+)?|\s*,\s*|\s*\(\s*)"
    r"(?P<group>cage|litter|box|group|cohort|batch|pair|colony)\s*#?\s*(?P<name>[\w\-]+)\)?"
    r"|\s+(?:of|from|in)\s+(?:the\s+)?(?P<name_first>[\w\-]+)\s+(?P<group_after>cage|litter|box|group|cohort|batch|pair|colony))$",
    re.I,
)
PLACEHOLDERS = {"unknown", "none", "na", "n-a", "null", "subject", "subject_001", "test", "tbd", "id"}


def normalize_identifier(field: str, text: str) -> RuleResult:
    raw = clean(text)
    value = _LABEL.sub("", raw) or raw
    value = value.lstrip("#").strip()
    example = EXAMPLES.get(field, "'abc-01'")
    if not value:
        return reject(field, f"The {field.replace('_', ' ')} is empty.", example)
    if value.lower() in PLACEHOLDERS:
        return reject(field, f"'{value}' is a placeholder, not an identifier.", example)
    grouped = _WITHIN_GROUP.fullmatch(raw)
    if grouped:
        kind = (grouped.group("kind") or "").lower()
        group = (grouped.group("group") or grouped.group("group_after")).lower()
        proposal = f"{kind}{grouped.group('number')}-{group}{grouped.group('name') or grouped.group('name_first')}"
        return ask_back(
            field,
            f"Is the ID '{proposal}'? ('{raw}' names the animal within its {group}; an ID is one word without spaces.)",
            [ValueProposal(value=proposal, label=proposal)],
            example,
        )
    if field == "subject_id" and value.lower() in ALL_NAMES:
        # "mouse" answers which species, not which animal: the id must still be asked.
        return reject(field, species_is_not_an_id(value), example)
    if not SAFE_ID.fullmatch(value):
        if re.fullmatch(r"[A-Za-z0-9_.\- ]{1,64}", value) and " " in value:
            suggestion = re.sub(r"\s+", "-", value)
            return ask_back(
                field,
                f"Is the ID '{suggestion}'? ('{value}' contains spaces, which DANDI file names cannot hold.)",
                [ValueProposal(value=suggestion, label=suggestion)],
                f"'{suggestion}'",
            )
        return reject(
            field,
            f"'{value}' must be 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit.",
            example,
        )
    note = "" if value == raw else f"Identifier taken from '{raw}': {value}."
    return accept(field, value, note)


def species_is_not_an_id(said: str) -> str:
    return f"'{said}' names the species, not this animal's own ID (as in your lab records)."


def normalize_subject_id(text: str) -> RuleResult:
    return normalize_identifier("subject_id", text)


def normalize_session_id(text: str) -> RuleResult:
    return normalize_identifier("session_id", text)


def normalize_cell_id(text: str) -> RuleResult:
    return normalize_identifier("cell_id", text)
