"""The MCP-style router: registration, discovery, routing, errors as JSON-RPC, logging."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.config import Settings
from agentic_neurodata.errors import BadInputError, RoutingError
from agentic_neurodata.llm import build_llm_service
from agentic_neurodata.logs import EventLog
from agentic_neurodata.router import Agent, AgentMessage, AgentRouter, action
from agentic_neurodata.router.protocol import AGENT_ERROR, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND
from agentic_neurodata.state import StateStore


class EchoAgent(Agent):
    name = "echo_agent"
    description = "Echoes."

    @action("Say something back.")
    def echo(self, text: str) -> dict:
        return {"text": text, "from": self.name}

    @action("Ask another agent.")
    def relay(self, text: str) -> dict:
        return self.call("shout_agent", "shout", text=text)

    @action("Refuse bad input.")
    def refuse(self) -> None:
        raise BadInputError("that is not right", details={"example": "like this"})

    @action("Crash.")
    def crash(self) -> None:
        raise ZeroDivisionError("boom")


class ShoutAgent(Agent):
    name = "shout_agent"

    @action("Upper-case the text.")
    def shout(self, text: str) -> dict:
        return {"text": text.upper()}


@pytest.fixture
def server(tmp_path: Path) -> AgentRouter:
    log = EventLog(tmp_path / "logs")
    store = StateStore(tmp_path / "state.json", log)
    server = AgentRouter(store, log)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    llm = build_llm_service(settings, log)
    server.register(EchoAgent(server, store, settings, llm))
    server.register(ShoutAgent(server, store, settings, llm))
    return server


def test_discovery_lists_agents_and_their_actions(server: AgentRouter) -> None:
    agents = {a.name: a for a in server.list_agents()}
    assert set(agents) == {"echo_agent", "shout_agent"}
    assert [c.action for c in agents["echo_agent"].capabilities] == ["crash", "echo", "refuse", "relay"]
    assert agents["shout_agent"].capabilities[0].description == "Upper-case the text."


def test_duplicate_registration_is_refused_and_unregister_removes(server: AgentRouter, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        settings = Settings(_env_file=None)  # type: ignore[call-arg]
        server.register(ShoutAgent(server, server.store, settings, build_llm_service(settings, server.event_log)))
    server.unregister("shout_agent")
    assert [a.name for a in server.list_agents()] == ["echo_agent"]


def test_routing_returns_the_handlers_answer_with_state_context(server: AgentRouter) -> None:
    message = AgentMessage(sender="test", receiver="echo_agent", action="echo", params={"text": "hi"})
    response = server.send(message)
    assert response.ok and response.result == {"text": "hi", "from": "echo_agent"}
    assert message.context["status"] == "idle"  # the router attached the state context
    assert response.to_jsonrpc() == {"jsonrpc": "2.0", "id": message.id, "result": response.result}


def test_agents_talk_to_each_other_only_through_the_router(server: AgentRouter, tmp_path: Path) -> None:
    assert server.call("test", "echo_agent", "relay", text="quiet") == {"text": "QUIET"}
    kinds = [r["kind"] for r in server.event_log.read(None)]
    assert kinds.count("router_request") == 2 and kinds.count("router_response") == 2
    record = server.event_log.read(None)[1]
    assert record["sender"] == "echo_agent" and record["receiver"] == "shout_agent" and record["id"]
    assert "timestamp" in record


@pytest.mark.parametrize(
    ("receiver", "action_name", "params", "code"),
    [
        ("nobody", "echo", {}, METHOD_NOT_FOUND),
        ("echo_agent", "fly", {}, METHOD_NOT_FOUND),
        ("echo_agent", "echo", {"wrong": 1}, INVALID_PARAMS),
        ("echo_agent", "refuse", {}, AGENT_ERROR),
        ("echo_agent", "crash", {}, INTERNAL_ERROR),
    ],
)
def test_failures_become_jsonrpc_errors(server: AgentRouter, receiver, action_name, params, code) -> None:
    response = server.send(AgentMessage(sender="test", receiver=receiver, action=action_name, params=params))
    assert not response.ok and response.error is not None
    assert response.error.code == code
    assert response.error.data["error_id"]
    wire = response.to_jsonrpc()
    assert wire["error"]["code"] == code and "result" not in wire


def test_call_reraises_the_receivers_error_in_process(server: AgentRouter) -> None:
    with pytest.raises(BadInputError) as caught:
        server.call("test", "echo_agent", "refuse")
    assert caught.value.details == {"example": "like this"}
    with pytest.raises(RoutingError):
        server.call("test", "ghost_agent", "anything")


def test_jsonrpc_envelope_round_trips() -> None:
    message = AgentMessage(
        sender="a",
        receiver="conversion_agent",
        action="detect_format",
        params={"input_path": "/x"},
        context={"session_id": "s"},
    )
    wire = message.to_jsonrpc()
    assert wire["jsonrpc"] == "2.0" and wire["method"] == "conversion_agent/detect_format"
    back = AgentMessage.from_jsonrpc(wire)
    assert (back.sender, back.receiver, back.action, back.params, back.context) == (
        "a",
        "conversion_agent",
        "detect_format",
        {"input_path": "/x"},
        {"session_id": "s"},
    )
    with pytest.raises(ValueError):
        AgentMessage.from_jsonrpc({"jsonrpc": "2.0", "method": "no-slash"})
