"""Batches: many sessions of one experiment, converted on Dask (see batch/). Create one on a folder the
service reads in place or on an uploaded parent folder, edit its shared values and sessions table
(JSON rows, CSV or Excel), run it, follow it on /ws (`type: batch` events) and download its files."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, Response

from ...batch import (
    BATCH_SETTINGS,
    TABLE_ONLY,
    XLSX_MEDIA_TYPE,
    BatchService,
    BatchState,
    read_table,
    summary_paths,
    table_columns,
    write_csv,
    write_xlsx,
)
from ...batch.service import BATCHES_FOLDER, new_batch_id
from ...errors import BadInputError, NotFoundError
from ..responses import error_responses
from ..schemas import (
    BatchCreateRequest,
    BatchDiscoverRequest,
    BatchList,
    BatchSharedRequest,
    BatchTableRequest,
    BatchView,
)
from ..upload_stream import FILE_FIELD, UploadWriter, check_free_space, multipart_boundary

router = APIRouter(tags=["batches"])
NOT_FOUND = error_responses(404, 409)
FILE_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {"description": "The file", "content": {"application/octet-stream": {"schema": {"type": "string"}}}}
}


def get_batches(request: Request) -> BatchService:
    service: BatchService = request.app.state.batches
    return service


def _check_readable(service: BatchService, folder: str) -> None:
    """A web client reads in place only under BATCH_FOLDERS: a local service is still a server."""
    allowed = [Path(root).expanduser().resolve() for root in service.settings.batch_folders]
    path = Path(folder).expanduser().resolve()
    if not any(path == root or path.is_relative_to(root) for root in allowed):
        where = ", ".join(str(root) for root in allowed) or "none configured"
        raise BadInputError(
            f"This service reads recordings in place only under BATCH_FOLDERS ({where}); {path} is not. "
            "Set BATCH_FOLDERS=/data/experiments (comma-separated) where the service runs, or upload the "
            "parent folder with POST /api/batches-upload.",
            details={"folder": str(path), "batch_folders": [str(root) for root in allowed]},
        )


def view(service: BatchService, state: BatchState) -> BatchView:
    return BatchView(
        batch=state,
        columns=table_columns(state),
        missing=service.missing(state),
        shared_settings=BATCH_SETTINGS,
        table_only=TABLE_ONLY,
    )


@router.post(
    "/api/batches",
    status_code=202,
    response_model=BatchView,
    responses=error_responses(404),
    summary="Create a batch on a parent folder read in place (finding its sessions goes on in the background)",
)
async def create_batch(body: BatchCreateRequest, service: BatchService = Depends(get_batches)) -> BatchView:
    _check_readable(service, body.folder)
    if body.output_dir:
        _check_readable(service, body.output_dir)
    state = await run_in_threadpool(
        lambda: service.create(body.folder, output_dir=body.output_dir, pattern=body.pattern, shared=body.shared)
    )
    return view(service, state)


@router.post(
    "/api/batches-upload",
    status_code=202,
    response_model=BatchView,
    responses=error_responses(413, 507),
    summary="Create a batch on an uploaded parent folder (multipart, as POST /api/upload; field `pattern`)",
)
async def upload_batch(request: Request, service: BatchService = Depends(get_batches)) -> BatchView:
    settings = service.settings
    boundary = multipart_boundary(request.headers.get("content-type", ""), "the parent folder's files")
    root = settings.upload_dir.resolve() / BATCHES_FOLDER / new_batch_id()
    root.mkdir(parents=True)
    try:
        check_free_space(root, int(request.headers.get("content-length") or 0))
        result = await UploadWriter(root, boundary, settings.max_upload_bytes).consume(request.stream())
        if not result.files:
            raise BadInputError(f"The upload holds no files: send the parent folder's files as '{FILE_FIELD}' parts.")
    except BaseException:
        await anyio.to_thread.run_sync(lambda: shutil.rmtree(root, ignore_errors=True))
        raise
    entries = list(root.iterdir())
    parent = entries[0] if len(entries) == 1 and entries[0].is_dir() else root
    pattern = result.fields.get("pattern") or None
    state = await run_in_threadpool(lambda: service.create(parent, pattern=pattern))
    return view(service, state)


@router.get("/api/batches", response_model=BatchList, summary="Every batch, newest first")
async def list_batches(service: BatchService = Depends(get_batches)) -> BatchList:
    return BatchList(batches=await run_in_threadpool(service.all))


@router.get("/api/batches/{batch_id}", response_model=BatchView, responses=NOT_FOUND, summary="One batch")
async def get_batch(batch_id: str, service: BatchService = Depends(get_batches)) -> BatchView:
    return view(service, service.get(batch_id).snapshot())


@router.put(
    "/api/batches/{batch_id}/shared",
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="Values every session shares (asked once), and whether to accept warnings / approve corrections",
)
async def set_shared(
    batch_id: str, body: BatchSharedRequest, service: BatchService = Depends(get_batches)
) -> BatchView:
    state = await run_in_threadpool(
        lambda: service.set_shared(
            batch_id, body.values, accept_warnings=body.accept_warnings, approve_corrections=body.approve_corrections
        )
    )
    return view(service, state)


@router.put(
    "/api/batches/{batch_id}/table",
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="The sessions table as rows (the app's grid); every bad row is listed and nothing changes",
)
async def set_table(batch_id: str, body: BatchTableRequest, service: BatchService = Depends(get_batches)) -> BatchView:
    return view(service, await run_in_threadpool(lambda: service.set_table(batch_id, body.rows)))


@router.post(
    "/api/batches/{batch_id}/table",
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="The sessions table as a CSV or Excel file (multipart field `file`)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["file"],
                        "properties": {"file": {"type": "string", "format": "binary"}},
                    }
                }
            },
        }
    },
)
async def upload_table(batch_id: str, request: Request, service: BatchService = Depends(get_batches)) -> BatchView:
    form = await request.form()
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        raise BadInputError("Send the table as a multipart field named 'file' (a .csv or .xlsx file).")
    data = await upload.read()
    rows = read_table(upload.filename or "table.csv", data)
    return view(service, await run_in_threadpool(lambda: service.set_table(batch_id, rows)))


@router.get(
    "/api/batches/{batch_id}/table.{kind}",
    response_class=Response,
    responses={**FILE_RESPONSE, **NOT_FOUND},
    summary="The pre-filled sessions table to edit (csv or xlsx)",
)
async def download_table(batch_id: str, kind: str, service: BatchService = Depends(get_batches)) -> Response:
    state = service.get(batch_id).snapshot()
    headers = {"Content-Disposition": f'attachment; filename="{batch_id}-sessions.{kind}"'}
    if kind == "csv":
        return Response(write_csv(state), media_type="text/csv", headers=headers)
    if kind == "xlsx":
        return Response(await run_in_threadpool(lambda: write_xlsx(state)), media_type=XLSX_MEDIA_TYPE, headers=headers)
    raise NotFoundError("The table comes as table.csv or table.xlsx.")


@router.post(
    "/api/batches/{batch_id}/discover",
    status_code=202,
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="Find the sessions again, with a pattern (values typed so far are kept)",
)
async def discover(
    batch_id: str, body: BatchDiscoverRequest, service: BatchService = Depends(get_batches)
) -> BatchView:
    return view(service, await run_in_threadpool(lambda: service.rediscover(batch_id, body.pattern)))


@router.post(
    "/api/batches/{batch_id}/run",
    status_code=202,
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="Run every session without a valid file yet, one Dask task each",
)
async def run_batch(batch_id: str, service: BatchService = Depends(get_batches)) -> BatchView:
    return view(service, await run_in_threadpool(lambda: service.start(batch_id)))


@router.post(
    "/api/batches/{batch_id}/approve-corrections",
    status_code=202,
    response_model=BatchView,
    responses=NOT_FOUND,
    summary="Approve the proposed correction for every session that has one, and run those again",
)
async def approve_corrections(batch_id: str, service: BatchService = Depends(get_batches)) -> BatchView:
    return view(service, await run_in_threadpool(lambda: service.approve_for_all(batch_id)))


SUMMARY_TYPES = {"csv": "text/csv", "json": "application/json", "pdf": "application/pdf"}


def _file(path: str | Path | None, media_type: str, what: str) -> FileResponse:
    if not path or not Path(path).is_file():
        raise NotFoundError(f"The {what} is not available yet.")
    return FileResponse(path, media_type=media_type, filename=Path(path).name)


@router.get(
    "/api/batches/{batch_id}/summary.{kind}",
    response_class=FileResponse,
    responses={**FILE_RESPONSE, **NOT_FOUND},
    summary="The batch summary: csv, json or pdf",
)
async def download_summary(batch_id: str, kind: str, service: BatchService = Depends(get_batches)) -> FileResponse:
    if kind not in SUMMARY_TYPES:
        raise NotFoundError("The summary comes as summary.csv, summary.json or summary.pdf.")
    state = service.get(batch_id).snapshot()
    return _file(summary_paths(Path(state.output_dir))[kind], SUMMARY_TYPES[kind], "summary (written when it ends)")


@router.get(
    "/api/batches/{batch_id}/sessions/{key}/{kind}",
    response_class=FileResponse,
    responses={**FILE_RESPONSE, **NOT_FOUND},
    summary="A session's NWB file (`nwb`) or report (`report`)",
)
async def download_session_file(
    batch_id: str, key: str, kind: str, service: BatchService = Depends(get_batches)
) -> FileResponse:
    session = service.get(batch_id).snapshot().session(key)
    if session is None or kind not in ("nwb", "report"):
        raise NotFoundError(f"Batch {batch_id} has no session {key}, or no file '{kind}' (nwb or report).")
    outcome = session.outcome
    if kind == "nwb":
        return _file(outcome.nwb_file if outcome else None, "application/x-nwb", "NWB file")
    report = outcome.report if outcome else None
    return _file(report, "application/pdf" if str(report).endswith(".pdf") else "application/json", "report")
