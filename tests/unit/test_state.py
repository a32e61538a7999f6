"""StateStore: validated transitions, snapshots across restarts, events and bounded logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentic_neurodata.domain import NWBVersion, PendingRequest, PendingRequestType
from agentic_neurodata.errors import BusyError, InvalidStateError
from agentic_neurodata.logs import EventLog
from agentic_neurodata.state import (
    MAX_LOG_ENTRIES,
    LogLevel,
    StageName,
    StageStatus,
    StateStore,
    ValidationStatus,
    WorkflowStatus,
)


def new_store(tmp_path: Path) -> StateStore:
    return StateStore(tmp_path / "state" / "state.json", EventLog(tmp_path / "logs"))


def test_a_session_walks_the_allowed_path_and_publishes_every_change(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    events: list[dict] = []
    store.subscribe(events.append)
    store.begin_session("s1", "/in", "/out")
    store.start_stage(StageName.CONVERSION, "test", "converting")
    store.complete_stage(StageName.CONVERSION, "test", "converted")
    store.set_status(WorkflowStatus.COMPLETED, "test", "done", validation_status=ValidationStatus.PASSED)
    state = store.snapshot()
    assert state.status == WorkflowStatus.COMPLETED
    assert state.validation_status == ValidationStatus.PASSED
    stage = state.stages[StageName.CONVERSION]
    assert stage.status == StageStatus.COMPLETED and stage.started_at <= stage.ended_at
    assert [e["type"] for e in events] == ["notification", "stage_update", "stage_update", "notification"]
    assert all(e["metadata"]["session_id"] == "s1" for e in events)
    assert {"type", "message", "stage", "status", "timestamp", "metadata"} <= set(events[0])


@pytest.mark.parametrize(
    ("path", "illegal"),
    [
        ([], WorkflowStatus.COMPLETED),  # idle -> completed
        ([], WorkflowStatus.AWAITING_USER_INPUT),
        ([WorkflowStatus.COMPLETED], WorkflowStatus.PROCESSING),  # completed sessions are final
        ([WorkflowStatus.COMPLETED], WorkflowStatus.FAILED),
    ],
)
def test_illegal_transitions_are_refused_and_change_nothing(tmp_path: Path, path, illegal) -> None:
    store = new_store(tmp_path)
    if path:
        store.begin_session("s1", "/in", "/out")
        for status in path:
            store.set_status(status, "test", "step")
    before = store.snapshot()
    with pytest.raises(InvalidStateError):
        store.set_status(illegal, "test", "not allowed")
    assert store.snapshot().status == before.status


def test_stage_cannot_complete_before_it_starts(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    with pytest.raises(InvalidStateError):
        store.complete_stage(StageName.EVALUATION, "test", "too early")


def test_only_one_session_at_a_time(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    with pytest.raises(BusyError) as caught:
        store.begin_session("s2", "/in2", "/out2")
    assert caught.value.status_code == 409
    assert store.session_id == "s1"
    store.set_status(WorkflowStatus.FAILED, "test", "broken")
    store.begin_session("s2", "/in2", "/out2")  # a finished session frees the service
    assert store.session_id == "s2"


def test_update_refuses_guarded_and_unknown_fields_and_wrong_types(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    with pytest.raises(ValueError):
        store.update("test", "sneaky", status=WorkflowStatus.COMPLETED)
    with pytest.raises(ValueError):
        store.update("test", "typo", metdata={})
    with pytest.raises(ValueError):
        store.update("test", "bad type", correction_attempt="many")
    assert store.snapshot().status == WorkflowStatus.PROCESSING


def test_versions_are_never_replaced(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    store.add_version(NWBVersion(version=1, path="/out/a_v1.nwb", sha256="0" * 64, size_bytes=10), "test")
    with pytest.raises(InvalidStateError):
        store.add_version(NWBVersion(version=1, path="/out/other.nwb", sha256="1" * 64, size_bytes=10), "test")
    assert store.snapshot().versions[0].path == "/out/a_v1.nwb"


def test_snapshot_restores_a_waiting_session_as_it_was(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    request = PendingRequest(type=PendingRequestType.METADATA, message="What species?")
    store.await_user(request, "test", metadata={"subject_id": "m1"})
    restored = new_store(tmp_path).snapshot()
    assert restored.status == WorkflowStatus.AWAITING_USER_INPUT
    assert restored.pending_request == request
    assert restored.metadata == {"subject_id": "m1"}


def test_restart_during_processing_comes_back_failed_interrupted_with_versions(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    store.add_version(NWBVersion(version=1, path="/out/a_v1.nwb", sha256="0" * 64, size_bytes=10), "test")
    store.start_stage(StageName.CONVERSION, "test", "converting v2")
    restored_store = new_store(tmp_path)
    restored = restored_store.snapshot()
    assert restored.status == WorkflowStatus.FAILED
    assert restored.failure is not None and restored.failure.reason == "interrupted"
    assert restored.stages[StageName.CONVERSION].status == StageStatus.FAILED
    assert [v.version for v in restored.versions] == [1]
    # It says what it waits for: approval to try again (answered by POST /api/retry-approval).
    assert restored.pending_request is not None
    assert restored.pending_request.type == PendingRequestType.RETRY_APPROVAL
    assert [o.value for o in restored.pending_request.options] == ["approve"]
    restored_store.set_status(WorkflowStatus.PROCESSING, "test", "new attempt")  # a new attempt may start
    assert restored_store.snapshot().pending_request is None


def test_snapshot_is_written_atomically_as_json(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    files = list((tmp_path / "state").iterdir())
    assert [f.name for f in files] == ["state.json"]  # no temporary left behind
    assert json.loads(files[0].read_text())["session_id"] == "s1"


def test_corrupt_snapshot_is_set_aside_and_service_starts_idle(tmp_path: Path) -> None:
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "state.json").write_text("{not json")
    store = new_store(tmp_path)
    assert store.status == WorkflowStatus.IDLE
    assert (tmp_path / "state" / "state.corrupt").exists()


def test_log_ring_buffer_is_bounded_and_mirrored_to_jsonl(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    for i in range(MAX_LOG_ENTRIES + 20):
        store.update("test", f"step {i}", quiet=True)
    logs = store.snapshot(with_logs=True).logs
    assert len(logs) == MAX_LOG_ENTRIES
    assert logs[-1].message == f"step {MAX_LOG_ENTRIES + 19}"
    lines = (tmp_path / "logs" / "s1" / "events.jsonl").read_text().splitlines()
    assert len(lines) == MAX_LOG_ENTRIES + 21


def test_cancel_flag_is_cleared_by_a_new_attempt(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    store.request_cancel()
    assert store.cancel_requested
    store.set_status(WorkflowStatus.FAILED, "test", "stopped")
    store.set_status(WorkflowStatus.PROCESSING, "test", "again")
    assert not store.cancel_requested


def test_level_filter_returns_the_newest_matches_even_after_debug_chatter_filled_the_ring(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.begin_session("s1", "/in", "/out")
    for i in range(30):
        store.log(LogLevel.WARNING, "test", f"warning {i}")
        store.log(LogLevel.ERROR, "test", f"error {i}")
    for i in range(MAX_LOG_ENTRIES + 100):  # pushes every warning and error out of the shared ring
        store.log(LogLevel.DEBUG, "test", f"debug {i}")
    assert not [e for e in store.snapshot(with_logs=True).logs if e.level != LogLevel.DEBUG]

    important = store.logs(LogLevel.WARNING)
    assert len(important) == 60
    assert [e.message for e in important[:4]] == ["warning 0", "error 0", "warning 1", "error 1"]
    assert [e.timestamp for e in important] == sorted(e.timestamp for e in important)
    assert [e.message for e in store.logs(LogLevel.ERROR, limit=2)] == ["error 28", "error 29"]
    everything = store.logs()
    assert len(everything) == MAX_LOG_ENTRIES and everything[-1].message == f"debug {MAX_LOG_ENTRIES + 99}"
    # After a restart the filter still finds them (the ring is rebuilt, the JSON Lines log is complete),
    # followed by the restart's own error: the session was processing.
    after_restart = new_store(tmp_path).logs(LogLevel.WARNING)
    assert [e.message for e in after_restart[:2]] == ["warning 0", "error 0"]
    assert len(after_restart) == 61 and after_restart[-1].message == "Session interrupted by a service restart"


def test_conversation_history_is_bounded_and_keeps_the_newest_turns(tmp_path: Path) -> None:
    from agentic_neurodata.state import MAX_CONVERSATION_TURNS

    store = new_store(tmp_path)
    extra = 30
    for i in range(MAX_CONVERSATION_TURNS + extra):
        store.add_chat_turn("user" if i % 2 else "assistant", f"turn {i}")
    texts = [turn.text for turn in store.snapshot().conversation]
    assert len(texts) == MAX_CONVERSATION_TURNS
    # The oldest turns are the ones dropped, in order; the newest is kept last.
    assert texts == [f"turn {i}" for i in range(extra, MAX_CONVERSATION_TURNS + extra)]
    assert [turn.text for turn in new_store(tmp_path).snapshot().conversation] == texts  # the snapshot holds the same
