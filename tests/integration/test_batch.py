"""Many sessions at once: a batch of five sessions of three formats (generated and real recordings, one
a whole session of three streams) on the embedded Dask cluster and on an external `dask scheduler`
with two `dask worker` processes. Every NWB file opens, matches the single-session conversion of its
folder and `dandi validate` passes on the output; a session that cannot be read does not stop the
others; an interrupted batch resumes without redoing finished sessions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from agentic_neurodata.batch import BatchService, BatchState, BatchStatus, SessionStatus, read_table
from agentic_neurodata.batch.discovery import find_sessions
from agentic_neurodata.batch.store import state_path
from agentic_neurodata.batch.values import FORMAT, session_metadata
from agentic_neurodata.contracts import conversation
from agentic_neurodata.domain import PendingRequestType
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import write_sample_intan
from agentic_neurodata.state import WorkflowStatus
from tests.support.experiment import (
    COMPOSED,
    COMPOSED_ANSWER,
    FORMATS,
    SHARED,
    TABLE,
    acquisition_arrays,
    dask_cluster_on_loopback,
    nwb_facts,
    write_experiment,
)
from tests.support.paths import REALDATA
from tests.support.sessions import unit_electrode_rows
from tests.support.settings import make_settings

pytestmark = pytest.mark.slow
BROKEN = "m3/broken"  # a real Intan file neo cannot read (see ../shared/realdata/README.md)


def _prepare(service: BatchService, parent: Path, output_dir: Path | None = None) -> BatchState:
    state = service.create(parent, output_dir=output_dir, shared=SHARED, background=False)
    assert state.status == BatchStatus.DRAFT, state.message
    rows = read_table("sessions.csv", TABLE.encode())
    rows.append(
        {
            "folder": BROKEN,
            "subject_id": "m3",
            "session_id": "broken",
            "sex": "M",
            "age": "P30D",
            "session_start_time": "2024-03-07 12:00",
        }
    )
    state = service.set_table(state.batch_id, rows)
    return service.set_shared(state.batch_id, {}, accept_warnings=True)


@pytest.fixture(scope="module")
def experiment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    parent = write_experiment(tmp_path_factory.mktemp("batch"))
    (parent / "m3" / "broken").mkdir(parents=True)
    (parent / "m3" / "broken" / "session.rhd").symlink_to(REALDATA / "intan" / "sampledata_v2_2021-04-22.rhd")
    return parent


@pytest.fixture(scope="module")
def local_batch(experiment: Path, tmp_path_factory: pytest.TempPathFactory):
    """The batch run once on the embedded cluster (two workers), shared by the tests below."""
    settings = make_settings(tmp_path_factory.mktemp("local-service"))
    service = BatchService(settings, workers=2)
    try:
        state = _prepare(service, experiment)
        service.start(state.batch_id, background=False)
        yield service, service.get(state.batch_id).snapshot(), settings
    finally:
        service.close()


def _by_folder(state: BatchState) -> dict[str, object]:
    return {s.folder: s for s in state.sessions}


def test_discovery_proposes_ids_from_folder_names(local_batch) -> None:
    _, state, _ = local_batch
    assert state.pattern == "{subject_id}/{session_id}" and state.pattern_inferred
    found = {s.folder: s for s in state.sessions if s.folder in FORMATS}
    assert set(found) == set(FORMATS)
    assert found["m2/day2"].values["subject_id"] == "m2" and found["m2/day2"].values["session_id"] == "day2"
    # The whole session is found as one (the folder above it too holds only it): Phy and Kilosort read
    # its sorting alike, so it waits for the table's `format` column, which names one of its choices.
    assert COMPOSED_ANSWER in found[COMPOSED].choices and found[COMPOSED].interface is None
    assert found[COMPOSED].values[FORMAT] == COMPOSED_ANSWER
    # Either answer starts the session with the same recording: its start time is known before the answer.
    assert found[COMPOSED].start_time_from_files == "2024-03-05T14:30:00"
    # Open Ephys legacy gives a start time without a zone: the shared zone completes it.
    assert found["m2/day2"].start_time_from_files and not found["m2/day2"].start_time_has_zone
    completed = session_metadata(state.shared, found["m2/day2"])["session_start_time"]
    assert completed.startswith(found["m2/day2"].start_time_from_files) and completed[-6:] in ("+01:00", "+02:00")


def test_every_session_reaches_its_final_status(local_batch) -> None:
    _, state, _ = local_batch
    assert state.status == BatchStatus.FINISHED
    sessions = _by_folder(state)
    for folder in FORMATS:
        session = sessions[folder]
        assert session.status == SessionStatus.PASSED, (folder, session.outcome)
        assert session.outcome.nwb_file and Path(session.outcome.nwb_file).is_file()
        assert session.runs == 1
    # The unreadable recording ends with its reason and does not stop the others (never retried).
    broken = sessions[BROKEN]
    assert broken.status in (SessionStatus.FAILED, SessionStatus.INPUT_NEEDED)
    assert broken.outcome.message and broken.outcome.nwb_file is None and broken.runs == 1
    workers = {sessions[f].outcome.worker for f in FORMATS}
    assert workers <= {"0", "1"} and len(workers) == 2, workers


def test_outputs_are_in_dandi_layout_with_a_summary(local_batch) -> None:
    _, state, _ = local_batch
    out = Path(state.output_dir)
    names = sorted(p.relative_to(out).as_posix() for p in out.glob("sub-*/*.nwb"))
    assert names == [
        "sub-m1/sub-m1_ses-day1_ecephys.nwb",
        "sub-m1/sub-m1_ses-day2_ecephys.nwb",
        "sub-m2/sub-m2_ses-day1_ecephys.nwb",
        "sub-m2/sub-m2_ses-day2_ecephys.nwb",
        "sub-m4/sub-m4_ses-day1_ecephys.nwb",
    ]
    summary = json.loads((out / "batch_summary.json").read_text())
    rows = {row["session"]: row for row in summary["sessions"]}
    assert rows["m1/day1"]["sha256"] and rows["m1/day1"]["worker"] in ("0", "1")
    assert rows[BROKEN]["status"] in ("failed", "input_needed")
    assert (out / "batch_summary.csv").read_text().startswith("session,subject_id,session_id,status")
    assert (out / "batch_summary.pdf").read_bytes().startswith(b"%PDF")
    assert len(list((out / "reports").glob("*_report.pdf"))) == len(FORMATS)


def _single_session(folder: Path, metadata: dict, answer: str | None, work: Path) -> Path:
    """The folder converted as one upload is, the detection's question answered as a person would."""
    runtime = build_runtime(make_settings(work, output_naming="dandi"), in_background=False)
    try:
        runtime.start_local(folder, metadata, output_dir=work / "single")
        request = runtime.store.snapshot().pending_request
        if answer and request is not None and request.type == PendingRequestType.FORMAT_SELECTION:
            runtime.call(conversation.HANDLE_USER_INPUT, fields={"format": answer})
        single = runtime.store.snapshot()
    finally:
        runtime.close()
    assert single.status in (WorkflowStatus.COMPLETED, WorkflowStatus.AWAITING_USER_INPUT), single.failure
    assert single.latest_version is not None, single.last_message
    return Path(single.latest_version.path)


