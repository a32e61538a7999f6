"""Base class for agents: actions declared by their contracts, discovered by the router."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pydantic import BaseModel

from .contract import ActionContract, AgentInfo

if TYPE_CHECKING:
    from ..config import Settings
    from ..llm import LLMService
    from ..state import StateStore
    from .router import AgentRouter

P = TypeVar("P", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)
Background = Callable[[Callable[[], Any], str], Any]
Method = TypeVar("Method", bound=Callable[..., Any])


def run_inline(job: Callable[[], Any], name: str) -> Any:
    """Default for `Agent.background`: run the job now (the command line has no worker)."""
    return job()


def handles(contract: ActionContract[Any, Any]) -> Callable[[Method], Method]:
    """Mark a method as the handler of `contract`: it takes the contract's params model and returns
    its result model."""

    def mark(method: Method) -> Method:
        method.__agent_contract__ = contract  # type: ignore[attr-defined]
        return method

    return mark


@dataclass(frozen=True)
class Action:
    contract: ActionContract[Any, Any]
    handler: Callable[[BaseModel], BaseModel]


class Agent:
    name: ClassVar[str] = "agent"
    description: ClassVar[str] = ""

    def __init__(self, router: AgentRouter, store: StateStore, settings: Settings, llm: LLMService) -> None:
        self.router = router
        self.store = store
        self.settings = settings
        self.llm = llm
        # Where long steps run; the web runtime points this at its background worker.
        self.background: Background = run_inline
        self._actions = self._discover()

    def _discover(self) -> dict[str, Action]:
        found: dict[str, Action] = {}
        for attribute in dir(type(self)):
            contract = getattr(getattr(type(self), attribute, None), "__agent_contract__", None)
            if contract is None:
                continue
            if contract.agent != self.name:
                raise TypeError(
                    f"{type(self).__name__}.{attribute} handles {contract.method}, not an action of {self.name}"
                )
            found[contract.name] = Action(contract, getattr(self, attribute))
        return found

    def actions(self) -> dict[str, Action]:
        return dict(self._actions)

    def info(self) -> AgentInfo:
        return AgentInfo(
            name=self.name,
            description=self.description,
            capabilities=[action.contract.capability() for _, action in sorted(self._actions.items())],
        )

    def call(self, contract: ActionContract[P, R], **params: Any) -> R:
        """Send a message to another agent's action through the router and return its checked result."""
        return self.router.call(self.name, contract, **params)
