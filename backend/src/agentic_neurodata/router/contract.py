"""What the router publishes about each agent: its actions and their contracts."""

from __future__ import annotations

from pydantic import BaseModel


class AgentCapability(BaseModel):
    action: str
    description: str


class AgentInfo(BaseModel):
    name: str
    description: str
    capabilities: list[AgentCapability]
