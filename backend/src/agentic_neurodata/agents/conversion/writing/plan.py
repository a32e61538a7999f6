"""What one conversion is made of, in the terms of NeuroConv's YAML conversion specification.

NeuroConv's `neuroconv` command builds an NWBConverter from named data interfaces, each given by
its class name in `neuroconv.datainterfaces` and its source arguments. We convert through exactly
that construction whenever the detected reader can be expressed that way, so the specification we
write beside the NWB file re-runs the very same conversion:

- a data interface: one stream, itself;
- a converter that only picks its interfaces in `__init__` (SpikeGLXConverterPipe, IntanConverter):
  one stream per interface, each rebuilt from its own arguments and checked to give the same
  metadata as the converter's own instance.

A converter with its own metadata or writing code (OpenEphysBinaryConverter, the Axon intracellular
converter) cannot be written as a specification: it is converted as itself and `reproducible` says
why not. Streams are what the corrections leave out (empty streams, empty event tables).

A session of several readers (detection's `streams`: raw data, a sorting, a trials table) is one plan:
each reader's streams side by side, named so none collide (detection's member_names), with the links
of sortings to their recordings and the time offsets detection decided (composed.py builds them).
"""

from __future__ import annotations

import copy
import inspect
import json
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

from ....domain import SessionStream, StreamKind
from ..detection import get_class, instantiate, is_converter, member_names

# Methods a converter may define and still be nothing more than its interfaces.
_PIPE_METHODS = {"__init__", "get_source_schema", "get_streams", "get_stream_names"}
_NOT_ARGUMENTS = {"self", "args", "kwargs", "verbose"}


@dataclass(frozen=True)
class Stream:
    name: str  # the converter's key (e.g. "imec0.ap"), or the interface's class name
    interface: str  # class name in neuroconv.datainterfaces
    source_data: dict[str, Any]
    part: str = ""  # the session stream (detection's name) it belongs to
    whole: bool = False  # a converter with its own code, written as itself (no specification can name it)


@dataclass(frozen=True)
class Link:
    """A sorting whose units are written linked to a recording's electrodes (SortedRecordingConverter)."""

    sorting: str
    recording: str


@dataclass(frozen=True)
class ConversionPlan:
    detected: str  # the reader detection chose
    source_data: dict[str, Any]  # its arguments
    streams: tuple[Stream, ...] = ()  # empty when the detected converter is used as itself
    why_not_reproducible: str | None = None
    left_out: tuple[str, ...] = field(default=())
    links: tuple[Link, ...] = ()
    # Seconds added to a stream's times to put it on the session's clock (NeuroConv's set_aligned_starting_time).
    offsets: tuple[tuple[str, float], ...] = ()
    # ElectricalSeries names for streams that would otherwise write the same one (by their metadata_key).
    series_names: tuple[tuple[str, str], ...] = ()
    # The session as detection composed it, when it has more than one stream.
    session: tuple[SessionStream, ...] = ()

    @property
    def reproducible(self) -> bool:
        return bool(self.streams) and self.why_not_reproducible is None and not any(s.whole for s in self.streams)

    def without(self, names: set[str]) -> ConversionPlan:
        kept = tuple(s for s in self.streams if s.name not in names)
        return replace(self, streams=kept, left_out=self.left_out + tuple(sorted(names)))

    def replacing(self, stream: Stream) -> ConversionPlan:
        return replace(self, streams=tuple(stream if s.name == stream.name else s for s in self.streams))


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _argument_candidates(interface: Any) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """The arguments `interface` recorded (source_data), and further ones read from attributes of the
    same name as its parameters (some interfaces do not record every argument, e.g. SpikeGLX's stream_id)."""
    parameters = inspect.signature(type(interface).__init__).parameters
    recorded = dict(getattr(interface, "source_data", {}) or {})
    base: dict[str, Any] = {}
    extras: list[tuple[str, Any]] = []
    for name, parameter in parameters.items():
        if name in _NOT_ARGUMENTS or parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        from_attribute = name not in recorded
        value = getattr(interface, name, None) if from_attribute else recorded[name]
        if value is None or (from_attribute and value == parameter.default):
            continue
        if hasattr(value, "__fspath__"):
            value = str(value)
        if not isinstance(value, (str, int, float, bool, list, dict)):
            continue
        (extras.append((name, value)) if from_attribute else base.__setitem__(name, value))
    return _jsonable(base), _jsonable(extras)


