from .agent import Agent, action
from .protocol import JsonRpcError, MCPMessage, MCPResponse
from .server import MCPServer

__all__ = ["Agent", "action", "JsonRpcError", "MCPMessage", "MCPResponse", "MCPServer"]
