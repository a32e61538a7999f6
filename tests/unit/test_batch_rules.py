"""The batch's rules without a conversion: the sessions table (every bad row at once, nothing applied),
CSV and Excel, what each session still lacks, patterns and NeuroConv's path expansion, DANDI names."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.batch import BatchSession, BatchState, read_table, write_csv, write_xlsx
from agentic_neurodata.batch.discovery import check_pattern, ids_from_path, infer_pattern, judge
from agentic_neurodata.batch.layout import published_name
from agentic_neurodata.batch.service import _refuse_same_names
from agentic_neurodata.batch.table import apply_table
from agentic_neurodata.batch.task import SessionJob, forced_reader
from agentic_neurodata.batch.values import missing_for, session_metadata
from agentic_neurodata.domain import DetectionResult, SessionStream, StreamKind
from agentic_neurodata.errors import BadInputError


def _state(parent: Path) -> BatchState:
    for folder in ("m1/day1", "m1/day2"):
        (parent / folder).mkdir(parents=True)
    sessions = [
        BatchSession(key="m1-day1", folder="m1/day1", values={"subject_id": "m1", "session_id": "day1"}),
        BatchSession(key="m1-day2", folder="m1/day2", values={"subject_id": "m1", "session_id": "day2"}),
    ]
    return BatchState(batch_id="b", parent=str(parent), output_dir=str(parent / "out"), sessions=sessions)


def test_a_bad_table_lists_every_bad_row_and_changes_nothing(tmp_path: Path) -> None:
    state = _state(tmp_path)
    before = state.model_copy(deep=True)
    rows = [
        {"folder": "m1/day1", "sex": "F", "colour": "blue", "hair": "long"},
        {"folder": "m1/day1", "sex": "F"},
        {"folder": "m9/day1", "sex": "F"},
        {"folder": "m1/day2", "sex": "maybe", "age": "old"},
        {"folder": "../elsewhere"},
        {"folder": ""},
    ]
    with pytest.raises(BadInputError) as refused:
        apply_table(state, rows)
    details = refused.value.details
    assert details["unknown_columns"] == ["colour", "hair"]
    by_row = {p["row"]: p["problems"] for p in details["rows"]}
    assert set(by_row) == {2, 3, 4, 5, 6}
    assert "also on row 1" in by_row[2][0]
    assert "no folder m9/day1" in by_row[3][0]
    assert [p.split(":")[0] for p in by_row[4]] == ["sex", "age"]
    assert "Unknown columns: colour, hair" in refused.value.message and "Row 4 (m1/day2)" in refused.value.message
    assert state == before


def test_a_good_table_sets_values_and_adds_folders_it_names(tmp_path: Path) -> None:
    state = _state(tmp_path)
    (tmp_path / "m2" / "day1").mkdir(parents=True)
    apply_table(state, [{"folder": "m1/day2", "sex": "M", "subject": "m1b"}, {"folder": "m2/day1", "age": "P3M"}])
    values = {s.folder: s.values for s in state.sessions}
    assert values["m1/day2"] == {"subject_id": "m1b", "session_id": "day2", "sex": "M"}
    assert values["m2/day1"] == {"age": "P3M"}


def test_csv_and_excel_round_trip(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.sessions[0].values["session_start_time"] = "2024-03-05T09:00:00+01:00"
    from_csv = read_table("t.csv", write_csv(state).encode())
    from_xlsx = read_table("t.xlsx", write_xlsx(state))
    assert from_csv == from_xlsx
    assert from_csv[0] == {
        "folder": "m1/day1",
        "subject_id": "m1",
        "session_id": "day1",
        "session_start_time": "2024-03-05T09:00:00+01:00",
        "sex": "",
        "age": "",
    }
    semicolons = read_table("t.csv", b"folder;sex\nm1/day1;F\n")
    assert semicolons == [{"folder": "m1/day1", "sex": "F"}]
    with pytest.raises(BadInputError, match="CSV"):
        read_table("t.pdf", b"%PDF")


def test_what_a_session_lacks_and_the_shared_time_zone() -> None:
    session = BatchSession(
        key="k",
        folder="m1/day1",
        values={"subject_id": "m1", "sex": "F", "age": "P90D"},
        start_time_from_files="2024-03-05T09:00:00",
    )
    shared = {"species": "mouse", "session_description": "A recording of the visual cortex"}
    assert missing_for(shared, session) == ["timezone (the files give 2024-03-05T09:00:00, no zone)"]
    zoned = {**shared, "timezone": "Europe/Paris"}
    assert missing_for(zoned, session) == []
    assert session_metadata(zoned, session)["session_start_time"] == "2024-03-05T09:00:00+01:00"
    typed = session.model_copy(update={"values": {**session.values, "session_start_time": "2024-07-01 10:00"}})
    assert session_metadata(zoned, typed)["session_start_time"] == "2024-07-01T10:00:00+02:00"
    choosing = session.model_copy(update={"choices": ["PhySortingInterface", "KiloSortSortingInterface"]})
    assert missing_for(zoned, choosing) == ["format (one of PhySortingInterface, KiloSortSortingInterface)"]


def test_patterns_and_path_expansion(tmp_path: Path) -> None:
    for folder in ("mouse1/2024-03-05", "mouse1/2024-03-06", "mouse2/2024-03-05"):
        (tmp_path / "raw" / folder).mkdir(parents=True)
    assert infer_pattern(1) == "{session_id}"
    assert infer_pattern(2) == "{subject_id}/{session_id}"
    assert infer_pattern(3) == "{}/{subject_id}/{session_id}"
    found = ids_from_path(tmp_path, infer_pattern(3))
    assert found["raw/mouse2/2024-03-05"] == {"subject_id": "mouse2", "session_id": "2024-03-05"}
    assert len(found) == 3
    with pytest.raises(BadInputError):
        check_pattern("../{session_id}")
    with pytest.raises(BadInputError):
        check_pattern("sessions")


def test_dandi_names_and_clashes() -> None:
    assert published_name("sub-m1_ses-day1_desc-v2_ecephys.nwb") == "sub-m1_ses-day1_ecephys.nwb"
    assert published_name("sub-m1_desc-v1.nwb") == "sub-m1.nwb"
    assert published_name("run1_v1.nwb") is None
    sessions = [
        BatchSession(key="a", folder="a", values={"subject_id": "m1", "session_id": "s1"}),
        BatchSession(key="b", folder="b", values={"subject_id": "m1", "session_id": "s1"}),
    ]
    with pytest.raises(BadInputError, match="a and b"):
        _refuse_same_names(sessions)


def test_a_format_that_answers_the_sessions_question_keeps_every_stream() -> None:
    """The `format` column answers a whole session's question (its streams stay); any other reader it
    names is the only one tried, as `convert --format` does."""
    job = SessionJob(
        batch_id="b",
        key="m4-day1",
        folder="/data/m4/day1",
        output_dir="/out",
        format="PhySortingInterface",
        choices=["KiloSortSortingInterface", "PhySortingInterface"],
    )
    assert forced_reader(job) is None
    by_reader = {"format": "IntanConverter", "choices": ["IntanConverter@day1/a.rhd", "IntanConverter@day2/b.rhd"]}
    assert forced_reader(job.model_copy(update=by_reader)) is None
    assert forced_reader(job.model_copy(update={"choices": []})) == "PhySortingInterface"
    assert forced_reader(job.model_copy(update={"format": "SpikeGLXConverterPipe#imec0.ap", "choices": []})) == (
        "SpikeGLXConverterPipe"
    )
    assert forced_reader(job.model_copy(update={"format": None})) is None


def _recording(name: str, files: list[str]) -> SessionStream:
    return SessionStream(name=name, interface="IntanConverter", kind=StreamKind.RECORDING, files=files)


def test_recordings_in_different_sub_folders_are_separate_sessions_even_when_composed(tmp_path: Path) -> None:
    """Detection may compose a subject's recordings into one file (their dates agree); discovery still
    takes the sub-folders as sessions, unless the user's pattern names the folder a session. A
    recording with its sorting beside it stays one session."""
    subject, session = tmp_path / "m1", tmp_path / "m2"
    for path in (subject / "day1/a.rhd", subject / "day2/a.rhd", session / "day1/a.rhd", session / "kilosort/st.npy"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 100)
    day1, day2 = _recording("IntanConverter@day1", ["day1/a.rhd"]), _recording("IntanConverter@day2", ["day2/a.rhd"])
    composed = DetectionResult(interface="IntanConverter", files=[*day1.files, *day2.files], streams=[day1, day2])
    found, why = judge(subject, lambda _: composed)
    assert found is None and "several recordings" in why
    assert judge(subject, lambda _: composed, named=True)[0] is composed
    sorting = SessionStream(
        name="kilosort", interface="PhySortingInterface", kind=StreamKind.SORTING, files=["kilosort/st.npy"]
    )
    with_sorting = DetectionResult(
        interface="IntanConverter", files=[*day1.files, *sorting.files], streams=[day1, sorting]
    )
    assert judge(session, lambda _: with_sorting)[0] is with_sorting
