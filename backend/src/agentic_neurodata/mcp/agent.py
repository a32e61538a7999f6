"""Base class for agents: named actions, discovered by the router, called with an MCPMessage."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..models import AgentCapability, AgentInfo
from .protocol import MCPMessage

if TYPE_CHECKING:
    from ..config import Settings
    from ..llm import LLMService
    from ..state import StateStore
    from .server import MCPServer

ActionHandler = Callable[..., Any]
Background = Callable[[Callable[[], Any], str], Any]


def run_inline(job: Callable[[], Any], name: str) -> Any:
    """Default for `Agent.background`: run the job now (the command line has no worker)."""
    return job()


def action(description: str) -> Callable[[ActionHandler], ActionHandler]:
    """Mark a method as an action other agents may call; its keyword arguments are the params."""

    def mark(func: ActionHandler) -> ActionHandler:
        func.__mcp_action__ = description  # type: ignore[attr-defined]
        return func

    return mark


class Agent:
    name: str = "agent"
    description: str = ""

    def __init__(self, server: MCPServer, store: StateStore, settings: Settings, llm: LLMService) -> None:
        self.server = server
        self.store = store
        self.settings = settings
        self.llm = llm
        # Where long steps run; the web runtime points this at its background worker.
        self.background: Background = run_inline

    def actions(self) -> dict[str, ActionHandler]:
        found = {}
        for attribute in dir(type(self)):
            member = getattr(type(self), attribute, None)
            if callable(member) and hasattr(member, "__mcp_action__"):
                found[attribute] = getattr(self, attribute)
        return found

    def info(self) -> AgentInfo:
        return AgentInfo(
            name=self.name,
            description=self.description,
            capabilities=[
                AgentCapability(action=name, description=handler.__mcp_action__)  # type: ignore[attr-defined]
                for name, handler in sorted(self.actions().items())
            ],
        )

    def handle(self, message: MCPMessage) -> Any:
        handler = self.actions().get(message.action)
        if handler is None:
            raise LookupError(message.action)
        return handler(**message.params)

    def call(self, receiver: str, action_name: str, **params: Any) -> Any:
        """Send a message to another agent through the router and return its result."""
        return self.server.call(self.name, receiver, action_name, **params)
