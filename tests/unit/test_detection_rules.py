"""The rules detection is built from: suffix normalisation, inventory, option identity, answers."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from agentic_neurodata.agents.conversion.detection import choice
from agentic_neurodata.agents.conversion.detection.scan import scan, suffix_tokens
from agentic_neurodata.agents.conversion.detection.suffixes import normalise
from agentic_neurodata.agents.conversion.writing.inputs import changes, fingerprint, is_storage_problem, source_files
from agentic_neurodata.domain import DetectionResult, FieldRequest, FormatCandidate
from agentic_neurodata.errors import BadInputError


def test_declared_suffixes_are_normalised() -> None:
    exact, numbered = normalise(
        [".imec{probe_index}", "csv", "Tbk", ".res.*", "None", "electrophysiology", "spike sorting", ".BIN"]
    )
    assert exact == {".csv", ".tbk", ".res", ".bin"}
    assert numbered == {".imec"}


def test_suffix_tokens_and_hidden_files(tmp_path: Path) -> None:
    assert suffix_tokens("run_g0_t0.imec0.ap.bin") == (".imec0", ".ap", ".bin")
    assert suffix_tokens("Record Node 101.settings") == (".settings",)
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.bin").write_bytes(b"12")
    (tmp_path / ".DS_Store").write_bytes(b"junk")
    (tmp_path / "empty.dat").write_bytes(b"")
    inventory = scan(tmp_path)
    assert [f.relative for f in inventory.files] == ["a/x.bin", "empty.dat"]
    assert inventory.total_bytes == 2 and [f.relative for f in inventory.empty_files] == ["empty.dat"]


def _options() -> DetectionResult:
    rate = FieldRequest(name="sampling_frequency", example="25000")
    channels = FieldRequest(name="num_channels", example="64")
    return DetectionResult(
        interface="WhiteMatterRecordingInterface",
        needs_choice=True,
        choice_id="WhiteMatterRecordingInterface",
        alternatives=[
            FormatCandidate(
                interface="WhiteMatterRecordingInterface",
                choice_id="WhiteMatterRecordingInterface",
                source_data={"file_path": "/nowhere.bin"},
                questions=[rate, channels],
            ),
            FormatCandidate(
                interface="OpenEphysBinaryRecordingInterface",
                choice_id="OpenEphysBinaryRecordingInterface#A",
                stream="A",
            ),
            FormatCandidate(
                interface="OpenEphysBinaryRecordingInterface",
                choice_id="OpenEphysBinaryRecordingInterface#B",
                stream="B",
            ),
        ],
    )


@pytest.mark.parametrize(
    "pick,arguments,expected",
    [
        ("Spike2RecordingInterface", {}, "is not one of the offered options"),
        ("OpenEphysBinaryRecordingInterface", {}, "offered more than once"),
        (None, {}, "Choose one of"),
        ("WhiteMatterRecordingInterface", {"sampling_frequency": "-5", "num_channels": 4}, "positive number"),
        ("WhiteMatterRecordingInterface", {"sampling_frequency": "abc", "num_channels": 4}, "positive number"),
        ("WhiteMatterRecordingInterface", {"sampling_frequency": 30000, "num_channels": 2.5}, "positive whole number"),
        ("WhiteMatterRecordingInterface", {"sampling_frequency": 30000}, "Still needed: num_channels"),
        (
            "WhiteMatterRecordingInterface",
            {"sampling_frequency": 1, "num_channels": 1, "gain": 2},
            "does not take gain",
        ),
    ],
)
def test_bad_answers_are_refused_with_a_specific_message_and_an_example(pick, arguments, expected) -> None:
    with pytest.raises(BadInputError) as caught:
        choice.complete(_options(), pick, arguments, timeout_s=5)
    assert expected in caught.value.message
    assert "example" in caught.value.details


def test_an_option_listed_among_enum_values_is_matched_case_insensitively() -> None:
    assert choice._coerce("mode", "Current_Clamp", str, ["voltage_clamp", "current_clamp"], None) == "current_clamp"
    with pytest.raises(BadInputError, match="must be one of voltage_clamp, current_clamp"):
        choice._coerce("mode", "patch", str, ["voltage_clamp", "current_clamp"], None)


def test_inputs_guard_sees_vanished_and_changed_files(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    folder.mkdir()
    (folder / "a.bin").write_bytes(b"1234")
    (folder / "b.meta").write_text("x=1")
    files = source_files({"folder_path": str(folder), "stream_id": "imec0.ap"})
    before = fingerprint(files)
    (folder / "a.bin").unlink()
    (folder / "b.meta").write_text("x=12345")
    found = changes(before, fingerprint(files))
    assert any("a.bin vanished" in c for c in found) and any("b.meta changed" in c for c in found)


def test_storage_problems_are_recognised_however_wrapped() -> None:
    assert is_storage_problem(OSError(errno.ENOSPC, "No space left on device"))
    wrapped = RuntimeError("Can't write data")
    wrapped.__cause__ = OSError(errno.EFBIG, "File too large")
    assert is_storage_problem(wrapped)
    assert is_storage_problem(OSError("Can't synchronously write data (file write failed: errno = 28)"))
    assert not is_storage_problem(ValueError("bad header"))
