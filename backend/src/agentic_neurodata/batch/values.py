"""The values of a batch: shared ones (asked once), each session's row of the table, and what the
files know. Checked with the same metadata rules as a single session; nothing is invented."""

from __future__ import annotations

import re
from typing import Any

from ..metadata.dates import START_FIELD, attach_zone, find_zone
from ..metadata.fields import get_field, missing_fields, validate_field, validate_fields
from ..metadata.result import RuleResult, clean
from .models import BatchSession

TIMEZONE = "timezone"
DANDISET_ID = "dandiset_id"
FORMAT = "format"
# Shared settings that are not metadata fields: the zone of start times the files give without one,
# and the Dandiset the outputs belong to (written as dandiset.yaml, which `dandi validate` needs).
BATCH_SETTINGS = {
    TIMEZONE: "Time zone of the recordings, for start times the files give without one (e.g. Europe/Paris)",
    DANDISET_ID: "Your Dandiset's identifier, e.g. 000123 (the output folder gets its dandiset.yaml)",
}
# A column of the sessions table that is not a metadata field: the reader, when detection offers a choice.
TABLE_ONLY = {
    FORMAT: "The answer to the session's detection question (one of its `choices`), or the only reader to try"
}
_DANDISET = re.compile(r"(?:DANDI:)?(\d{6})")


def start_time(value: Any, zone: str) -> RuleResult:
    """A start time; one typed without a time zone takes the batch's shared zone."""
    result = validate_field(START_FIELD, value)
    if not result.ok and result.partial and zone.strip():
        return attach_zone(result.partial, zone)
    return result


def check_value(name: str, value: Any, zone: str = "") -> str | None:
    """Why `value` is not usable for `name` (a metadata field, a batch setting or `format`), or None.
    `zone`: the batch's shared time zone, which completes a start time typed without one."""
    text = clean(value) if value is not None else ""
    if not text:
        return None
    if name == TIMEZONE:
        found = find_zone(text, bare_city=True)
        if found is None or isinstance(found, str):
            why = found if isinstance(found, str) else f"'{text}' is not a time zone I know."
            return why + " Example: Europe/Paris, EST or UTC+01:00"
        return None
    if name == DANDISET_ID:
        return None if _DANDISET.fullmatch(text) else "Give the Dandiset's six digits, e.g. 000123."
    if name == FORMAT:
        return None
    result = start_time(value, zone) if field_name(name) == START_FIELD else validate_field(name, value)
    return None if result.ok else result.message


def known_name(name: str, *, shared: bool) -> bool:
    if get_field(name) is not None:
        return True
    return name in (BATCH_SETTINGS if shared else TABLE_ONLY)


def field_name(name: str) -> str:
    """The canonical name of a column or key (aliases such as `subject` become `subject_id`)."""
    spec = get_field(name)
    return spec.name if spec else name


def session_metadata(shared: dict[str, str], session: BatchSession) -> dict[str, Any]:
    """The metadata one session converts with: its row over the shared values; a start time the files
    give without a zone gets the shared time zone (said by attach_zone's note, never guessed)."""
    values: dict[str, Any] = {k: v for k, v in shared.items() if k not in BATCH_SETTINGS and v.strip()}
    values.update({k: v for k, v in session.values.items() if k not in TABLE_ONLY and v.strip()})
    zone = shared.get(TIMEZONE, "").strip()
    if START_FIELD in values:
        typed = start_time(values[START_FIELD], zone)
        if typed.ok:
            values[START_FIELD] = typed.value
    elif session.start_time_from_files and not session.start_time_has_zone and zone:
        completed = attach_zone(session.start_time_from_files, zone)
        if completed.ok:
            values[START_FIELD] = completed.value
    return values


def missing_for(shared: dict[str, str], session: BatchSession) -> list[str]:
    """What this session still lacks before it can be converted, in the user's terms."""
    values = session_metadata(shared, session)
    accepted, rejected, _ = validate_fields(values)
    if session.start_time_from_files and session.start_time_has_zone:
        accepted.setdefault(START_FIELD, session.start_time_from_files)
    missing = [spec.name for spec in missing_fields(accepted) if spec.required]
    if START_FIELD in missing and session.start_time_from_files:
        missing[missing.index(START_FIELD)] = f"{TIMEZONE} (the files give {session.start_time_from_files}, no zone)"
    missing += [f"{name} ({why})" for name, why in rejected.items()]
    if session.choices and not session.values.get(FORMAT, "").strip():
        missing.append(f"{FORMAT} (one of {', '.join(session.choices)})")
    return missing
