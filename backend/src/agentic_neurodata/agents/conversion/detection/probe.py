"""Open one candidate under a time bound and prove it reads: metadata plus an in-memory stub NWB file.

Instantiation alone false-positives (some readers accept almost any file); a stub file built from
the reader's own metadata does not. A hung reader cannot hang the service: each probe runs on a
daemon thread and is abandoned when its time is up.
"""

from __future__ import annotations

import copy
import re
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from .facts import ReaderFacts, read_facts, total_samples
from .options import conversion_options, create_nwbfile, interfaces_of

T = TypeVar("T")
# Only for the in-memory stub, never written: the real start time comes from the file or the user.
STUB_START_TIME = datetime(2000, 1, 1, tzinfo=UTC)


class ProbeTimeout(Exception):
    pass


class EmptyRecording(ValueError):
    pass


def call_with_timeout(func: Callable[[], T], timeout_s: float, name: str) -> T:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = func()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc

    worker = threading.Thread(target=target, name=f"probe-{name}", daemon=True)
    worker.start()
    worker.join(timeout_s)
    if worker.is_alive():
        raise ProbeTimeout(f"{name} did not answer within {timeout_s:g} s (DETECTION_TIMEOUT_S)")
    if "error" in box:
        raise box["error"]
    return box["value"]


@dataclass
class Outcome:
    ok: bool
    error: str | None = None
    concrete: str = ""
    deprecated: bool = False
    conversion_options: dict[str, Any] = field(default_factory=dict)
    # What the reader says about its streams (kind, channels, pieces, units): composing a session needs it.
    facts: ReaderFacts = field(default_factory=ReaderFacts)


# Python's object notation in a reader's error says nothing to a person: "<class 'pynwb.base.TimeSeries'>
# 'X' at 0x7f..." is the TimeSeries 'X'.
_CLASS_REPR = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def describe_error(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = _ADDRESS.sub("", _CLASS_REPR.sub(r"\1", text))
    return f"{type(exc).__name__}: {text[:300]}" if text else type(exc).__name__


def instantiate(cls: type[Any], source_data: dict[str, Any]) -> tuple[Any, bool]:
    """The reader, and whether it announced itself deprecated."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        instance = cls(**source_data)
    deprecated = any("deprecated" in str(w.message).lower() and cls.__name__ in str(w.message) for w in caught)
    return instance, deprecated


def check_not_empty(instance: Any) -> None:
    for name, interface in interfaces_of(instance).items():
        recording = getattr(interface, "recording_extractor", None)
        # Summed over the pieces of a recording that was paused and resumed (neo segments).
        if recording is not None and total_samples(recording) == 0:
            raise EmptyRecording(f"{name} holds no samples (its data file is empty)")


def _validate(cls: type[Any], source_data: dict[str, Any]) -> Outcome:
    instance, deprecated = instantiate(cls, source_data)
    check_not_empty(instance)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        metadata = copy.deepcopy(instance.get_metadata())
        facts = read_facts(instance, metadata)
        metadata.setdefault("NWBFile", {})
        if not metadata["NWBFile"].get("session_start_time"):
            metadata["NWBFile"]["session_start_time"] = STUB_START_TIME
        create_nwbfile(instance, metadata, conversion_options(instance, stub=True))
    return Outcome(
        ok=True,
        concrete=type(instance).__name__,
        deprecated=deprecated,
        conversion_options=conversion_options(instance),
        facts=facts,
    )


def validate(cls: type[Any], source_data: dict[str, Any], timeout_s: float) -> Outcome:
    try:
        return call_with_timeout(lambda: _validate(cls, source_data), timeout_s, cls.__name__)
    except Exception as exc:  # noqa: BLE001 - every reader failure is a result, not a crash
        return Outcome(ok=False, error=describe_error(exc))


def list_streams(cls: type[Any], path_key: str, value: Any, timeout_s: float) -> list[str]:
    def read() -> list[str]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return [str(s) for s in cls.get_stream_names(**{path_key: value})]

    try:
        return call_with_timeout(read, timeout_s, f"{cls.__name__}.get_stream_names")
    except Exception:  # noqa: BLE001 - no listing: the candidate is probed without a stream
        return []
