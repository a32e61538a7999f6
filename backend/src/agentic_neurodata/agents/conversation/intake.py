"""Metadata intake before conversion: what the user gave, what the files know, what is missing.

Policy (docs/architecture.md, "One session, start to end"): required fields are asked before
converting, in at most two rounds; fields the user declines are remembered and never asked
again; "just convert it" (minimal mode) asks nothing. A value is never invented: what the user
did not give stays missing and evaluation reports the gap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...domain import FieldRequest, ValueConfirmation
from ...metadata.fields import FieldSpec, field_requests, get_field, missing_fields, validate_field, validate_fields
from ...metadata.object_fields import split_key
from ...metadata.result import clean

MAX_ROUNDS = 2
START_TIME = "session_start_time"
FREE_TEXT_LIMIT = 1000


@dataclass
class Intake:
    """The result of checking a batch of values against the rules."""

    accepted: dict[str, Any] = field(default_factory=dict)
    rejected: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    # Values that may mean more than one thing ("monkey"): asked back, not stored.
    confirmations: list[ValueConfirmation] = field(default_factory=list)


def check_values(values: dict[str, Any], free_text_fields: tuple[str, ...] = ()) -> Intake:
    """Normalise and validate named values (form, upload, CLI, dialog). Names the rules do not
    know are refused with the list of known ones, except `free_text_fields` (fields a correction
    asked for that have no rule, e.g. a cell id): those are kept as plain text."""
    known: dict[str, Any] = {}
    intake = Intake()
    for name, value in values.items():
        if value in (None, "", []):
            continue
        if split_key(name) is not None:
            _check_for_object(name, value, intake)
        elif get_field(name) is not None:
            known[name] = value
        elif name in free_text_fields:
            text = clean(value)
            if text and len(text) <= FREE_TEXT_LIMIT:
                intake.accepted[name] = text
            else:
                intake.rejected[name] = f"Give a short text (at most {FREE_TEXT_LIMIT} characters)."
        else:
            intake.rejected[name] = (
                "This is not a metadata field the service knows. Known fields include "
                "subject_id, species, sex, age, session_description, session_start_time."
            )
    for name, value in known.items():
        result = validate_field(name, value)
        if result.ok:
            intake.accepted[result.field] = result.value
            for extra_name, extra_value in result.extra.items():
                intake.accepted.setdefault(extra_name, extra_value)
            if result.note:
                intake.notes.append(result.note)
        elif result.needs_confirmation:
            intake.confirmations.append(
                ValueConfirmation(
                    field=result.field, said=str(value), question=result.error, proposals=result.proposals
                )
            )
        else:
            intake.rejected[result.field] = result.message
    return intake


def _check_for_object(name: str, value: Any, intake: Intake) -> None:
    """A value for one object (`electrode_location[imec0]`) follows its field's rule, kept under its own name."""
    field_name, _ = split_key(name) or (name, "")
    if get_field(field_name) is None:  # a name or a column's description: plain text
        text = clean(value)
        if text and len(text) <= FREE_TEXT_LIMIT:
            intake.accepted[name] = text
        else:
            intake.rejected[name] = f"Give a short text (at most {FREE_TEXT_LIMIT} characters)."
        return
    accepted, rejected, notes = validate_fields({field_name: value})
    if field_name in accepted:
        intake.accepted[name] = accepted[field_name]
    else:
        intake.rejected[name] = rejected.get(field_name, f"Give a short text for {name}.")
    intake.notes.extend(notes)


def known_from_files(extracted: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """(values the files settle, partial values waiting for the user): a start time with its zone
    is settled; one without zone waits for the zone the user names."""
    start = extracted.get(START_TIME)
    if not start:
        return {}, {}
    if extracted.get("session_start_time_has_timezone"):
        return {START_TIME: start}, {}
    return {}, {START_TIME: start}


def effective_metadata(user: dict[str, Any], extracted: dict[str, Any]) -> dict[str, Any]:
    """What is known for the required-fields check: the files' facts under the user's answers."""
    settled, _ = known_from_files(extracted)
    return {**settled, **user}


def required_missing(metadata: dict[str, Any], declined: list[str]) -> list[FieldSpec]:
    return [spec for spec in missing_fields(metadata, declined) if spec.required]


def cannot_convert_without(metadata: dict[str, Any]) -> list[str]:
    """What is asked even in minimal mode or after two rounds: the session start time with its
    time zone. NWB cannot be written without a start time, and a time without zone would be
    silently put in the server's zone by PyNWB, so neither is ever guessed."""
    return [] if metadata.get(START_TIME) else [START_TIME]


def should_ask(metadata: dict[str, Any], declined: list[str], rounds_done: int, minimal: bool) -> bool:
    return not minimal and rounds_done < MAX_ROUNDS and bool(required_missing(metadata, declined))


def fields_to_ask(metadata: dict[str, Any], declined: list[str], round_number: int) -> list[FieldSpec]:
    """Required fields still missing; the first round also offers the recommended ones (optional)."""
    return missing_fields(metadata, declined, include_recommended=round_number <= 1)


def requests_for(specs: list[FieldSpec], partial: dict[str, str], rejected: dict[str, str]) -> list[FieldRequest]:
    """Field requests for the UI/API, saying what the files already told and why an answer was refused."""
    requests = field_requests(spec.name for spec in specs)
    for request in requests:
        if request.name == START_TIME and partial.get(START_TIME):
            request.description = (
                f"The files say the recording started at {partial[START_TIME]} but not in which "
                "time zone. Give the zone (e.g. EST or Europe/Paris) or the full time with it."
            )
            request.suggested = partial[START_TIME]  # forms pre-fill the clock time; only the zone is chosen
        if request.name in rejected:
            request.description = f"{request.description} (Your last answer was not used: {rejected[request.name]})"
    return requests
