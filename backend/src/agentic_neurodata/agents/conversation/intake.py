"""Metadata intake before conversion: what the user gave, what the files know, what is missing.

Policy (DESIGN.md): required fields are asked before converting, in at most two rounds; fields
the user declines are remembered and never asked again; "just convert it" (minimal mode) asks
nothing. A value is never invented: what the user did not give stays missing and evaluation
reports the gap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...metadata.fields import RECOMMENDED, FieldSpec, field_requests, get_field, missing_fields, validate_fields
from ...models import FieldRequest

MAX_ROUNDS = 2
START_TIME = "session_start_time"


@dataclass
class Intake:
    """The result of checking a batch of values against the rules."""

    accepted: dict[str, Any] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def check_values(values: dict[str, Any]) -> Intake:
    """Normalise and validate values given as fields (form, upload, CLI). Unknown names are kept
    apart so a lab script's typo is reported instead of silently dropped."""
    known = {k: v for k, v in values.items() if get_field(k) is not None and v not in (None, "", [])}
    unknown = sorted(k for k in values if get_field(k) is None)
    accepted, rejected, notes = validate_fields(known)
    return Intake(accepted=accepted, rejected=rejected, notes=notes, unknown=unknown)


def known_from_files(extracted: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Values the files settle (a start time with its zone) and partial ones waiting for the
    user (a start time without zone, to be completed by the zone the user names)."""
    start = extracted.get(START_TIME)
    if not start:
        return {}, {}
    if extracted.get("session_start_time_has_timezone"):
        return {START_TIME: start}, {}
    return {}, {START_TIME: start}


def fields_to_ask(metadata: dict[str, Any], declined: list[str], round_number: int) -> list[FieldSpec]:
    """Required fields still missing; the first round also offers the recommended ones."""
    missing = missing_fields(metadata, declined, include_recommended=round_number <= 1)
    return missing


def required_missing(metadata: dict[str, Any], declined: list[str]) -> list[FieldSpec]:
    return [spec for spec in missing_fields(metadata, declined) if spec.required]


def requests_for(specs: list[FieldSpec], partial: dict[str, str], rejected: dict[str, str]) -> list[FieldRequest]:
    """Field requests for the UI/API: say what the file already told us and why an answer was refused."""
    requests = field_requests(spec.name for spec in specs)
    for request in requests:
        if request.name == START_TIME and partial.get(START_TIME):
            request.description = (f"The files say the recording started at {partial[START_TIME]} but not in which "
                                   "time zone. Give the zone (e.g. EST, Europe/Paris) or the full time with it.")
        if request.name in rejected:
            request.description = f"{request.description} (Your last answer was not used: {rejected[request.name]})"
    return requests


def should_ask(metadata: dict[str, Any], declined: list[str], rounds_done: int, minimal: bool) -> bool:
    return not minimal and rounds_done < MAX_ROUNDS and bool(required_missing(metadata, declined))


def recommended_names() -> tuple[str, ...]:
    return RECOMMENDED
