"""Errors carry a small snapshot of the state around them: logged, never added to the response body."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.config import Settings
from agentic_neurodata.contracts.conversation import ActionReply
from agentic_neurodata.domain import NWBVersion
from agentic_neurodata.errors import BadInputError, InvalidStateError
from agentic_neurodata.llm import build_llm_service
from agentic_neurodata.logs import EventLog
from agentic_neurodata.router import ActionContract, Agent, AgentMessage, AgentRouter, NoParams, handles
from agentic_neurodata.state import StageName, StateStore
from tests.support.settings import make_settings

BODY_FIELDS = {"error_code", "message", "error_id", "details"}


def test_the_snapshot_is_small_and_says_status_and_stage(tmp_path: Path) -> None:
    store = StateStore(tmp_path / "state.json", EventLog(tmp_path / "logs"))
    store.begin_session("s1", "/in", "/out")
    store.add_version(NWBVersion(version=1, path="/out/a_v1.nwb", sha256="0" * 64, size_bytes=10), "test")
    store.start_stage(StageName.CONVERSION, "test", "converting")
    error = BadInputError("no").with_state(store)
    assert error.state_snapshot == {
        "session_id": "s1",
        "status": "processing",
        "stages": {"conversion": "in_progress"},
        "pending_request": None,
        "correction_attempt": 0,
        "latest_version": 1,
    }
    assert set(error.to_body()) == BODY_FIELDS
    assert error.to_context()["state"] == error.state_snapshot
    store.complete_stage(StageName.CONVERSION, "test", "done")
    assert error.with_state(store).state_snapshot["stages"] == {"conversion": "in_progress"}  # the first one stays


def test_api_errors_are_logged_with_the_state_and_the_body_keeps_its_shape(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        response = client.post("/api/retry-approval", json={"approved": False})  # nothing to decide while idle
        assert response.status_code == 409
        body = response.json()
        assert set(body) == BODY_FIELDS
        runtime = client.app.state.runtime
        logged = [r for r in runtime.event_log.read(None) if r.get("kind") == "api_error"]
    assert [r["error_id"] for r in logged] == [body["error_id"]]
    assert logged[0]["state"]["status"] == "idle" and logged[0]["state"]["stages"] == {}
    assert logged[0]["path"] == "/api/retry-approval"


REFUSE = ActionContract("refusing_agent", "refuse", NoParams, ActionReply, "Refuse: nothing to decide.")
CRASH = ActionContract("refusing_agent", "crash", NoParams, ActionReply, "Crash.")


class RefusingAgent(Agent):
    name = "refusing_agent"

    @handles(REFUSE)
    def refuse(self, params: NoParams) -> ActionReply:
        raise InvalidStateError("nothing to decide")

    @handles(CRASH)
    def crash(self, params: NoParams) -> ActionReply:
        raise ZeroDivisionError("boom")


def test_router_errors_are_logged_with_the_state_and_the_reply_has_no_snapshot(tmp_path: Path) -> None:
    log = EventLog(tmp_path / "logs")
    store = StateStore(tmp_path / "state.json", log)
    server = AgentRouter(store, log)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    server.register(RefusingAgent(server, store, settings, build_llm_service(settings, log)))
    store.begin_session("s1", "/in", "/out")
    store.start_stage(StageName.CONVERSION, "test", "converting")

    refused = server.send(AgentMessage(sender="test", receiver="refusing_agent", action="refuse"))
    assert refused.error is not None and "state" not in refused.error.data
    assert refused._exception.state_snapshot["stages"] == {"conversion": "in_progress"}
    crashed = server.send(AgentMessage(sender="test", receiver="refusing_agent", action="crash"))
    assert crashed.error is not None

    errors = [r for r in log.read("s1") if r.get("kind") == "router_error"]
    assert [r["action"] for r in errors] == ["refuse", "crash"]
    for record in errors:
        assert record["state"]["session_id"] == "s1" and record["state"]["status"] == "processing"
        assert record["state"]["stages"] == {"conversion": "in_progress"}
