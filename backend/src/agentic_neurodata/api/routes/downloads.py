"""Downloads: the latest NWB version, any version, and the report."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse

from ...errors import NotFoundError
from ...runtime import Runtime
from ..deps import get_runtime
from ..responses import error_responses

router = APIRouter(tags=["downloads"])
NWB_MEDIA_TYPE = "application/x-nwb"
NOT_READY = error_responses(404)
NWB_FILE = {200: {"description": "The NWB file (HDF5)", "content": {NWB_MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}}}}
REPORT_FILE = {200: {"description": "PDF report (passed) or JSON correction context (failed)",
                     "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}},
                                 "application/json": {"schema": {"type": "object"}}}}}


def _file(path: Path, media_type: str, what: str) -> FileResponse:
    if not path.is_file():
        raise NotFoundError(f"The {what} is not available: it was not produced yet or was removed.")
    return FileResponse(path, media_type=media_type, filename=path.name)


@router.get("/api/download/nwb", response_class=FileResponse, responses={**NWB_FILE, **NOT_READY}, summary="The latest NWB version")
def download_latest(runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    latest = runtime.store.snapshot().latest_version
    if latest is None:
        raise NotFoundError("No NWB file yet: the conversion has not produced one.")
    return _file(Path(latest.path), NWB_MEDIA_TYPE, f"NWB file v{latest.version}")


@router.get("/api/download/nwb/v{version}", response_class=FileResponse, responses={**NWB_FILE, **NOT_READY}, summary="One NWB version")
def download_version(version: int, runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    found = next((v for v in runtime.store.snapshot().versions if v.version == version), None)
    if found is None:
        raise NotFoundError(f"There is no version v{version} in this session.")
    return _file(Path(found.path), NWB_MEDIA_TYPE, f"NWB file v{version}")


@router.get("/api/download/report", response_class=FileResponse, responses={**REPORT_FILE, **NOT_READY},
            summary="The evaluation report (PDF) or correction context (JSON)")
def download_report(runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    report = runtime.store.snapshot().report_path
    if not report:
        raise NotFoundError("No report yet: it is written after the evaluation.")
    path = Path(report)
    media = "application/pdf" if path.suffix == ".pdf" else "application/json"
    return _file(path, media, "report")
