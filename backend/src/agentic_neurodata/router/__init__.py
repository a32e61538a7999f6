from .agent import Agent, action
from .protocol import AgentMessage, AgentResponse, JsonRpcError
from .router import AgentRouter

__all__ = ["Agent", "AgentMessage", "AgentResponse", "AgentRouter", "JsonRpcError", "action"]