def test_each_file_matches_the_single_session_conversion(local_batch, tmp_path: Path) -> None:
    _, state, _ = local_batch
    for session in state.sessions:
        if session.folder not in FORMATS:
            continue
        batch_file = Path(session.outcome.nwb_file)
        single_file = _single_session(
            Path(state.parent) / session.folder,
            session_metadata(state.shared, session),
            session.values.get(FORMAT),
            tmp_path / session.key,
        )
        assert nwb_facts(batch_file) == nwb_facts(single_file)
        ours, theirs = acquisition_arrays(batch_file), acquisition_arrays(single_file)
        assert ours.keys() == theirs.keys() and ours
        for name in ours:
            assert np.array_equal(ours[name], theirs[name]), (session.folder, name)
        if session.folder == COMPOSED:
            _assert_whole_session(batch_file, single_file)


def _assert_whole_session(batch_file: Path, single_file: Path) -> None:
    """The batch's answer kept every stream: the recording, its sorting linked to the recording's
    electrodes as the single session links them, and the trials table."""
    from pynwb import NWBHDF5IO

    with NWBHDF5IO(str(batch_file), "r") as ours, NWBHDF5IO(str(single_file), "r") as theirs:
        batch, single = ours.read(), theirs.read()
        assert "ElectricalSeriesAP" in batch.acquisition
        assert len(batch.units) > 0 and len(batch.trials) > 0
        assert unit_electrode_rows(batch.units) == unit_electrode_rows(single.units)
        assert all(rows for rows in unit_electrode_rows(batch.units))
        np.testing.assert_array_equal(batch.units["spike_times"].data[:], single.units["spike_times"].data[:])


def test_a_subjects_recordings_that_could_be_one_file_are_still_separate_sessions(tmp_path: Path) -> None:
    """Detection offers a subject's two undated recordings "all of them together" in one file (issue 13);
    their sub-folders still make them two sessions. A pattern naming the subject's folder a session makes
    it one, asked about as a single upload of that folder is."""
    parent = tmp_path / "experiment"
    for day in ("day1", "day2"):
        write_sample_intan(parent / "m1" / day)
    service = BatchService(make_settings(tmp_path / "svc"), workers=1)
    try:
        subject = service.preview(parent / "m1")
        assert "together" in [a.choice_id for a in subject.alternatives], subject.explanation
        found = find_sessions(parent, None, service.preview, service.facts)
        assert [s.folder for s in found.sessions] == ["m1/day1", "m1/day2"]
        assert found.pattern == "{subject_id}/{session_id}" and not found.not_sessions
        [named] = find_sessions(parent, "{subject_id}", service.preview, service.facts).sessions
        assert named.folder == "m1" and "together" in named.choices and named.interface is None
    finally:
        service.close()


