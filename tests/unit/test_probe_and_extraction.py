"""A hung reader cannot hang detection; start times come from headers or folder names, zone or not."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from agentic_neurodata.agents.conversion.detection.extraction import _start_from_folders, stored_bit_depth
from agentic_neurodata.agents.conversion.detection.facts import as_datetime as _as_datetime
from agentic_neurodata.agents.conversion.detection.probe import (
    ProbeTimeout,
    call_with_timeout,
    describe_error,
    validate,
)
from agentic_neurodata.agents.conversion.writing.runner import WriteSettings


class HangingReader:
    """Stands for a reader stuck on a network share: it never returns within the bound."""

    def __init__(self, **source_data: object) -> None:
        time.sleep(30)


def test_a_hung_reader_is_abandoned_after_the_time_bound() -> None:
    started = time.perf_counter()
    outcome = validate(HangingReader, {"file_path": "x"}, timeout_s=0.3)
    assert time.perf_counter() - started < 5
    assert not outcome.ok and "did not answer within 0.3 s" in (outcome.error or "")
    with pytest.raises(ProbeTimeout):
        call_with_timeout(lambda: time.sleep(30), 0.1, "sleeper")


def test_errors_are_described_in_one_line() -> None:
    assert describe_error(KeyError("custom_channel_name")) == "KeyError: 'custom_channel_name'"
    assert describe_error(ValueError("first line\nsecond line")) == "ValueError: first line"
    assert describe_error(RuntimeError()) == "RuntimeError"
    # found uploading realdata's Intan folder: the reason shown to the person held Python object notation
    clash = ValueError(
        "Cannot add <class 'pynwb.base.TimeSeries'> 'TimeSeriesIntanAuxiliary' at 0x139765361250000 to dict "
        "attribute 'acquisition' in <class 'pynwb.file.NWBFile'> 'root'."
    )
    assert describe_error(clash) == (
        "ValueError: Cannot add TimeSeries 'TimeSeriesIntanAuxiliary' to dict attribute 'acquisition' "
        "in NWBFile 'root'."
    )
    assert call_with_timeout(lambda: 42, 1, "fast") == 42
    with pytest.raises(ZeroDivisionError):
        call_with_timeout(lambda: 1 / 0, 1, "broken")


def test_start_times_from_folder_names_and_headers() -> None:
    found = _start_from_folders({"folder_path": "/data/mouse1/2021-03-22_20-05-30/Record Node 101", "stream_name": "x"})
    assert found == datetime(2021, 3, 22, 20, 5, 30)
    assert _start_from_folders({"folder_path": "/data/no-date-here"}) is None
    assert _start_from_folders({"folder_path": "/data/2021-13-45_99-00-00"}) is None  # not a real date
    assert _as_datetime("2024-03-05T14:30:00-05:00").utcoffset().total_seconds() == -5 * 3600
    assert _as_datetime(datetime(2024, 1, 1, tzinfo=UTC)).tzinfo is UTC
    assert _as_datetime("not a date") is None and _as_datetime(None) is None


def _header(version: bytes, reserved: bytes = b"") -> bytes:
    return version.ljust(8) + b" " * 184 + reserved.ljust(44) + b" " * 20


@pytest.mark.parametrize(
    "name,header,expected",
    [
        ("a.bdf", _header(b"\xffBIOSEMI", b"BDF+C"), (24, "file header (BDF: 24-bit samples)")),
        ("a.bdf", _header(b"0", b"BDF+C"), (24, "file header (BDF: 24-bit samples)")),
        ("a.edf", _header(b"0", b"EDF+C"), (16, "file header (EDF: 16-bit samples)")),
        ("a.edf", _header(b"0", b"24BIT"), (24, "file header (BDF: 24-bit samples)")),
        ("a.rhd", _header(b"0", b"BDF+C"), (24, "file header (BDF: 24-bit samples)")),
        ("a.bin", _header(b"0"), None),  # "0" and spaces alone do not make an EDF file
        ("a.rhd", b"\xc6\x91\x2d\xc6" + b"\0" * 300, None),
    ],
)
def test_stored_bit_depth_comes_from_edf_family_headers(tmp_path: Path, name: str, header: bytes, expected) -> None:
    (tmp_path / name).write_bytes(header)
    assert stored_bit_depth({"file_path": str(tmp_path / name)}) == expected
    assert stored_bit_depth({"folder_path": str(tmp_path)}) is None


def test_write_threads_default_to_the_cores_this_process_may_use() -> None:
    settings = SimpleNamespace(compression="gzip", compression_level=3, conversion_threads=None, conversion_buffer_mb=8)
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert WriteSettings.from_settings(settings).threads == usable
    assert WriteSettings.from_settings(SimpleNamespace(**{**vars(settings), "conversion_threads": 3})).threads == 3
