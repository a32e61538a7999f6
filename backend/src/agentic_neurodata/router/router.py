"""In-process, MCP-style router: agents register, messages are routed and checked against each
action's contract both ways, every message is logged. See docs/architecture.md, "The agent boundary"."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from ..errors import ContractError, RoutingError, ServiceError, new_error_id, small_state_snapshot
from ..logs import EventLog
from .contract import ActionContract, AgentInfo
from .protocol import (
    AGENT_ERROR,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    AgentMessage,
    AgentResponse,
    JsonRpcError,
)

if TYPE_CHECKING:
    from ..state import StateStore
    from .agent import Agent

P = TypeVar("P", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


class AgentRouter:
    def __init__(self, store: StateStore, event_log: EventLog) -> None:
        self.store = store
        self.event_log = event_log
        self._agents: dict[str, Agent] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ registry

    def register(self, agent: Agent) -> None:
        with self._lock:
            if agent.name in self._agents:
                raise ValueError(f"an agent named {agent.name!r} is already registered")
            self._agents[agent.name] = agent

    def unregister(self, name: str) -> None:
        with self._lock:
            self._agents.pop(name, None)

    def list_agents(self) -> list[AgentInfo]:
        with self._lock:
            agents = list(self._agents.values())
        return [agent.info() for agent in sorted(agents, key=lambda a: a.name)]

    def get(self, name: str) -> Agent | None:
        with self._lock:
            return self._agents.get(name)

    # ------------------------------------------------------------------ routing

    def send(self, message: AgentMessage) -> AgentResponse:
        """Deliver `message`; failures come back as JSON-RPC errors, never as exceptions."""
        message.context = {**self.store.context(), **message.context}
        started = time.perf_counter()
        self._log_message("request", message.id, message.sender, message.receiver, message.action)
        response, exc = self._dispatch(message)
        self._log_message(
            "response" if response.ok else "error",
            message.id,
            message.receiver,
            message.sender,
            message.action,
            duration_ms=round((time.perf_counter() - started) * 1000, 1),
            error=response.error.model_dump() if response.error else None,
            **(
                {"state": exc.state_snapshot if isinstance(exc, ServiceError) else small_state_snapshot(self.store)}
                if exc is not None
                else {}
            ),
        )
        response._exception = exc
        return response

    def call(self, sender: str, contract: ActionContract[P, R], **params: Any) -> R:
        """Send and return the checked result; re-raise the receiver's exception in-process."""
        message = AgentMessage(
            sender=sender, receiver=contract.agent, action=contract.name, params=to_jsonable_python(params)
        )
        response = self.send(message)
        if response.ok:
            return contract.result.model_validate(response.result)
        if response._exception is not None:
            raise response._exception
        assert response.error is not None
        raise RoutingError(response.error.message, details=response.error.data)

    def _dispatch(self, message: AgentMessage) -> tuple[AgentResponse, BaseException | None]:
        agent = self.get(message.receiver)
        if agent is None:
            known = sorted(self._agents)
            exc: BaseException = RoutingError(
                f"No agent named '{message.receiver}' is registered.", details={"known_agents": known}
            )
            return self._error(message, METHOD_NOT_FOUND, exc), exc
        action = agent.actions().get(message.action)
        if action is None:
            exc = RoutingError(
                f"Agent '{message.receiver}' has no action '{message.action}'.",
                details={"actions": sorted(agent.actions())},
            )
            return self._error(message, METHOD_NOT_FOUND, exc), exc
        contract = action.contract
        try:
            params = contract.params.model_validate(message.params)
        except ValidationError as invalid:
            exc = _contract_error(f"The parameters of {contract.method} do not match", contract.params, invalid)
            return self._error(message, INVALID_PARAMS, exc), exc
        try:
            result = action.handler(params)
        except ServiceError as failed:
            return self._error(message, AGENT_ERROR, failed), failed
        except Exception as crashed:  # noqa: BLE001 - turned into a JSON-RPC error with an id
            return self._error(message, INTERNAL_ERROR, crashed), crashed
        try:
            checked = contract.result.model_validate(result)
        except ValidationError as invalid:
            exc = _contract_error(f"{contract.method} returned a result that does not match", contract.result, invalid)
            return self._error(message, INTERNAL_ERROR, exc), exc
        return AgentResponse(id=message.id, sender=message.receiver, result=checked), None

    def _error(self, message: AgentMessage, code: int, exc: BaseException) -> AgentResponse:
        if isinstance(exc, ServiceError):
            exc.with_state(self.store)  # the state when the agent failed, for the log (not sent in the reply)
            data = {**exc.to_body(), "component": exc.component}
        else:
            data = {"error_code": "internal_error", "error_id": new_error_id(), "type": type(exc).__name__}
        return AgentResponse(
            id=message.id,
            sender=message.receiver,
            error=JsonRpcError(code=code, message=str(exc) or type(exc).__name__, data=data),
        )

    def _log_message(self, kind: str, message_id: str, sender: str, receiver: str, action: str, **extra: Any) -> None:
        self.event_log.write(
            self.store.session_id,
            {
                "kind": f"router_{kind}",
                "id": message_id,
                "sender": sender,
                "receiver": receiver,
                "action": action,
                **extra,
            },
        )


def _contract_error(what: str, model: type[BaseModel], invalid: ValidationError) -> ContractError:
    problems = [f"{'.'.join(str(part) for part in e['loc']) or '(whole)'}: {e['msg']}" for e in invalid.errors()]
    return ContractError(
        f"{what} its contract ({model.__name__}): " + "; ".join(problems[:5]),
        details={"model": model.__name__, "errors": problems},
    )
