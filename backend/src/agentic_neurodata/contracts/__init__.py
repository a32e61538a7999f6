"""The contracts of the agents' actions: what each action takes and returns, as Pydantic models.
Every agent and every door (API, command line, MCP server) may import this package; it imports no
agent. The router checks every message against them. See docs/architecture.md."""

from enum import StrEnum


class AgentName(StrEnum):
    CONVERSATION = "conversation_agent"
    CONVERSION = "conversion_agent"
    EVALUATION = "evaluation_agent"


# The sender of messages that come from a person (the API, the command line, the MCP server).
USER = "user"
