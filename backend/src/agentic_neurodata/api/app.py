"""FastAPI application: routes, WebSocket, errors as JSON, token check, CORS, the built SPA."""

from __future__ import annotations

import asyncio
import re
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__, isolation
from ..batch import BatchService
from ..config import Settings, get_settings
from ..errors import ServiceError, UnauthorizedError, new_error_id, small_state_snapshot
from ..runtime import Runtime, build_runtime
from .deps import check_token
from .responses import COMMON
from .routes import batches, debug, downloads, logs, metadata, plan, sessions, status, system, upload, workflow
from .routes.status import build_status
from .site_guard import SiteGuard
from .ws import Broadcaster

API_PREFIXES = ("/api", "/health", "/ws", "/docs", "/openapi.json", "/redoc")
# Liveness checks (a container's, a process supervisor's) need no token; /health tells nothing private.
OPEN_PATHS = ("/health",)

API_DESCRIPTION = """
Upload a recording folder (`POST /api/upload`), follow the conversion on `/ws` or `GET /api/status`,
answer what the service asks (`pending_request` says exactly what it waits for), download the NWB file.
Errors are JSON `{error_code, message, error_id, details}`; quote the `error_id` when reporting one.

## API token

When the server is started with `API_TOKEN`, every route needs it: `/api/*`, downloads, `/docs`,
`/openapi.json` and `/ws`; only `/health` (liveness) stays open. Send it as
`Authorization: Bearer <token>` (preferred), the `X-API-Token` header, or `?token=<token>` where
headers cannot be set (download links, WebSockets).
Use **Authorize** above to try the API from this page. Without `API_TOKEN` no token is needed; the
service then refuses to listen beyond loopback (`HOST=0.0.0.0` needs a token).

## Cross-site requests

Requests that change something (POST, DELETE) and `/ws` handshakes sent by a web page of another
origin get 403 `cross_site_refused`; only the service's own page and `CORS_ORIGINS` may. Requests whose
`Host` is not the bound address, a loopback address, `localhost` or one of `ALLOWED_HOSTS` get 421
`host_not_allowed` (DNS rebinding). Scripts send no `Origin` and are not affected.

## WebSocket `/ws`

Connect to `ws://<host>:<port>/ws` (add `?token=<token>` when a token is set; a missing or wrong
token closes the socket with code 4401). Every message is a JSON object:

| field | meaning |
|---|---|
| `type` | `progress`, `stage_update`, `notification`, `awaiting_input` or `error` |
| `message` | what happened, in plain words |
| `stage` | `conversion`, `evaluation`, `report_generation` or null |
| `status` | workflow status: `idle`, `processing`, `awaiting_user_input`, `completed`, `failed` |
| `timestamp` | ISO 8601, UTC |
| `metadata` | the session's facts, listed below |

`metadata` holds `session_id`, `validation_status`, `overall_status`, `correction_attempt`,
`pending_request` (its type or null) and its `purpose`, `next_action`; progress events add
`percent`, `bytes_done`, `bytes_total`; new versions add `version` and `sha256`; evaluations add
`counts`.

The first message is `{"type": "notification", "message": "connected", ...}` whose
`metadata.snapshot` is the full `GET /api/status` body; every state change after it is pushed, in
order. Clients need not send anything; the text `ping` is answered with `{"type": "pong"}`.
"""

# How Swagger's Authorize button sends the token; the middleware accepts any one of them.
SECURITY_SCHEMES = {
    "bearerToken": {"type": "http", "scheme": "bearer", "description": "API_TOKEN as 'Authorization: Bearer <token>'"},
    "tokenHeader": {"type": "apiKey", "in": "header", "name": "X-API-Token"},
    "tokenQuery": {
        "type": "apiKey",
        "in": "query",
        "name": "token",
        "description": "For links and WebSockets, where headers cannot be set",
    },
}


