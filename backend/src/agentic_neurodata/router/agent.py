"""Base class for agents: named actions, discovered by the router, called with an AgentMessage."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .contract import AgentCapability, AgentInfo
from .protocol import AgentMessage

if TYPE_CHECKING:
    from ..config import Settings
    from ..llm import LLMService
    from ..state import StateStore
    from .router import AgentRouter

ActionHandler = Callable[..., Any]
Background = Callable[[Callable[[], Any], str], Any]


def run_inline(job: Callable[[], Any], name: str) -> Any:
    """Default for `Agent.background`: run the job now (the command line has no worker)."""
    return job()


def action(description: str) -> Callable[[ActionHandler], ActionHandler]:
    """Mark a method as an action other agents may call; its keyword arguments are the params."""

    def mark(func: ActionHandler) -> ActionHandler:
        func.__agent_action__ = description  # type: ignore[attr-defined]
        return func

    return mark


class Agent:
    name: str = "agent"
    description: str = ""

    def __init__(self, router: AgentRouter, store: StateStore, settings: Settings, llm: LLMService) -> None:
        self.router = router
        self.store = store
        self.settings = settings
        self.llm = llm
        # Where long steps run; the web runtime points this at its background worker.
        self.background: Background = run_inline

    def actions(self) -> dict[str, ActionHandler]:
        found = {}
        for attribute in dir(type(self)):
            member = getattr(type(self), attribute, None)
            if callable(member) and hasattr(member, "__agent_action__"):
                found[attribute] = getattr(self, attribute)
        return found

    def info(self) -> AgentInfo:
        return AgentInfo(
            name=self.name,
            description=self.description,
            capabilities=[
                AgentCapability(action=name, description=handler.__agent_action__)  # type: ignore[attr-defined]
                for name, handler in sorted(self.actions().items())
            ],
        )

    def handle(self, message: AgentMessage) -> Any:
        handler = self.actions().get(message.action)
        if handler is None:
            raise LookupError(message.action)
        return handler(**message.params)

    def call(self, receiver: str, action_name: str, **params: Any) -> Any:
        """Send a message to another agent through the router and return its result."""
        return self.router.call(self.name, receiver, action_name, **params)
