"""A session of several readers as one converter: the streams of the plan side by side, each sorting
that detection matched to a recording wrapped with it in NeuroConv's SortedRecordingConverter (its
units linked to that recording's electrodes, its spike times on the recording's clock), recordings
that started later shifted to the session's clock with NeuroConv's set_aligned_starting_time, and
recordings that would write the same ElectricalSeries name given names of their own. Imported only
where NeuroConv is (plan.build_converter).

NeuroConv's SortedSpikeGLXConverter takes a whole SpikeGLXConverterPipe; our plan writes SpikeGLX's
streams one by one (so streams can be left out and the specification names each), so the AP stream
and its sorting go through SortedRecordingConverter, which SortedSpikeGLXConverter uses itself.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any

from neuroconv import ConverterPipe
from neuroconv.converters import SortedRecordingConverter

from ..detection import distinct_series, unit_ids_to_channel_ids
from .plan import ConversionPlan


def _distinct_series(plan: ConversionPlan, interfaces: dict[str, Any]) -> ConversionPlan:
    """Recordings that would write one ElectricalSeries name twice get names of their own (the same
    detection proved the session with), and the plan says the specification cannot give them."""
    renamed = distinct_series(interfaces)
    if not renamed:
        return plan
    why = "two recordings would write ElectricalSeries of the same name; NeuroConv's specification cannot rename them"
    reasons = [w for w in (plan.why_not_reproducible, why) if w]
    return replace(
        plan,
        series_names=tuple({**dict(plan.series_names), **renamed}.items()),
        why_not_reproducible="; ".join(dict.fromkeys(reasons)),
    )


def compose_session(flat: Any, plan: ConversionPlan) -> Any:
    """The session's converter (a ConverterPipe): links, offsets and names applied to `flat`'s interfaces."""
    interfaces: dict[str, Any] = dict(flat.data_interface_objects)
    notes: list[str] = []
    session_plan = _distinct_series(plan, interfaces)
    for name, offset in plan.offsets:
        interface = interfaces.get(name)
        if interface is not None and hasattr(interface, "set_aligned_starting_time"):
            interface.set_aligned_starting_time(offset)
            notes.append(f"{name} written {offset:g} s after the session start: it started that much later.")
    linked: dict[str, Any] = {}
    sortings: set[str] = set()
    for link in plan.links:
        recording, sorting = interfaces[link.recording], interfaces[link.sorting]
        try:
            mapping = unit_ids_to_channel_ids(sorting, recording)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sorting.register_recording(recording)  # spike times on the recording's clock
                linked[link.recording] = SortedRecordingConverter(
                    recording_interface=recording, sorting_interface=sorting, unit_ids_to_channel_ids=mapping
                )
        except (ValueError, KeyError) as exc:
            notes.append(f"The units of {link.sorting} were not linked to {link.recording}'s electrodes: {exc}.")
            continue
        sortings.add(link.sorting)
        notes.append(
            f"The units of {link.sorting} are linked to the electrodes of {link.recording} "
            "(NeuroConv's SortedRecordingConverter), their spike times on its clock."
        )
    children = {name: linked.get(name, interface) for name, interface in interfaces.items() if name not in sortings}
    return SessionConverter(children, interfaces, replace(session_plan, links=_kept(plan, sortings)), notes)


def _kept(plan: ConversionPlan, sortings: set[str]) -> tuple[Any, ...]:
    return tuple(link for link in plan.links if link.sorting in sortings)


class SessionConverter(ConverterPipe):
    """The streams of one session; `stream_interfaces` names each plan stream's interface (also those
    inside a linked pair), `plan` is the plan as built (names given), `notes` say what was done."""

    def __init__(
        self, children: dict[str, Any], stream_interfaces: dict[str, Any], plan: ConversionPlan, notes: list[str]
    ) -> None:
        super().__init__(data_interfaces=children)
        self.stream_interfaces = stream_interfaces
        self.plan = plan
        self.notes = notes
