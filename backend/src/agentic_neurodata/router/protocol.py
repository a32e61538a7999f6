"""Messages between agents (MCP-style), carried as JSON-RPC 2.0 on the wire."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field, PrivateAttr
from pydantic_core import to_jsonable_python

from ..domain import utc_now

JSONRPC_VERSION = "2.0"

# JSON-RPC 2.0 error codes (spec section 5.1) and our server-defined range (-32000..-32099).
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
AGENT_ERROR = -32000


class JsonRpcError(BaseModel):
    code: int
    message: str
    data: dict[str, Any] = Field(default_factory=dict)


class AgentMessage(BaseModel):
    """A request from one agent (or the API) to an action of another agent."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    sender: str
    receiver: str
    action: str
    params: dict[str, Any] = Field(default_factory=dict)
    context: dict[str, Any] = Field(default_factory=dict)
    timestamp: datetime = Field(default_factory=utc_now)

    @property
    def method(self) -> str:
        return f"{self.receiver}/{self.action}"

    def to_jsonrpc(self) -> dict[str, Any]:
        return {
            "jsonrpc": JSONRPC_VERSION,
            "id": self.id,
            "method": self.method,
            "params": {
                **self.params,
                "_meta": {"sender": self.sender, "context": self.context, "timestamp": self.timestamp.isoformat()},
            },
        }

    @classmethod
    def from_jsonrpc(cls, payload: dict[str, Any]) -> AgentMessage:
        if payload.get("jsonrpc") != JSONRPC_VERSION or "method" not in payload:
            raise ValueError("not a JSON-RPC 2.0 request")
        receiver, _, action = str(payload["method"]).partition("/")
        if not receiver or not action:
            raise ValueError(f"method must be '<agent>/<action>', got {payload['method']!r}")
        params = dict(payload.get("params") or {})
        meta = params.pop("_meta", {}) or {}
        return cls(
            id=str(payload.get("id") or uuid.uuid4().hex),
            sender=meta.get("sender", "unknown"),
            receiver=receiver,
            action=action,
            params=params,
            context=meta.get("context", {}),
        )


class AgentResponse(BaseModel):
    id: str
    sender: str
    result: Any = None  # the action's result model, checked against its contract
    error: JsonRpcError | None = None
    timestamp: datetime = Field(default_factory=utc_now)
    # The receiver's exception, kept in-process so `AgentRouter.call` can re-raise it unchanged.
    _exception: BaseException | None = PrivateAttr(default=None)

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_jsonrpc(self) -> dict[str, Any]:
        body: dict[str, Any] = {"jsonrpc": JSONRPC_VERSION, "id": self.id}
        if self.error is not None:
            body["error"] = self.error.model_dump()
        else:
            body["result"] = to_jsonable_python(self.result)
        return body
