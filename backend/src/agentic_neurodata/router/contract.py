"""Contracts of agent actions: every action has a Pydantic model for its parameters and one for its
result. The router validates both on every message, and publishes them (GET /api/agents), so the
boundary between agents is code, not prose. See docs/architecture.md, "The agent boundary"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field


class Params(BaseModel):
    """Base of every action's parameters: an unknown parameter is an error, never ignored."""

    model_config = ConfigDict(extra="forbid")


class NoParams(Params):
    """For actions that take nothing."""


P = TypeVar("P", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


@dataclass(frozen=True)
class ActionContract(Generic[P, R]):
    """One action of one agent: its name, what it takes and what it returns."""

    agent: str
    name: str
    params: type[P]
    result: type[R]
    description: str

    @property
    def method(self) -> str:
        return f"{self.agent}/{self.name}"

    def capability(self) -> AgentCapability:
        return AgentCapability(
            action=self.name,
            description=self.description,
            params_model=self.params.__name__,
            result_model=self.result.__name__,
            params_schema=self.params.model_json_schema(),
            result_schema=self.result.model_json_schema(),
        )


class AgentCapability(BaseModel):
    action: str
    description: str
    params_model: str = Field(description="Name of the parameters' model")
    result_model: str = Field(description="Name of the result's model")
    params_schema: dict[str, Any] = Field(description="JSON schema of the parameters")
    result_schema: dict[str, Any] = Field(description="JSON schema of the result")


class AgentInfo(BaseModel):
    name: str
    description: str
    capabilities: list[AgentCapability]