def create_app(settings: Settings | None = None, runtime: Runtime | None = None) -> FastAPI:
    settings = settings or (runtime.settings if runtime else get_settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        rt = runtime or build_runtime(settings)
        broadcaster = Broadcaster(asyncio.get_running_loop())
        rt.store.subscribe(broadcaster.publish)
        app.state.runtime = rt
        app.state.broadcaster = broadcaster
        batch_service = BatchService(rt.settings)
        batch_service.subscribe(broadcaster.publish)
        app.state.batches = batch_service
        # A batch a restart interrupted goes on where it stopped (finished sessions are not redone).
        interrupted = await asyncio.to_thread(batch_service.load_saved)
        for batch_id in interrupted:
            await asyncio.to_thread(batch_service.resume, batch_id)
        # Import NeuroConv's registry off the loop now, so the first upload does not wait for it.
        warmup = asyncio.get_running_loop().run_in_executor(None, _warm_up)
        if rt.janitor is not None:  # uploads of sessions that finished while the service was down
            asyncio.get_running_loop().run_in_executor(None, rt.janitor.sweep)
        try:
            yield
        finally:
            rt.store.unsubscribe(broadcaster.publish)
            batch_service.unsubscribe(broadcaster.publish)
            await asyncio.to_thread(batch_service.close)
            warmup.cancel()
            if runtime is None:
                rt.close()

    app = FastAPI(
        title="Agentic Neurodata Conversion",
        version=__version__,
        summary="Turn a folder of raw neurophysiology recordings into a valid, DANDI-ready NWB file.",
        description=API_DESCRIPTION,
        lifespan=lifespan,
        responses=COMMON,
    )
    _declare_token_security(app, token_required=settings.api_token is not None)
    _install_error_handlers(app)
    _install_token_check(app, settings)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.cors_origins,
        allow_methods=["GET", "POST", "DELETE", "PUT"],
        allow_headers=["Authorization", "Content-Type", "X-API-Token"],
    )
    # Outermost: a foreign Host or Origin is refused before anything else looks at the request.
    app.add_middleware(
        SiteGuard,
        bound_host=settings.host,
        allowed_hosts=settings.allowed_hosts,
        allowed_origins=settings.cors_origins,
    )
    for module in (system, upload, status, workflow, plan, downloads, logs, metadata, sessions, debug, batches):
        app.include_router(module.router)

    @app.websocket("/ws")
    async def events(websocket: WebSocket) -> None:
        expected = settings.api_token.get_secret_value() if settings.api_token else None
        try:
            check_token(websocket, expected)
        except UnauthorizedError:
            await websocket.close(code=4401, reason="API token required")
            return
        rt: Runtime = websocket.app.state.runtime
        broadcaster: Broadcaster = websocket.app.state.broadcaster
        queue = broadcaster.register()  # first, so events during the snapshot below are queued, not lost
        try:
            state = await asyncio.to_thread(rt.store.snapshot)
            hello = {
                "type": "notification",
                "message": "connected",
                "stage": None,
                "status": state.status.value,
                "timestamp": state.updated_at.isoformat(),
                "metadata": {"snapshot": build_status(state, settings.effective_llm_provider).model_dump(mode="json")},
            }
        except BaseException:
            broadcaster.unregister(queue)
            raise
        await broadcaster.serve(websocket, hello, queue)

    _mount_frontend(app, settings.frontend_dist)
    return app


