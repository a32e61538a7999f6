from .agent import Agent, handles
from .contract import ActionContract, AgentCapability, AgentInfo, NoParams, Params
from .protocol import AgentMessage, AgentResponse, JsonRpcError
from .router import AgentRouter

__all__ = [
    "ActionContract",
    "Agent",
    "AgentCapability",
    "AgentInfo",
    "AgentMessage",
    "AgentResponse",
    "AgentRouter",
    "JsonRpcError",
    "NoParams",
    "Params",
    "handles",
]
