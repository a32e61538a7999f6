"""The metadata NeuroConv gets: what the reader knows, what the files say elsewhere, what the user
said (the user wins), with absolute times and, on request, without empty optional text."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from ....errors import BadInputError
from ....metadata.nwb_mapping import apply_user_metadata

# Text NWB requires: an empty value there is left for NeuroConv or the evaluation to report.
REQUIRED_TEXT = {"name", "identifier", "session_description", "session_start_time", "location"}


def _with_timezone(metadata: dict[str, Any], notes: list[str]) -> datetime:
    """Never let PyNWB put a naive start time in the server's zone: a time without zone that nobody
    completed is written as UTC, said so in the notes (logged and returned)."""
    nwbfile = metadata.setdefault("NWBFile", {})
    start = nwbfile.get("session_start_time")
    if isinstance(start, str):
        start = datetime.fromisoformat(start)
    if start is None:
        raise BadInputError(
            "The files do not record when the session started, and no session_start_time was "
            "given. Give it with its time zone, e.g. 2024-03-05T14:30:00-05:00.",
            details={"field": "session_start_time", "example": "2024-03-05T14:30:00-05:00"},
        )
    if start.tzinfo is None:
        start = start.replace(tzinfo=UTC)
        notes.append(
            f"The session start time {start:%Y-%m-%d %H:%M:%S} has no time zone in the files and none was "
            "given; it was written as UTC. Give session_start_time with its zone to correct it."
        )
    nwbfile["session_start_time"] = start
    return start


def _date_of_birth_in_zone(metadata: dict[str, Any], start: datetime) -> None:
    """A birth date (YYYY-MM-DD) becomes midnight of that day in the session's zone: NWB stores a
    date and time, and a naive one would take the server's zone."""
    subject = metadata.get("Subject") or {}
    born = subject.get("date_of_birth")
    if isinstance(born, str):
        born = datetime.fromisoformat(born) if "T" in born else date.fromisoformat(born)
    if isinstance(born, date) and not isinstance(born, datetime):
        born = datetime(born.year, born.month, born.day)
    if isinstance(born, datetime):
        subject["date_of_birth"] = born if born.tzinfo else born.replace(tzinfo=start.tzinfo)


def _drop_empty_text(node: Any, path: str, dropped: list[str]) -> Any:
    if isinstance(node, dict):
        kept = {}
        for key, value in node.items():
            if value == "" and key not in REQUIRED_TEXT:
                dropped.append(f"{path}{key}")
                continue
            kept[key] = _drop_empty_text(value, f"{path}{key}.", dropped)
        return kept
    if isinstance(node, list):
        if any(item == "" for item in node):
            dropped.append(path.rstrip("."))
        return [_drop_empty_text(item, path, dropped) for item in node if item != ""]
    return node


def final_metadata(
    reader_metadata: dict[str, Any],
    file_metadata: dict[str, Any],
    user_metadata: dict[str, Any],
    drop_empty_strings: bool = False,
) -> tuple[dict[str, Any], list[str]]:
    """The merged metadata and the notes saying what was decided on the user's behalf."""
    notes: list[str] = []
    metadata = apply_user_metadata(apply_user_metadata(reader_metadata, file_metadata), user_metadata)
    if drop_empty_strings:
        dropped: list[str] = []
        metadata = _drop_empty_text(metadata, "", dropped)
        if dropped:
            notes.append(
                f"Left out optional metadata given as empty text ({', '.join(dropped)}) instead of writing "
                "empty values."
            )
    start = _with_timezone(metadata, notes)
    _date_of_birth_in_zone(metadata, start)
    return metadata, notes
