"""Conversion options the conversation agent asks for as automatic fixes, and the streams they leave out.

Each option that changes the output adds a note in plain words, so the fix can be listed as an
auto-fix (docs/architecture.md: no silent defaults).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....errors import BadInputError
from ..detection import total_samples
from .codec import CODECS
from .plan import ConversionPlan, Stream, build_converter, stream_interfaces

COMPONENT = "conversion_agent"
OPTIONS: dict[str, str] = {
    "skip_empty_streams": "true/false: streams with no samples are left out",
    "drop_empty_tables": "true/false: digital lines that never change (empty event tables) are left out",
    "drop_empty_strings": "true/false: optional metadata given as empty text is left out",
    "compression": f"one of {', '.join(CODECS)}: the codec of the large datasets",
}
# Digital words are scanned in blocks of this many samples (a 2-byte word: 2 MB per block).
SCAN_BLOCK = 1 << 20


def validate_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Known options with checked values; BadInputError lists the known ones for anything else."""
    checked: dict[str, Any] = {}
    for key, value in (options or {}).items():
        if key not in OPTIONS:
            raise BadInputError(
                f"Unknown conversion option {key!r}. Known options: {', '.join(OPTIONS)}.",
                component=COMPONENT,
                details={"option": key, "known": OPTIONS},
            )
        if key == "compression":
            if value not in CODECS:
                raise BadInputError(
                    f"compression must be one of {', '.join(CODECS)}, not {value!r}.",
                    component=COMPONENT,
                    details={"option": key, "example": "gzip"},
                )
        elif not isinstance(value, bool):
            raise BadInputError(
                f"{key} must be true or false, not {value!r}.",
                component=COMPONENT,
                details={"option": key, "example": True},
            )
        checked[key] = value
    return checked


def _recording(converter: Any, name: str) -> Any:
    return getattr(stream_interfaces(converter)[name], "recording_extractor", None)


def _skip_empty_streams(plan: ConversionPlan, converter: Any, notes: list[str]) -> ConversionPlan:
    empty = {
        s.name for s in plan.streams if (rec := _recording(converter, s.name)) is not None and total_samples(rec) == 0
    }
    if not empty:
        return plan
    if empty == {s.name for s in plan.streams}:
        raise BadInputError(
            "Every stream of the recording is empty (no samples): there is nothing to convert.",
            component=COMPONENT,
            details={"empty_streams": sorted(empty)},
        )
    notes.append(f"Left out {', '.join(sorted(empty))}: {'it holds' if len(empty) == 1 else 'they hold'} no samples.")
    return plan.without(empty)


def changing_bits(recording: Any, channel_id: str) -> list[int]:
    """The bits of a packed digital word that change at least once (read in bounded blocks, every piece)."""
    first: int | None = None
    changed = 0
    for segment in range(recording.get_num_segments()):
        total = recording.get_num_samples(segment_index=segment)
        for start in range(0, total, SCAN_BLOCK):
            block = np.ravel(
                recording.get_traces(
                    channel_ids=[channel_id],
                    start_frame=start,
                    end_frame=min(total, start + SCAN_BLOCK),
                    segment_index=segment,
                )
            )
            words = block.astype(np.int64) & 0xFFFF
            if first is None and words.size:
                first = int(words[0])
            if first is not None:
                changed |= int(np.bitwise_or.reduce(words ^ first))
    return [bit for bit in range(16) if changed >> bit & 1]


def _event_types(interface: Any) -> list[str]:
    """The event types the interface would write by default, as its own metadata names them."""
    events = interface.get_metadata().get("Events", {})
    return [name for section in events.values() if isinstance(section, dict) for name in section.get("event_types", {})]


def _quiet_lines_left_out(stream: Stream, converter: Any) -> tuple[Stream, int, int] | None:
    """For a board whose digital lines become event tables (NeuroConv's `detection_configuration`,
    e.g. SpikeGLX NIDQ): the stream configured with only the lines that change, how many lines it
    keeps and how many it had. None when nothing would be left out."""
    interface = stream_interfaces(converter)[stream.name]
    accepts = "detection_configuration" in interface.get_source_schema().get("properties", {})
    recording = getattr(interface, "recording_extractor", None)
    if not accepts or recording is None or "detection_configuration" in stream.source_data:
        return None
    words = [str(c) for c in recording.get_channel_ids() if str(c).split("#")[-1].startswith("XD")]
    default = _event_types(interface)
    configuration: dict[str, list[dict[str, Any]]] = {}
    for channel_id in words:
        active = changing_bits(recording, channel_id)
        if active:
            configuration[channel_id.split("#")[-1]] = [
                {"signal_conditioning": {"bits": [bit]}, "detection": "high_period"} for bit in active
            ]
    kept = sum(len(specs) for specs in configuration.values())
    if not words or kept >= len(default):
        return None
    # `{}` is NeuroConv's documented "no events" value: the analog channels are still written.
    source = {**stream.source_data, "detection_configuration": configuration}
    return Stream(stream.name, stream.interface, source), kept, len(default)


def _drop_empty_tables(plan: ConversionPlan, converter: Any, notes: list[str]) -> ConversionPlan:
    for stream in plan.streams:
        found = _quiet_lines_left_out(stream, converter)
        if found is None:
            continue
        replacement, kept, total = found
        plan = plan.replacing(replacement)
        notes.append(
            f"Left out {total - kept} of the {total} digital lines of {stream.name}: they never change, so "
            "each would have been an empty event table"
            + (f"; the {kept} that change are kept as events." if kept else ".")
        )
    return plan


def correct_plan(
    plan: ConversionPlan, converter: Any, options: dict[str, Any]
) -> tuple[ConversionPlan, Any, list[str]]:
    """Apply the stream options; returns the plan, its converter (rebuilt when the plan changed) and notes."""
    notes: list[str] = []
    wanted = options.get("skip_empty_streams") or options.get("drop_empty_tables")
    if not wanted:
        return plan, converter, notes
    if not plan.reproducible:
        notes.append(f"Streams could not be left out: {plan.why_not_reproducible}.")
        return plan, converter, notes
    corrected = plan
    if options.get("skip_empty_streams"):
        corrected = _skip_empty_streams(corrected, converter, notes)
    if options.get("drop_empty_tables"):
        corrected = _drop_empty_tables(corrected, converter, notes)
    return (corrected, build_converter(corrected) if corrected != plan else converter, notes)