def _comparable_metadata(instance: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        metadata = _jsonable(instance.get_metadata())
    metadata.get("NWBFile", {}).pop("identifier", None)  # a fresh UUID each time
    return metadata


def _rebuild_arguments(member: Any) -> dict[str, Any] | None:
    """The fewest arguments that rebuild `member` with the same metadata, or None."""
    base, extras = _argument_candidates(member)
    wanted = _comparable_metadata(member)
    arguments = dict(base)
    for extra in [None, *extras]:
        if extra is not None:
            arguments[extra[0]] = extra[1]
        try:
            rebuilt, _ = instantiate(type(member), arguments)
        except Exception:  # noqa: BLE001 - these arguments are not enough yet
            continue
        if _comparable_metadata(rebuilt) == wanted:
            return arguments
    return None


def make_plan(interface: str, source_data: dict[str, Any], instance: Any | None = None) -> ConversionPlan:
    """The plan for a detected reader (opened here unless `instance` is given)."""
    cls = get_class(interface)
    plan = ConversionPlan(detected=interface, source_data=copy.deepcopy(source_data))
    if not is_converter(cls):
        return replace(plan, streams=(Stream(interface, interface, _jsonable(source_data)),))
    own = {
        name
        for klass in cls.__mro__
        if klass.__module__.startswith("neuroconv.datainterfaces")
        for name in vars(klass)
        if callable(vars(klass)[name]) or isinstance(vars(klass)[name], classmethod)
    }
    extra = sorted(own - _PIPE_METHODS)
    if extra:
        return replace(
            plan,
            why_not_reproducible=(
                f"{interface} has its own conversion code ({', '.join(extra)}), which NeuroConv's YAML "
                "specification cannot name (it lists data interfaces only)"
            ),
        )
    if instance is None:
        instance, _ = instantiate(cls, source_data)
    import neuroconv.datainterfaces as interfaces

    streams = []
    for name, member in instance.data_interface_objects.items():
        class_name = type(member).__name__
        if getattr(interfaces, class_name, None) is not type(member):
            return replace(plan, why_not_reproducible=f"{class_name} is not a public NeuroConv data interface")
        arguments = _rebuild_arguments(member)
        if arguments is None:
            return replace(
                plan, why_not_reproducible=(f"{class_name} ({name}) cannot be rebuilt from its arguments alone")
            )
        streams.append(Stream(name, class_name, arguments))
    return replace(plan, streams=tuple(streams))


def make_session_plan(session: list[SessionStream]) -> ConversionPlan:
    """The plan of a session of several readers: each reader's own plan, side by side (see the module)."""
    parts = [(stream, make_plan(stream.interface, stream.source_data)) for stream in session]
    whole = [(stream, sub) for stream, sub in parts if not sub.streams]
    expanded = {stream.name: is_converter(get_class(stream.interface)) and bool(sub.streams) for stream, sub in parts}
    names = member_names([(s.name, expanded[s.name], [m.name for m in sub.streams] or [s.name]) for s, sub in parts])
    streams: list[Stream] = []
    for stream, sub in parts:
        if not sub.streams:
            streams.append(Stream(stream.name, stream.interface, _jsonable(stream.source_data), stream.name, True))
            continue
        streams += [replace(m, name=names[(stream.name, m.name)], part=stream.name) for m in sub.streams]
    known = {s.name for s in streams}
    links = tuple(
        Link(sorting=s.name, recording=s.link.recording)
        for s in session
        if s.link is not None and s.link.linked and s.link.recording in known
    )
    offsets = tuple(
        (member.name, float(part.start_offset_s))
        for part in session
        if part.kind == StreamKind.RECORDING and part.start_offset_s
        for member in streams
        if member.part == part.name
    )
    why = "; ".join(f"{s.name}: {sub.why_not_reproducible}" for s, sub in whole if sub.why_not_reproducible)
    return ConversionPlan(
        detected=session[0].interface,
        source_data=copy.deepcopy(session[0].source_data),
        streams=tuple(streams),
        why_not_reproducible=why or None,
        links=links,
        offsets=offsets,
        session=tuple(session),
    )


def stream_class(stream: Stream) -> type[Any]:
    """The class of a plan stream: a data interface as NeuroConv's specification names it, or a converter
    written as itself."""
    if stream.whole:
        return get_class(stream.interface)
    import neuroconv.datainterfaces as interfaces

    return getattr(interfaces, stream.interface)


def build_converter(plan: ConversionPlan) -> Any:
    """An NWBConverter made the way `neuroconv` makes one from a YAML specification, or the
    detected converter itself when the plan is not reproducible; a session's links and offsets are
    applied to it (composed.py)."""
    if not plan.streams:
        instance, _ = instantiate(get_class(plan.detected), plan.source_data)
        return instance
    from neuroconv import NWBConverter

    from .composed import compose_session

    classes = {s.name: stream_class(s) for s in plan.streams}
    converter_class = type("SpecificationConverter", (NWBConverter,), {"data_interface_classes": classes})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        flat = converter_class(source_data={s.name: copy.deepcopy(s.source_data) for s in plan.streams})
    return compose_session(flat, plan) if plan.session else flat


def stream_interfaces(converter: Any) -> dict[str, Any]:
    """Each plan stream's interface, also those inside a session's linked pairs (composed.py)."""
    return dict(getattr(converter, "stream_interfaces", None) or getattr(converter, "data_interface_objects", {}))
