"""GET /api/debug-bundle: a session's logs, state, Inspector output and versions as a zip for a bug report."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import Response

from ...debug_bundle import build_bundle, bundle_name, default_session
from ...runtime import Runtime
from ...sessions import SESSION_ID
from ..deps import get_runtime
from ..responses import error_responses
from .sessions import catalog_of

router = APIRouter(tags=["system"])
ZIP_FILE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "A zip of the session's logs (with tracebacks), state, NWB Inspector output, versions' "
        "metadata and environment versions; secrets redacted, no recording or NWB bytes",
        "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}},
    }
}


@router.get(
    "/api/debug-bundle",
    response_class=Response,
    responses={**ZIP_FILE, **error_responses(404)},
    summary="A debug bundle of a session (the current one by default), to attach to a bug report",
)
def debug_bundle(
    session_id: str | None = Query(
        default=None, pattern=SESSION_ID.pattern, max_length=100, description="Default: the current session"
    ),
    runtime: Runtime = Depends(get_runtime),
) -> Response:
    catalog = catalog_of(runtime)
    chosen = session_id or default_session(catalog)
    data = build_bundle(runtime.settings, catalog, chosen, runtime.event_log.redactor)
    return Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{bundle_name(chosen)}"'},
    )
