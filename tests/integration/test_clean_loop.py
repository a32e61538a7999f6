"""With every question answered, the correction loop ends with a clean file: on each real recording
in the shared folder and on the generated sample of every format the service writes.

All sessions run once, side by side in threads (each in its own runtime; the heavy steps run in child
processes), and each recording is then checked on its own. The summary printed at the end gives
every recording's time, versions and leftovers, and the run's wall time with the machine's load.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pynwb import NWBHDF5IO
from pypdf import PdfReader

from agentic_neurodata.agents.conversion.writing.runner import usable_cpus
from agentic_neurodata.contracts import conversation, conversion, evaluation
from agentic_neurodata.domain import OverallStatus
from agentic_neurodata.metadata.fields import FIELDS
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import SAMPLES, SampleSpec, write_sample_spikeglx
from agentic_neurodata.sample_data.spikeglx import probe_serial
from agentic_neurodata.state import ValidationStatus, WorkflowStatus
from tests.support.loop import ANSWERS, LoopOutcome, follow, run_loop
from tests.support.paths import REALDATA
from tests.support.settings import make_settings

pytestmark = pytest.mark.slow

# name -> (what to upload, relative to the shared folder; the format option to choose when asked)
REAL = {
    "openephys_legacy": ("openephys_legacy", "Record Node 101"),
    "openephys_binary": ("openephys_binary", None),
    "intan_example": ("intan/example_intan_file.rhd", None),
    "intan_v1": ("intan/sampledata_v1_2021-04-20.rhd", None),
    "bdf": ("edf", None),
    "abf_extracellular": ("abf/2020_07_29_0062.abf", "AxonRecordingInterface"),
    "abf_current_clamp": ("abf/17o05028_ic_steps.abf", None),
    "abf_voltage_clamp": ("abf/171116sh_0013.abf", None),
    "phy_kilosort": ("phy_kilosort/bme410", "PhySortingInterface"),
}
# Recordings allowed to end with issues the file cannot carry (at most one), and why. None so far.
LEFTOVERS_ALLOWED: dict[str, str] = {}
CASES = [*REAL, *(f"sample_{s.name}" for s in SAMPLES)]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, LoopOutcome]:
    base = tmp_path_factory.mktemp("clean_loop")
    jobs: dict[str, tuple[Path, str | None]] = {name: (REALDATA / path, pick) for name, (path, pick) in REAL.items()}
    for sample in SAMPLES:
        jobs[f"sample_{sample.name}"] = (sample.write(base / "samples" / sample.name), None)
    started, load = time.perf_counter(), os.getloadavg()[0]
    with ThreadPoolExecutor(max_workers=max(2, min(4, usable_cpus()))) as pool:
        futures = {name: pool.submit(run_loop, name, folder, base, pick) for name, (folder, pick) in jobs.items()}
        done = {name: future.result() for name, future in futures.items()}
    wall = time.perf_counter() - started
    print(
        f"\nclean loop: {len(done)} recordings in {wall:.0f} s (load {load:.1f} before, {os.getloadavg()[0]:.1f} after)"
    )
    for name, outcome in done.items():
        state = outcome.state
        issues = len(state.validation_result.issues) if state and state.validation_result else "?"
        versions = len(state.versions) if state else 0
        print(f"  {name:20s} {outcome.seconds:6.1f} s  v{versions}  issues left: {issues}  {outcome.error or ''}")
    return done


@pytest.mark.parametrize("name", CASES)
def test_answering_every_question_ends_with_a_clean_file(outcomes: dict[str, LoopOutcome], name: str) -> None:
    outcome = outcomes[name]
    state = outcome.state
    assert outcome.error is None, outcome.error
    assert state is not None and state.validation_result is not None, outcome.asked
    assert not outcome.no_progress, "a round changed nothing: " + " | ".join(outcome.asked)
    assert state.status == WorkflowStatus.COMPLETED, (state.failure, outcome.asked)
    remaining = [f"{i.check_name} ({i.object_name}): {i.message}" for i in state.validation_result.issues]
    if name in LEFTOVERS_ALLOWED:
        assert state.validation_status == ValidationStatus.PASSED_ACCEPTED
        report = "\n".join(page.extract_text() for page in PdfReader(str(state.report_path)).pages)
        for leftover in state.correction_history[-1].leftovers:
            assert leftover.title in report and leftover.reason[:40] in report.replace("\n", " ")
    else:
        assert remaining == [], "\n".join(remaining + outcome.asked)
        assert state.validation_result.overall_status == OverallStatus.PASSED
        assert state.validation_status in (ValidationStatus.PASSED, ValidationStatus.PASSED_IMPROVED)
    # Every automatic fix did what it said, and each round's record names what changed in the file.
    for attempt in state.correction_history:
        assert all(fix.took_effect for fix in attempt.fixes_applied), attempt.fixes_applied
        assert attempt.changes or not (attempt.fixes_applied or attempt.user_input)
    assert state.report_path and Path(state.report_path).suffix == ".pdf"


def test_at_most_one_recording_keeps_leftovers() -> None:
    assert len(LEFTOVERS_ALLOWED) <= 1 and set(LEFTOVERS_ALLOWED) <= set(CASES)


def test_the_pdf_shows_each_object_changed_with_its_value_before_and_after(outcomes: dict[str, LoopOutcome]) -> None:
    state = outcomes["openephys_legacy"].state
    assert state is not None and state.report_path
    [attempt] = state.correction_history
    text = " ".join(page.extract_text() for page in PdfReader(str(state.report_path)).pages).replace("\n", " ")
    assert "What changed in the file" in text
    renamed = next(c for c in attempt.changes if c.attribute == "name")
    assert (renamed.before, renamed.after) == ("PlaceholderElectrodeDevice", "OpenEphysAcquisitionSystem")
    for change in attempt.changes:
        assert f"{change.object_name}" in text and str(change.after)[:20] in text, change
    # NeuroConv's placeholder name is replaced, and never copied into another object's text.
    described = [c.after for c in attempt.changes if c.attribute == "description"]
    assert described and not any("Placeholder" in str(text) for text in described)


def test_two_probes_each_keep_their_own_device_description_serial_number_and_location(tmp_path: Path) -> None:
    """Both probes of one SpikeGLX run, detected as one reader of the run folder and converted together,
    then the whole correction loop (the brain area left for the correction round to ask per group)."""
    run = write_sample_spikeglx(tmp_path / "upload", SampleSpec(n_channels=8, duration_s=1.0, probes=2))
    runtime = build_runtime(make_settings(tmp_path / "svc"), in_background=False)
    try:
        runtime.store.begin_session("two-probes", str(run), str(tmp_path / "out"))
        found = runtime.call(conversion.DETECT_FORMAT, input_path=str(run))
        assert found.interface == "SpikeGLXConverterPipe" and not found.needs_choice, found.explanation
        given = {
            k: v for k, v in ANSWERS.items() if k in FIELDS and k not in ("electrode_location", "device_description")
        }
        runtime.store.update("test", "Detected and asked", detected_format=found, metadata=given)
        v1 = runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=given)
        result = runtime.call(evaluation.EVALUATE, nwb_path=v1.path, version=v1.version, with_report=False)
        runtime.call(conversation.HANDLE_VALIDATION_RESULT, validation_result=result)
        areas = {"electrode_location[NeuropixelsImec0]": "CA1", "electrode_location[NeuropixelsImec1]": "VISp"}
        outcome = follow(runtime, areas)
        state = outcome.state
    finally:
        runtime.close()
    assert state is not None and state.validation_status == ValidationStatus.PASSED_IMPROVED, outcome.asked
    assert state.validation_result is not None and state.validation_result.issues == []
    asked = " ".join(outcome.asked)
    assert "brain area of NeuropixelsImec0" in asked and "brain area of NeuropixelsImec1" in asked
    with NWBHDF5IO(state.versions[-1].path, "r") as io:
        nwbfile = io.read()
        devices = {name: (d.description, d.serial_number) for name, d in nwbfile.devices.items()}
        assert devices == {
            f"NeuropixelsImec{n}": (
                f"Neuropixels 1.0 probe, model NP1000 by imec, serial number {probe_serial(n)}",
                probe_serial(n),
            )
            for n in (0, 1)
        }
        groups = {name: (g.location, g.device.name, g.description) for name, g in nwbfile.electrode_groups.items()}
        assert groups == {
            "NeuropixelsImec0": ("CA1", "NeuropixelsImec0", groups["NeuropixelsImec0"][2]),
            "NeuropixelsImec1": ("VISp", "NeuropixelsImec1", groups["NeuropixelsImec1"][2]),
        }
        assert all(name in description for name, (_, _, description) in groups.items())  # each its own words
        table = nwbfile.electrodes.to_dataframe()
        assert set(zip(table["group_name"], table["location"], strict=True)) == {
            ("NeuropixelsImec0", "CA1"),
            ("NeuropixelsImec1", "VISp"),
        }
