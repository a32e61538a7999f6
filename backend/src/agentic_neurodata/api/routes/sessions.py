"""Every session on disk: list them with the space they use, look at one and download its files,
delete one (GET/DELETE /api/sessions...). The current session is also GET /api/status."""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Literal

from fastapi import APIRouter, Depends, Path
from fastapi.responses import FileResponse

from ...runtime import Runtime
from ...sessions import SESSION_ID, SessionCatalog, SessionDeleted, SessionDetail
from ..deps import get_runtime
from ..responses import error_responses
from ..schemas import SessionList
from .downloads import (
    NOT_READY,
    NWB_FILE,
    NWB_MEDIA_TYPE,
    REPORT_FILE,
    YAML_FILE,
    file_response,
    report_media_type,
    version_yaml,
)

router = APIRouter(tags=["sessions"])
SessionId = Path(
    pattern=SESSION_ID.pattern,
    max_length=100,
    description="A session id as GET /api/sessions lists it",
    examples=["20240305-143000-a1b2c3"],
)


def catalog_of(runtime: Runtime) -> SessionCatalog:
    return SessionCatalog(runtime.settings, runtime.store)


@router.get("/api/sessions", response_model=SessionList, summary="Every session on disk, newest first, with its size")
def list_sessions(runtime: Runtime = Depends(get_runtime)) -> SessionList:
    sessions = catalog_of(runtime).list()
    return SessionList(
        sessions=sessions,
        current_session_id=runtime.store.session_id,
        total_bytes=sum(s.upload_bytes + s.output_bytes + s.log_bytes for s in sessions),
    )


@router.get(
    "/api/sessions/{session_id}",
    response_model=SessionDetail,
    responses=error_responses(404),
    summary="One session: how it ended, its versions and report (to download them again)",
)
def session_detail(session_id: str = SessionId, runtime: Runtime = Depends(get_runtime)) -> SessionDetail:
    return catalog_of(runtime).detail(session_id)


@router.delete(
    "/api/sessions/{session_id}",
    response_model=SessionDeleted,
    responses=error_responses(404, 409),
    summary="Delete a session's upload, NWB versions, reports and logs (not the running one)",
)
def delete_session(session_id: str = SessionId, runtime: Runtime = Depends(get_runtime)) -> SessionDeleted:
    deleted = catalog_of(runtime).delete(session_id)
    runtime.event_log.write(None, {"kind": "session_deleted", **deleted.model_dump()})
    return deleted


@router.get(
    "/api/sessions/{session_id}/download/nwb/v{version}",
    response_class=FileResponse,
    responses={**NWB_FILE, **NOT_READY},
    summary="One NWB version of any session",
)
def download_session_version(
    version: int, session_id: str = SessionId, runtime: Runtime = Depends(get_runtime)
) -> FileResponse:
    found = catalog_of(runtime).version_file(session_id, version)
    return file_response(FilePath(found.path), NWB_MEDIA_TYPE, f"NWB file v{version} of session {session_id}")


@router.get(
    "/api/sessions/{session_id}/download/nwb/v{version}/{kind}",
    response_class=FileResponse,
    responses={**YAML_FILE, **NOT_READY},
    summary="A version's NeuroConv specification or final metadata, of any session",
)
def download_session_version_yaml(
    version: int,
    kind: Literal["specification", "metadata"],
    session_id: str = SessionId,
    runtime: Runtime = Depends(get_runtime),
) -> FileResponse:
    return version_yaml(catalog_of(runtime).version_file(session_id, version), kind, f" of session {session_id}")


@router.get(
    "/api/sessions/{session_id}/download/report",
    response_class=FileResponse,
    responses={**REPORT_FILE, **NOT_READY},
    summary="The report of any session (PDF, or JSON correction report)",
)
def download_session_report(session_id: str = SessionId, runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    path = catalog_of(runtime).report_file(session_id)
    return file_response(path, report_media_type(path), f"report of session {session_id}")
