from .agent import Agent, action
from .protocol import JsonRpcError, MCPMessage, MCPResponse
from .server import MCPServer

__all__ = ["Agent", "JsonRpcError", "MCPMessage", "MCPResponse", "MCPServer", "action"]
