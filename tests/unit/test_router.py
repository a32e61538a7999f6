"""The agent router: registration, discovery with contracts, routing checked against each action's
contract both ways, errors as JSON-RPC, logging."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from agentic_neurodata.config import Settings
from agentic_neurodata.contracts import AgentName
from agentic_neurodata.errors import BadInputError, ContractError, RoutingError
from agentic_neurodata.llm import build_llm_service
from agentic_neurodata.logs import EventLog
from agentic_neurodata.router import ActionContract, Agent, AgentMessage, AgentRouter, NoParams, Params, handles
from agentic_neurodata.router.protocol import AGENT_ERROR, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.state import StateStore
from tests.support.settings import make_settings


class Text(Params):
    text: str


class Said(BaseModel):
    text: str
    sender: str | None = None


class Nothing(BaseModel):
    pass


ECHO = ActionContract("echo_agent", "echo", Text, Said, "Say something back.")
RELAY = ActionContract("echo_agent", "relay", Text, Said, "Ask another agent.")
REFUSE = ActionContract("echo_agent", "refuse", NoParams, Nothing, "Refuse bad input.")
CRASH = ActionContract("echo_agent", "crash", NoParams, Nothing, "Crash.")
MISBEHAVE = ActionContract("echo_agent", "misbehave", NoParams, Said, "Return something that is not a Said.")
SHOUT = ActionContract("shout_agent", "shout", Text, Said, "Upper-case the text.")


class EchoAgent(Agent):
    name = "echo_agent"
    description = "Echoes."

    @handles(ECHO)
    def echo(self, params: Text) -> Said:
        return Said(text=params.text, sender=self.name)

    @handles(RELAY)
    def relay(self, params: Text) -> Said:
        return self.call(SHOUT, text=params.text)

    @handles(REFUSE)
    def refuse(self, params: NoParams) -> Nothing:
        raise BadInputError("that is not right", details={"example": "like this"})

    @handles(CRASH)
    def crash(self, params: NoParams) -> Nothing:
        raise ZeroDivisionError("boom")

    @handles(MISBEHAVE)
    def misbehave(self, params: NoParams) -> Any:
        return {"words": "a result of the wrong shape"}  # deliberately breaks its contract


class ShoutAgent(Agent):
    name = "shout_agent"

    @handles(SHOUT)
    def shout(self, params: Text) -> Said:
        return Said(text=params.text.upper())


@pytest.fixture
def router(tmp_path: Path) -> AgentRouter:
    log = EventLog(tmp_path / "logs")
    store = StateStore(tmp_path / "state.json", log)
    router = AgentRouter(store, log)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    llm = build_llm_service(settings, log)
    router.register(EchoAgent(router, store, settings, llm))
    router.register(ShoutAgent(router, store, settings, llm))
    return router


def test_discovery_lists_agents_their_actions_and_contracts(router: AgentRouter) -> None:
    agents = {a.name: a for a in router.list_agents()}
    assert set(agents) == {"echo_agent", "shout_agent"}
    assert [c.action for c in agents["echo_agent"].capabilities] == ["crash", "echo", "misbehave", "refuse", "relay"]
    shout = agents["shout_agent"].capabilities[0]
    assert shout.description == "Upper-case the text."
    assert (shout.params_model, shout.result_model) == ("Text", "Said")
    assert shout.params_schema["required"] == ["text"] and "text" in shout.result_schema["properties"]


def test_the_service_publishes_every_action_of_the_three_agents_with_its_models(tmp_path: Path) -> None:
    runtime = build_runtime(make_settings(tmp_path), in_background=False)
    try:
        agents = {a.name: a for a in runtime.router.list_agents()}
    finally:
        runtime.close()
    assert set(agents) == set(AgentName)
    actions = {name: {c.action: c for c in info.capabilities} for name, info in agents.items()}
    assert set(actions[AgentName.CONVERSION]) == {
        "apply_corrections",
        "complete_detection",
        "convert",
        "detect_format",
        "extract_metadata",
        "finish_version",
        "preview_format",
        "preview_metadata",
        "set_stream_included",
    }
    assert actions[AgentName.CONVERSION]["convert"].result_model == "ConvertedVersion"
    assert actions[AgentName.EVALUATION]["evaluate"].params_schema["required"] == ["nwb_path"]
    assert actions[AgentName.CONVERSATION]["handle_user_input"].result_model == "UserInputReply"


def test_an_agent_cannot_handle_another_agents_action(tmp_path: Path) -> None:
    class Impostor(Agent):
        name = "impostor_agent"

        @handles(SHOUT)
        def shout(self, params: Text) -> Said:
            return Said(text=params.text)

    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    log = EventLog(tmp_path / "logs")
    store = StateStore(tmp_path / "state.json", log)
    with pytest.raises(TypeError, match="not an action of impostor_agent"):
        Impostor(AgentRouter(store, log), store, settings, build_llm_service(settings, log))


def test_duplicate_registration_is_refused_and_unregister_removes(router: AgentRouter) -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        router.register(ShoutAgent(router, router.store, settings, build_llm_service(settings, router.event_log)))
    router.unregister("shout_agent")
    assert [a.name for a in router.list_agents()] == ["echo_agent"]


def test_routing_returns_the_handlers_answer_with_state_context(router: AgentRouter) -> None:
    message = AgentMessage(sender="test", receiver="echo_agent", action="echo", params={"text": "hi"})
    response = router.send(message)
    assert response.ok and response.result == Said(text="hi", sender="echo_agent")
    assert message.context["status"] == "idle"  # the router attached the state context
    assert response.to_jsonrpc() == {
        "jsonrpc": "2.0",
        "id": message.id,
        "result": {"text": "hi", "sender": "echo_agent"},
    }


def test_a_typed_call_returns_the_result_model(router: AgentRouter) -> None:
    said = router.call("test", ECHO, text="hi")
    assert isinstance(said, Said) and said.sender == "echo_agent"


def test_agents_talk_to_each_other_only_through_the_router(router: AgentRouter) -> None:
    assert router.call("test", RELAY, text="quiet") == Said(text="QUIET")
    kinds = [r["kind"] for r in router.event_log.read(None)]
    assert kinds.count("router_request") == 2 and kinds.count("router_response") == 2
    record = router.event_log.read(None)[1]
    assert record["sender"] == "echo_agent" and record["receiver"] == "shout_agent" and record["id"]
    assert "timestamp" in record


@pytest.mark.parametrize(
    ("receiver", "action_name", "params", "code"),
    [
        ("nobody", "echo", {}, METHOD_NOT_FOUND),
        ("echo_agent", "fly", {}, METHOD_NOT_FOUND),
        ("echo_agent", "echo", {"wrong": 1}, INVALID_PARAMS),
        ("echo_agent", "echo", {"text": ["not", "text"]}, INVALID_PARAMS),
        ("echo_agent", "refuse", {}, AGENT_ERROR),
        ("echo_agent", "crash", {}, INTERNAL_ERROR),
        ("echo_agent", "misbehave", {}, INTERNAL_ERROR),
    ],
)
def test_failures_become_jsonrpc_errors(router: AgentRouter, receiver, action_name, params, code) -> None:
    response = router.send(AgentMessage(sender="test", receiver=receiver, action=action_name, params=params))
    assert not response.ok and response.error is not None
    assert response.error.code == code
    assert response.error.data["error_id"]
    wire = response.to_jsonrpc()
    assert wire["error"]["code"] == code and "result" not in wire


def test_parameters_that_break_the_contract_are_refused_with_the_fields_that_broke_it(router: AgentRouter) -> None:
    with pytest.raises(ContractError) as caught:
        router.call("test", ECHO, text="hi", loudness=11)
    assert "The parameters of echo_agent/echo do not match its contract (Text)" in caught.value.message
    assert caught.value.details["errors"] == ["loudness: Extra inputs are not permitted"]
    assert caught.value.error_code == "contract_violation"


def test_a_result_that_breaks_the_contract_is_refused_and_never_reaches_the_caller(router: AgentRouter) -> None:
    with pytest.raises(ContractError) as caught:
        router.call("test", MISBEHAVE)
    assert "echo_agent/misbehave returned a result that does not match its contract (Said)" in caught.value.message
    assert "text: Field required" in caught.value.details["errors"]
    errors = [r for r in router.event_log.read(None) if r["kind"] == "router_error"]
    assert errors and errors[-1]["action"] == "misbehave"


def test_call_reraises_the_receivers_error_in_process(router: AgentRouter) -> None:
    with pytest.raises(BadInputError) as caught:
        router.call("test", REFUSE)
    assert caught.value.details == {"example": "like this"}
    ghost = ActionContract("ghost_agent", "anything", NoParams, Nothing, "Nobody answers.")
    with pytest.raises(RoutingError):
        router.call("test", ghost)


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
