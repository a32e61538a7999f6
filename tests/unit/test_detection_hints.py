"""Readers that need a value only the user knows are asked, not skipped; readers still skipped are
named in the failure; runner-ups stay visible beside a clear winner; cut-off file lists are said."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.agents.conversion.detection import candidates, choice
from agentic_neurodata.agents.conversion.detection.candidates import PATH_KEYS, STREAM_KEYS, family
from agentic_neurodata.agents.conversion.detection.detector import NOT_CHOSEN, detect
from agentic_neurodata.agents.conversion.detection.hints import ARGUMENT_HINTS, RECORDING_FAMILIES
from agentic_neurodata.agents.conversion.detection.registry import registry
from agentic_neurodata.errors import BadInputError, FormatDetectionError
from agentic_neurodata.sample_data.edf import write_sample_edf
from tests.support.paths import REALDATA
from tests.support.recordings import write_mda_firings

GENERIC = "No recording format NeuroConv reads was found"


def _number_only_classes() -> dict[str, set[str]]:
    """Recording readers whose only arguments beyond path and stream are numbers (rate, gain)."""
    found = {}
    for name, cls in registry().items():
        if family(cls) not in RECORDING_FAMILIES:
            continue
        try:
            schema = cls.get_source_schema()
        except Exception:  # noqa: BLE001 - converters built from other interfaces have none
            continue
        properties = schema.get("properties", {})
        path_key = next((k for k in PATH_KEYS if k in properties), None)
        extra = set(schema.get("required", [])) - {path_key, *STREAM_KEYS}
        if extra and all(properties[k].get("type") in ("number", "integer") for k in extra):
            found[name] = extra
    return found


def test_every_reader_needing_only_a_number_has_a_question_and_a_stand_in() -> None:
    needing = _number_only_classes()
    assert {"TdtRecordingInterface", "MdaSortingInterface", "XClustSortingInterface"} <= set(needing)
    for name, extra in needing.items():
        hint = ARGUMENT_HINTS.get(name)
        assert hint is not None, f"{name} needs {extra} but has no ArgumentHint: it would be skipped"
        assert {q.name for q in hint.questions} >= extra
        # A stand-in lets the files be proven readable (a headerless reader is offered without a probe).
        assert hint.headerless or set(hint.probe_values) >= extra
        assert all(hint.value_types[k] in (int, float) for k in extra)


def test_mda_sorting_becomes_a_question_with_a_validated_answer(tmp_path: Path) -> None:
    firings = write_mda_firings(tmp_path / "sorted" / "firings.mda")
    found = detect(firings.parent, timeout_s=30)
    assert found.interface == "MdaSortingInterface" and found.needs_choice
    assert [q.name for q in found.questions] == ["sampling_frequency"]
    assert found.questions[0].suggested is None  # the stand-in rate is never offered as the answer
    assert "sampling_frequency" not in found.source_data
    for bad, words in [("abc", "positive whole number"), ("30000.5", "positive whole number"), ("-1", "positive")]:
        with pytest.raises(BadInputError, match=words):
            choice.complete(found, None, {"sampling_frequency": bad}, timeout_s=30)
    with pytest.raises(BadInputError, match="Still needed: sampling_frequency"):
        choice.complete(found, None, {}, timeout_s=30)
    done = choice.complete(found, None, {"sampling_frequency": "30000"}, timeout_s=30)
    assert done.source_data["sampling_frequency"] == 30000 and not done.needs_choice


def test_tdt_named_files_reach_the_tdt_reader_and_get_its_complaint(tmp_path: Path) -> None:
    upload = tmp_path / "tank"
    upload.mkdir()
    for suffix in (".tev", ".tsq", ".tbk", ".tbx"):
        (upload / f"Block-1{suffix}").write_bytes(bytes(range(256)) * 8)
    with pytest.raises(FormatDetectionError) as caught:
        detect(upload, timeout_s=30)
    message = caught.value.message
    assert GENERIC not in message
    assert "TDT Recording (TdtRecordingInterface) could not read the upload folder" in message
    assert any(a["interface"] == "TdtRecordingInterface" for a in caught.value.details["attempts"])


def test_readers_still_skipped_are_named_with_what_they_need(tmp_path: Path) -> None:
    upload = tmp_path / "photometry"
    upload.mkdir()
    (upload / "session.doric").write_bytes(b"\x89HDF\r\n\x1a\n" + b"\0" * 64)
    with pytest.raises(FormatDetectionError) as caught:
        detect(upload, timeout_s=30)
    message = caught.value.message
    assert GENERIC not in message and message.startswith("No reader could be tried on these files: session.doric.")
    assert (
        "DoricFiberPhotometry (DoricFiberPhotometryInterface) matches session.doric by name but could not be "
        "tried: it needs stream_names, which detection cannot ask for."
    ) in message
    assert {
        "interface": "DoricFiberPhotometryInterface",
        "files": ["session.doric"],
        "reason": "it needs stream_names, which detection cannot ask for",
    } in caught.value.details["not_tried"]


def test_a_clear_winner_keeps_its_runner_ups_flagged_not_chosen(tmp_path: Path) -> None:
    write_sample_edf(tmp_path / "eeg")
    found = detect(tmp_path / "eeg", timeout_s=30)
    assert found.interface == "EDFRecordingInterface" and not found.needs_choice and found.confidence == 1.0
    assert [a.interface for a in found.alternatives] == ["EDFAnalogInterface"]
    runner_up = found.alternatives[0]
    assert runner_up.explanation.startswith(
        f"{NOT_CHOSEN} (EDFRecordingInterface is the usual reader for these files): "
        "EDF Analog (EDFAnalogInterface) reads"
    )
    # No answer means the winner; naming the runner-up still works and is validated.
    assert choice.complete(found, None, {}, timeout_s=30).interface == "EDFRecordingInterface"
    assert choice.complete(found, "EDFAnalogInterface", {}, timeout_s=30).interface == "EDFAnalogInterface"


def test_untried_files_of_a_file_reader_are_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    upload = tmp_path / "two"
    upload.mkdir()
    original = (REALDATA / "intan" / "example_intan_file.rhd").read_bytes()
    (upload / "a_big.rhd").write_bytes(original + b"")
    (upload / "b_small.rhd").write_bytes(original[: len(original) // 2])
    monkeypatch.setattr(candidates, "MAX_FILE_VARIANTS", 1)
    found = detect(upload, timeout_s=30)
    assert found.files == ["a_big.rhd"]
    assert "was tried on the 1 largest of 2 matching files; not tried: b_small.rhd" in found.explanation