def _declare_token_security(app: FastAPI, token_required: bool) -> None:
    """Add the token schemes to /openapi.json, for every operation; optional when no API_TOKEN is set."""
    build_schema = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build_schema()  # FastAPI keeps it as app.openapi_schema
            schema.setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
            # Alternatives: any one scheme will do; `{}` (no token) too when the server needs none.
            schema["security"] = [{name: []} for name in SECURITY_SCHEMES] + ([] if token_required else [{}])
            return schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _warm_up() -> None:
    from ..agents.conversion.detection import registry

    registry()
    # Start the worker processes' forkserver (it imports NeuroConv once) before the first conversion.
    isolation.warm_up()


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        runtime: Runtime | None = getattr(request.app.state, "runtime", None)
        if runtime is not None:
            exc.with_state(runtime.store)  # logged with the error; the response body keeps its four fields
            if exc.status_code >= 500:  # the service's fault: keep its traceback for the bug report
                runtime.event_log.write_failure(runtime.store.session_id, exc, f"api {request.url.path}")
        _record(request, exc.to_context())
        return JSONResponse(exc.to_body(), status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"field": ".".join(str(p) for p in err.get("loc", ()) if p != "body"), "problem": err.get("msg", "")}
            for err in exc.errors()
        ]
        summary = "; ".join(f"{p['field'] or 'body'}: {p['problem']}" for p in problems[:5])
        body = {
            "error_code": "bad_input",
            "message": f"The request is not valid: {summary}",
            "error_id": new_error_id(),
            "details": {"errors": problems},
        }
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # FastAPI's "error parsing the body": bad input like any other
            body = {
                "error_code": "bad_input",
                "error_id": new_error_id(),
                "details": {"path": request.url.path},
                "message": 'The request body is not valid JSON. Send an object, for example {"approved": true}.',
            }
            return JSONResponse(body, status_code=422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        message = "No such endpoint. See /docs for the API." if exc.status_code == 404 else str(exc.detail)
        body = {
            "error_code": code,
            "message": message,
            "error_id": new_error_id(),
            "details": {"path": request.url.path},
        }
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            # Starlette names only the first route of a path (GET /api/sessions/{id}), not its others (DELETE).
            headers["Allow"] = ", ".join(_allowed_methods(request.app, request.url.path))
        return JSONResponse(body, status_code=exc.status_code, headers=headers or None)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        error_id = new_error_id()
        # In the session's log with its traceback (kind api_error); the user sees only the error id.
        _record(request, {"error_id": error_id, "error": repr(exc), "traceback": traceback.format_exc()})
        body = {
            "error_code": "internal_error",
            "message": f"Something went wrong on the server ({type(exc).__name__}). "
            "Quote the error id when reporting it.",
            "error_id": error_id,
            "details": {},
        }
        return JSONResponse(body, status_code=500)


def _record(request: Request, context: dict[str, Any]) -> None:
    runtime: Runtime | None = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        record = {"kind": "api_error", "path": request.url.path, **context}
        if record.get("state") is None:  # unexpected errors carry no snapshot of their own
            record["state"] = small_state_snapshot(runtime.store)
        runtime.event_log.write(runtime.store.session_id, record)


def _install_token_check(app: FastAPI, settings: Settings) -> None:
    if settings.api_token is None:
        return
    expected = settings.api_token.get_secret_value()

    @app.middleware("http")
    async def require_token(request: Request, call_next):  # type: ignore[no-untyped-def]
        # The static page itself carries no data; every API route, download and /docs needs the token.
        path = request.url.path
        if request.method != "OPTIONS" and path.startswith(API_PREFIXES) and path not in OPEN_PATHS:
            try:
                check_token(request, expected)
            except UnauthorizedError as exc:
                return JSONResponse(exc.to_body(), status_code=exc.status_code)
        return await call_next(request)


def _mount_frontend(app: FastAPI, dist: Path) -> None:
    index = dist / "index.html"
    if not index.is_file():

        @app.get("/", include_in_schema=False)
        def no_frontend() -> JSONResponse:
            return JSONResponse({"message": "The web app is not built. Run scripts/start.sh, or use the API: /docs"})

        return
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/", include_in_schema=False)
    def spa_index() -> FileResponse:
        return FileResponse(index)

    @app.get("/{path:path}", include_in_schema=False)
    def spa_files(path: str) -> FileResponse:
        candidate = (dist / path).resolve()
        if path.startswith(API_PREFIXES[0][1:]) or not candidate.is_relative_to(dist.resolve()):
            # An API endpoint asked with a method it does not take (GET /api/upload) is 405, as it is
            # when no web app is built; this catch-all would otherwise turn it into a 404.
            allowed = _allowed_methods(app, "/" + path)
            if allowed:
                raise StarletteHTTPException(status_code=405, headers={"Allow": ", ".join(allowed)})
            raise StarletteHTTPException(status_code=404)
        return FileResponse(candidate if candidate.is_file() else index)


HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def _allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method the API takes at `path`, from its OpenAPI document: a path may have several routes
    (GET and DELETE /api/sessions/{id}), and included routers are not listed in `app.routes`."""
    allowed: set[str] = set()
    for template, operations in app.openapi()["paths"].items():
        parts = re.split(r"(\{[^}]+\})", template)
        pattern = "".join("[^/]+" if part.startswith("{") else re.escape(part) for part in parts)
        if re.fullmatch(pattern, path):
            allowed |= {method.upper() for method in operations if method in HTTP_METHODS}
    return sorted(allowed)
