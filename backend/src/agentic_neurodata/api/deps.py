"""Request-scoped access to the runtime, and the API token check."""

from __future__ import annotations

import hmac

from fastapi import Request
from starlette.requests import HTTPConnection

from ..errors import UnauthorizedError
from ..runtime import Runtime

TOKEN_HEADER = "x-api-token"


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def presented_token(connection: HTTPConnection) -> str | None:
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return connection.headers.get(TOKEN_HEADER) or connection.query_params.get("token")


def check_token(connection: HTTPConnection, expected: str | None) -> None:
    """Raise unless the connection carries the configured API token (no-op when none is set)."""
    if not expected:
        return
    given = presented_token(connection) or ""
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise UnauthorizedError(
            "This service requires an API token. Send it as 'Authorization: Bearer <token>' "
            "(or the X-API-Token header, or ?token= for links and WebSockets).",
        )