def test_an_interrupted_batch_resumes_without_redoing_finished_sessions(local_batch) -> None:
    _, state, settings = local_batch
    path = state_path(Path(state.output_dir))
    saved = BatchState.model_validate_json(path.read_text())
    interrupted = saved.sessions[0]
    kept = {s.key: (s.outcome.started_at, s.runs) for s in saved.sessions[1:]}
    # As a restart finds it: the batch was running, one session had not come back.
    saved.status, interrupted.status, interrupted.outcome = BatchStatus.RUNNING, SessionStatus.RUNNING, None
    path.write_text(saved.model_dump_json())
    restarted = BatchService(settings, workers=1)
    try:
        assert restarted.load_saved() == [state.batch_id]
        restarted.resume(state.batch_id, background=False)
        after = restarted.get(state.batch_id).snapshot()
    finally:
        restarted.close()
    assert after.status == BatchStatus.FINISHED
    assert after.sessions[0].status == SessionStatus.PASSED and after.sessions[0].runs == interrupted.runs + 1
    assert {s.key: (s.outcome.started_at, s.runs) for s in after.sessions[1:]} == kept


def test_same_batch_on_an_external_scheduler(local_batch, experiment: Path, tmp_path: Path) -> None:
    from distributed import Client

    _, local_state, _ = local_batch
    with dask_cluster_on_loopback(("w1", "w2")) as address:
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=120)
        settings = make_settings(tmp_path / "svc", dask_scheduler_address=address)
        service = BatchService(settings)
        try:
            state = _prepare(service, experiment, output_dir=tmp_path / "out")
            service.start(state.batch_id, background=False)
            state = service.get(state.batch_id).snapshot()
        finally:
            service.close()
    assert state.scheduler == f"Dask scheduler {address}"
    sessions, local = _by_folder(state), _by_folder(local_state)
    assert {sessions[f].outcome.worker for f in FORMATS} == {"w1", "w2"}
    for folder in FORMATS:
        assert sessions[folder].status == SessionStatus.PASSED, sessions[folder].outcome
        ours, theirs = Path(sessions[folder].outcome.nwb_file), Path(local[folder].outcome.nwb_file)
        assert ours.name == theirs.name and nwb_facts(ours) == nwb_facts(theirs)
    # `dandi validate` on both outputs: DANDI takes them (warnings allowed, no errors).
    shutil.rmtree(Path(local_state.output_dir) / "unused", ignore_errors=True)
    dandi = Path(sys.executable).parent / "dandi"
    checked = subprocess.run(
        [str(dandi), "validate", local_state.output_dir, str(tmp_path / "out")], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_command_line_writes_the_table_and_refuses_a_bad_one(experiment: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "STATE_DIR": str(tmp_path / "state"),
        "LOG_DIR": str(tmp_path / "logs"),
        "OUTPUT_DIR": str(tmp_path / "outputs"),
        "LLM_PROVIDER": "offline",
    }
    command = [sys.executable, "-m", "agentic_neurodata.cli", "batch", str(experiment), "--json"]
    table = tmp_path / "sessions.csv"
    written = subprocess.run(
        [*command, "--output-dir", str(tmp_path / "a"), "--write-table", str(table)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    assert written.returncode == 0, written.stderr
    summary = json.loads(written.stdout)
    assert summary["pattern"] == "{subject_id}/{session_id}"
    assert {row["session"] for row in summary["sessions"]} == set(FORMATS)
    assert all(set(row) >= {"session", "status", "nwb_file", "worker"} for row in summary["sessions"])
    lines = table.read_text().splitlines()
    # Phy and Kilosort read the whole session's sorting alike: the table asks which (`format`).
    assert lines[0] == "folder,subject_id,session_id,session_start_time,sex,age,format"
    assert f"{COMPOSED},m4,day1,,,," in lines
    assert "m2/day2,m2,day2,," in "\n".join(lines)

    table.write_text("folder,subject_id,colour\nm1/day1,m1,red\nm1/day1,m1,red\nm5/day1,m5,blue\n")
    refused = subprocess.run(
        [*command, "--output-dir", str(tmp_path / "b"), "--sessions", str(table)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    assert refused.returncode == 2
    answer = json.loads(refused.stdout)
    assert answer["details"]["unknown_columns"] == ["colour"]
    assert [row["row"] for row in answer["details"]["rows"]] == [2, 3]
    assert not list((tmp_path / "b").glob("sub-*"))  # nothing converted
