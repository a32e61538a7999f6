"""No cross-site driving: what a web page open in the same browser could otherwise do to a local service.

Two checks, before anything else runs (the token check, CORS, the routes):
- **Host** (DNS rebinding): a page whose name resolves to 127.0.0.1 talks to this service with its own
  name in `Host`. Only the bound address, loopback addresses, `localhost` and ALLOWED_HOSTS are served
  (and the machine's own name when served beyond loopback); any other name gets 421. An IP address
  cannot be rebound, so an address the service listens on passes.
- **Origin** (cross-site request forgery): a form post or `fetch` from another site needs no CORS
  preflight and would change the session. Requests that change something (POST, PUT, PATCH, DELETE)
  and WebSocket handshakes carrying a browser `Origin` other than the service's own page or one of
  CORS_ORIGINS get 403, and so does `Sec-Fetch-Site: cross-site` without an Origin.
Scripts (curl, the Python client, lab code) send no Origin and keep working unchanged.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import new_error_id

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOCAL_NAMES = frozenset({"localhost"})
ANY_HOST = "*"
WS_POLICY_VIOLATION = 4403


def split_host(host_header: str) -> str:
    """The host name or address of a Host header, lower case, without its port or brackets."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host[1:]
    if host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return host.rstrip(".")


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


class SiteGuard:
    """Pure ASGI middleware (it must see WebSocket handshakes too)."""

    def __init__(self, app: ASGIApp, *, bound_host: str, allowed_hosts: list[str], allowed_origins: list[str]) -> None:
        self.app = app
        self.bound = split_host(bound_host)
        self.bound_address = _address(self.bound)
        self.allowed_hosts = {split_host(name) for name in allowed_hosts if name.strip()}
        if self.bound not in LOCAL_NAMES and not (self.bound_address and self.bound_address.is_loopback):
            # Served beyond loopback (which needs API_TOKEN): this machine's own name reaches it too.
            machine = socket.gethostname().lower()
            self.allowed_hosts |= {machine, f"{machine}.local"}
        self.allowed_origins = {origin.strip().rstrip("/").lower() for origin in allowed_origins if origin.strip()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host_header = headers.get("host")
        if host_header is not None and not self.host_allowed(split_host(host_header)):
            await self._refuse(
                scope,
                send,
                421,
                "host_not_allowed",
                f"This service answers only to its own address ({self._names()}), not to {host_header!r}. "
                "If you reach it through another name on purpose, add that name to ALLOWED_HOSTS.",
                {"host": host_header},
            )
            return
        changes_something = scope["type"] == "websocket" or scope.get("method", "GET") in STATE_CHANGING
        if changes_something and not self.origin_allowed(
            headers.get("origin"), headers.get("sec-fetch-site"), host_header
        ):
            origin = headers.get("origin") or "another site (Sec-Fetch-Site: cross-site)"
            await self._refuse(
                scope,
                send,
                403,
                "cross_site_refused",
                f"Refused: this request was sent by a web page from {origin}. Only the service's own page and "
                "the origins in CORS_ORIGINS may change things here. Scripts that send no Origin header "
                "(curl, the Python client) are not affected.",
                {"origin": headers.get("origin"), "sec_fetch_site": headers.get("sec-fetch-site")},
            )
            return
        await self.app(scope, receive, send)

    def host_allowed(self, host: str) -> bool:
        if ANY_HOST in self.allowed_hosts or host in LOCAL_NAMES or host in self.allowed_hosts or host == self.bound:
            return True
        address = _address(host)
        if address is None:
            return False  # a name: the way DNS rebinding comes in
        if address.is_loopback:
            return True
        # Bound to every interface (0.0.0.0, ::): any address of the machine reaches it.
        return self.bound_address is not None and self.bound_address.is_unspecified

    def origin_allowed(self, origin: str | None, fetch_site: str | None, host_header: str | None) -> bool:
        if origin is None:
            # Scripts send no Origin; a browser that leaves it out still says where the request came from.
            return (fetch_site or "").lower() != "cross-site"
        normalised = origin.strip().rstrip("/").lower()
        if normalised in self.allowed_origins:
            return True
        if normalised == "null":  # sandboxed frames, file:// pages
            return False
        parts = urlsplit(normalised)
        same_origin = host_header is not None and parts.netloc == host_header.strip().lower()
        return parts.scheme in ("http", "https") and same_origin

    def _names(self) -> str:
        names = ["localhost", "loopback addresses"]
        if self.bound not in LOCAL_NAMES and not (self.bound_address and self.bound_address.is_loopback):
            names.insert(0, self.bound)
        return ", ".join(names + sorted(self.allowed_hosts))

    async def _refuse(
        self, scope: Scope, send: Send, status: int, code: str, message: str, details: dict[str, Any]
    ) -> None:
        runtime = getattr(getattr(scope.get("app"), "state", None), "runtime", None)
        if runtime is not None:  # in the service log: a refused request belongs to no session
            runtime.event_log.write(None, {"kind": "refused", "status": status, "path": scope.get("path"), **details})
        if scope["type"] == "websocket":
            # Closing before accepting answers the handshake with 403.
            await send({"type": "websocket.close", "code": WS_POLICY_VIOLATION, "reason": code})
            return
        body = json.dumps(
            {"error_code": code, "message": message, "error_id": new_error_id(), "details": details}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})
